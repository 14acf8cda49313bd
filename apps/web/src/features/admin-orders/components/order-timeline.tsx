import type { AdminTimelineEntry } from '@esim/contract/admin-orders';
import { ORDER_NOTE_MAX } from '@esim/contract/admin-orders';
import {
  AlertTriangle,
  ArrowRight,
  CreditCard,
  type LucideIcon,
  Mail,
  MessageSquareText,
  RotateCcw,
  ShieldOff,
  KeyRound,
  Undo2,
  CircleDot,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { inputClass } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { EmailStatusBadge } from '../../../admin-kit/components/email-status-badge.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAddOrderNote } from '../api/add-note.ts';
import { useStatusLabel } from '../api/get-order-statuses.ts';
import { useActor } from '../hooks/use-actor.ts';

const ICONS: Record<AdminTimelineEntry['kind'], LucideIcon> = {
  status: ArrowRight,
  email: Mail,
  note: MessageSquareText,
  payment: CreditCard,
  refund: Undo2,
  provisioning_error: AlertTriangle,
  provisioning_retry: RotateCcw,
  token_revoked: ShieldOff,
  token_reissued: KeyRound,
  notification: Mail,
  confirmation_resent: Mail,
  event: CircleDot,
};

function EntryTitle({ entry }: { entry: AdminTimelineEntry }) {
  const { t } = useTranslation('admin-orders');
  const label = useStatusLabel();
  switch (entry.kind) {
    case 'status':
      return entry.fromStatus ? (
        <>{t('timeline.statusChanged', { from: label(entry.fromStatus), to: label(entry.toStatus ?? '') })}</>
      ) : (
        <>{t('timeline.created', { status: label(entry.toStatus ?? '') })}</>
      );
    case 'email':
      return <>{t('timeline.email', { subject: entry.email?.subject ?? '' })}</>;
    case 'payment':
      return <>{entry.data?.outcome === 'succeeded' ? t('timeline.paymentCaptured') : t('timeline.paymentFailed')}</>;
    default:
      return <>{t(`timeline.kinds.${entry.kind}`)}</>;
  }
}

/** The body of an entry: the note, the error, the e-mail's facts with a link to its copy. */
function EntryBody({ entry }: { entry: AdminTimelineEntry }) {
  const { t } = useTranslation('admin-orders');
  if (entry.kind === 'email' && entry.email) {
    const email = entry.email;
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <EmailStatusBadge status={email.status as 'stored' | 'sent' | 'failed'} />
        <span className="break-all">
          {t('timeline.emailTo', { to: email.to, language: email.language.toUpperCase() })}
        </span>
        <Link
          href={`/admin/outbox?id=${email.id}`}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {t('timeline.openCopy')}
        </Link>
        {email.error ? <p className="w-full text-red-800">{email.error}</p> : null}
      </div>
    );
  }
  if (entry.kind === 'payment') {
    const d = entry.data ?? {};
    const card = d.cardBrand && d.cardLast4 ? ` · ${String(d.cardBrand)} •••• ${String(d.cardLast4)}` : '';
    return (
      <p className="mt-1 text-sm break-words text-slate-700">
        {`${t(`methods.${d.method === 'paypal' ? 'paypal' : 'card'}`)}${card}${d.reference ? ` · ${String(d.reference)}` : ''}`}
        {entry.kind === 'payment' && d.outcome !== 'succeeded' && entry.message ? (
          <span className="block text-red-800">{entry.message}</span>
        ) : null}
      </p>
    );
  }
  if (
    !entry.message ||
    entry.kind === 'token_revoked' ||
    entry.kind === 'token_reissued' ||
    entry.kind === 'provisioning_retry'
  )
    return null;
  return (
    <p
      className={`mt-1 text-sm break-words whitespace-pre-wrap ${entry.kind === 'provisioning_error' ? 'text-red-800' : 'text-slate-700'}`}
    >
      {entry.message}
    </p>
  );
}

/**
 * The order's one timeline, newest first: status changes with their note, every
 * e-mail (with a link to its Outbox copy), payments, refunds, provisioning errors and retries,
 * token changes and internal notes, each with who and when. A form on top adds an internal note.
 */
export function OrderTimeline({
  orderNumber,
  entries,
}: {
  orderNumber: string;
  entries: readonly AdminTimelineEntry[];
}) {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const actor = useActor();
  const add = useAddOrderNote(orderNumber);
  const [note, setNote] = useState('');
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    add.mutate(note.trim(), {
      onSuccess: () => {
        setNote('');
        void showToast('success', t('timeline.noteAdded'));
      },
      onError: (error) => toastAdminFailure(t('errors.note'), error, t('admin:offline')),
    });
  };
  return (
    <div>
      <form onSubmit={submit} className="mb-5">
        <label htmlFor={noteId} className="text-sm font-semibold text-ink">
          {t('timeline.noteLabel')}
        </label>
        <textarea
          id={noteId}
          value={note}
          rows={2}
          maxLength={ORDER_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          aria-describedby={`${noteId}-hint`}
          className={inputClass(false, 'mt-1.5 text-sm')}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p id={`${noteId}-hint`} className="text-xs text-slate-600">
            {t('timeline.noteHint')}
          </p>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={!note.trim() || add.isPending}
            aria-busy={add.isPending}
          >
            {t('timeline.addNote')}
          </Button>
        </div>
      </form>
      <ol className="relative border-l border-slate-200 pl-6" aria-label={t('timeline.title')}>
        {entries.map((entry) => {
          const Icon = ICONS[entry.kind];
          return (
            <li key={entry.id} className="relative pb-5 last:pb-0">
              <span
                aria-hidden="true"
                className={`absolute top-0.5 -left-[2.05rem] inline-flex size-7 items-center justify-center rounded-full ring-4 ring-white ${
                  entry.kind === 'provisioning_error'
                    ? 'bg-red-100 text-red-800'
                    : entry.kind === 'note'
                      ? 'bg-amber-100 text-amber-900'
                      : 'bg-brand-50 text-brand-800'
                }`}
              >
                <Icon className="size-4" />
              </span>
              <p className="text-sm font-semibold text-ink">
                <EntryTitle entry={entry} />
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · {actor(entry.actor)}
              </p>
              {entry.kind === 'status' && entry.message ? (
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{entry.message}</p>
              ) : null}
              {entry.kind !== 'status' ? <EntryBody entry={entry} /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
