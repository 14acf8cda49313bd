import { isLanguage } from '@esim/contract/languages';
import { waitOf } from '@esim/contract/retry-after';
import {
  CheckCircle2,
  ChevronDown,
  Clock,
  Headset,
  type LucideIcon,
  Mail,
  MessageCircle,
  MessagesSquare,
  Phone,
  Send,
} from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { readApiError } from '../../lib/api-error.ts';
import { cn } from '../../lib/cn.ts';
import { showToast } from '../../lib/toast.ts';
import { CONTACT } from '../layout/contact.ts';
import { usePageMeta } from '../page-meta.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The contract's limits (`@esim/contract/support`, not imported: it would bring the admin shapes). */
const MESSAGE_MIN_LENGTH = 10;

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const MAX_LENGTHS: Record<FieldName, number> = { name: 100, email: 254, subject: 150, message: 5000 };

const CHANNELS: readonly {
  id: 'email' | 'chat' | 'whatsapp' | 'phone';
  icon: LucideIcon;
  detail?: string;
  href?: string;
  external?: boolean;
}[] = [
  { id: 'email', icon: Mail, detail: CONTACT.email, href: `mailto:${CONTACT.email}` },
  { id: 'chat', icon: MessagesSquare },
  { id: 'whatsapp', icon: MessageCircle, detail: CONTACT.whatsapp, href: CONTACT.whatsappHref, external: true },
  { id: 'phone', icon: Phone, detail: CONTACT.phone, href: CONTACT.phoneHref },
];

/**
 * Support hours: the team's and the phone's (`CONTACT.hours`), the chat assistant's 24/7, the
 * e-mail reply time, and the intake of messages at any hour. No person is there 24/7.
 */
const HOURS = ['team', 'chat', 'phone', 'email', 'intake'] as const;

const QUICK_ANSWERS = ['notConnecting', 'planStart', 'qrCode', 'refund'] as const;

/**
 * The support page: e-mail, the chat assistant (24/7),
 * WhatsApp (the team's hours), phone (the phone line's hours), support hours, a short FAQ and
 * the contact form; the hours come from `CONTACT.hours`. The form posts to
 * `POST /api/support/messages` and toasts 'Message sent successfully!' or 'Failed to send message'.
 */
export function SupportRoute() {
  usePageMeta({ kind: 'support' });
  const { t } = useTranslation('content');

  // Links such as /contact -> /support#contact-form arrive without a native anchor jump.
  useEffect(() => {
    if (window.location.hash === '#contact-form') {
      document.getElementById('contact-form')?.scrollIntoView();
    }
  }, []);

  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('support.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{t('support.title')}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('support.lead')}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Headset aria-hidden="true" className="size-4" />
            {t('support.hoursBadge', CONTACT.hours)}
          </p>
        </div>
      </section>

      <section aria-labelledby="channels-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="channels-title" className="text-2xl font-bold tracking-tight">
          {t('support.channels.title')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CHANNELS.map((channel) => (
            <li key={channel.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <channel.icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-bold">{t(`support.channels.${channel.id}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`support.channels.${channel.id}.hours`, CONTACT.hours)}</p>
              {channel.href && channel.detail ? (
                <a
                  href={channel.href}
                  {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="mt-3 text-sm font-semibold text-brand-700 [overflow-wrap:anywhere] hover:underline"
                >
                  <span className="sr-only">{t(`support.channels.${channel.id}.action`)}: </span>
                  {channel.detail}
                  {channel.external && <span className="sr-only"> {t('shared.newTab')}</span>}
                </a>
              ) : (
                <p className="mt-3 text-sm leading-6 text-slate-700">{t(`support.channels.${channel.id}.action`)}</p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-5">
        <section
          id="contact-form"
          aria-labelledby="contact-form-title"
          className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 lg:self-start"
        >
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
            {t('support.form.title')}
          </h2>
          <p className="mt-2 text-slate-600">{t('support.form.lead')}</p>
          <ContactForm />
        </section>

        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="hours-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="hours-title" className="flex items-center gap-2 text-xl font-bold">
              <Clock aria-hidden="true" className="size-5 text-brand-700" />
              {t('support.hours.title')}
            </h2>
            <dl className="mt-4 divide-y divide-slate-100">
              {HOURS.map((id) => (
                <div key={id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3 text-sm">
                  <dt className="text-slate-600">{t(`support.hours.${id}.label`)}</dt>
                  <dd className="font-semibold text-ink">{t(`support.hours.${id}.value`, CONTACT.hours)}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="quick-answers-title">
            <h2 id="quick-answers-title" className="text-xl font-bold">
              {t('support.faq.title')}
            </h2>
            {/* Native disclosures, one open at a time (`name`): no accordion code (decision record 0028). */}
            <div className="mt-4 space-y-2">
              {QUICK_ANSWERS.map((id) => (
                <details
                  key={id}
                  name="quick-answers"
                  className="group rounded-2xl border border-slate-200 bg-white shadow-sm"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left text-base font-semibold [&::-webkit-details-marker]:hidden">
                    {t(`support.faq.items.${id}.q`)}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <p className="px-5 pb-4 text-sm leading-6 text-slate-600">
                    {t(`support.faq.items.${id}.a`, CONTACT.hours)}
                  </p>
                </details>
              ))}
            </div>
            <Link href="/faq" className="mt-4 inline-block rounded font-semibold text-brand-700 hover:underline">
              {t('support.faq.more')}
            </Link>
          </section>
        </div>
      </div>
    </>
  );
}

function validate(values: Values, t: (key: string, options?: { count: number }) => string): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = t('support.form.errors.nameRequired');
  if (!values.email.trim()) errors.email = t('support.form.errors.emailRequired');
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = t('support.form.errors.emailInvalid');
  if (!values.subject.trim()) errors.subject = t('support.form.errors.subjectRequired');
  if (!values.message.trim()) errors.message = t('support.form.errors.messageRequired');
  else if (values.message.trim().length < MESSAGE_MIN_LENGTH) {
    errors.message = t('support.form.errors.messageShort', { count: MESSAGE_MIN_LENGTH });
  }
  return errors;
}

/**
 * The text of a field the server refused (400 `validation_error`, `field` naming it and the
 * message `<field>: <reason>`, reasons of the contract: `required`, `tooShort`, `tooLong`,
 * `email`, `invalidCharacters`), in the page's language.
 * @returns the field and its text, or undefined when the field is not one of the form's.
 */
function serverFieldError(
  field: string | undefined,
  message: string | undefined,
  t: (key: string, options?: { count: number }) => string,
): { field: FieldName; text: string } | undefined {
  if (!field || !(FIELDS as readonly string[]).includes(field)) return undefined;
  const name = field as FieldName;
  const reason = message?.startsWith(`${name}: `) ? message.slice(name.length + 2) : '';
  const text =
    reason === 'required'
      ? t(`support.form.errors.${name}Required`)
      : reason === 'email'
        ? t('support.form.errors.emailInvalid')
        : reason === 'tooShort'
          ? t('support.form.errors.messageShort', { count: MESSAGE_MIN_LENGTH })
          : reason === 'tooLong'
            ? t('support.form.errors.tooLong', { count: MAX_LENGTHS[name] })
            : reason === 'invalidCharacters'
              ? t('support.form.errors.invalidCharacters')
              : t('support.form.errors.invalid');
  return { field: name, text };
}

/**
 * Name, e-mail, subject and message with inline validation; posts to `POST /api/support/messages`
 * with the page's language (the acknowledgement e-mail's) and the hidden honeypot field
 * `website`, which people never see or reach (visually hidden, `aria-hidden`, out of the tab
 * order, no autofill) and bots fill in. Toasts: 'Message sent successfully!' / 'We'll get back to you within 24 hours.'; 'Failed to send message' with
 * 'Please try again later.', the field the server refused (400, shown at the field, which gets
 * the focus) or how long to wait (429, from `Retry-After`). The reference is shown under the form.
 */
function ContactForm() {
  const { t, i18n } = useTranslation('content');
  const [values, setValues] = useState<Values>(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotId = useId();

  const change = (field: FieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt, messages follow the input so a fixed field clears at once.
    if (submitted) setErrors(validate(next, t));
  };

  const focusField = (field: FieldName) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values, t);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    setSending(true);
    try {
      const answer = await apiFetch<{ status: 'received'; reference: string }>('/api/support/messages', {
        method: 'POST',
        json: {
          name: values.name.trim(),
          email: values.email.trim(),
          subject: values.subject.trim(),
          message: values.message.trim(),
          website,
          ...(language ? { language } : {}),
        },
      });
      void showToast('success', t('support.form.toast.successTitle'), {
        description: t('support.form.toast.successBody'),
      });
      setReference(answer.reference);
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
    } catch (error) {
      console.error('Support message failed', error);
      const info = readApiError(error);
      const refused = info?.status === 400 ? serverFieldError(info.field, info.message, t) : undefined;
      let description = t('support.form.toast.errorBody');
      if (refused) {
        setErrors((current) => ({ ...current, [refused.field]: refused.text }));
        description = refused.text;
        focusField(refused.field);
      } else if (info?.status === 429) {
        const { unit, count } = waitOf(info.retryAfterS ?? 3600);
        description = t('support.form.toast.rateLimitedBody', { wait: t(`support.form.wait.${unit}`, { count }) });
      }
      void showToast('error', t('support.form.toast.errorTitle'), { description });
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-5">
      <p className="text-sm text-slate-600">{t('support.form.allRequired')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label={t('support.form.name')}
          autoComplete="name"
          maxLength={MAX_LENGTHS.name}
          value={values.name}
          error={errors.name}
          onChange={(v) => change('name', v)}
        />
        <TextField
          name="email"
          type="email"
          label={t('support.form.email')}
          autoComplete="email"
          maxLength={MAX_LENGTHS.email}
          value={values.email}
          error={errors.email}
          onChange={(v) => change('email', v)}
        />
      </div>
      <TextField
        name="subject"
        label={t('support.form.subject')}
        hint={t('support.form.subjectHint')}
        maxLength={MAX_LENGTHS.subject}
        value={values.subject}
        error={errors.subject}
        onChange={(v) => change('subject', v)}
      />
      <TextField
        name="message"
        label={t('support.form.message')}
        multiline
        maxLength={MAX_LENGTHS.message}
        value={values.message}
        error={errors.message}
        onChange={(v) => change('message', v)}
      />
      {/* The honeypot: hidden from sight, from assistive technology and from the tab order. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={honeypotId}>{t('support.form.honeypot')}</label>
        <input
          id={honeypotId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="size-4" />
        {sending ? t('support.form.sending') : t('support.form.submit')}
      </Button>
      {reference && (
        <p
          data-testid="support-reference"
          className="flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <SentReference text={t('support.form.sent', { reference: REFERENCE_MARK })} reference={reference} />
        </p>
      )}
    </form>
  );
}

/** Stands for the reference in the sentence that shows it, so the reference can be set apart. */
const REFERENCE_MARK = '\u0001';

/** The sentence with the message's reference, the reference in bold monospace and never broken across lines. */
function SentReference({ text, reference }: { text: string; reference: string }) {
  const [before = '', after = ''] = text.split(REFERENCE_MARK);
  return (
    <span>
      {before}
      <strong className="font-mono whitespace-nowrap">{reference}</strong>
      {after}
    </span>
  );
}

/** A labelled native input or textarea with an optional hint and an inline error. */
function TextField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline = false,
  autoComplete,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'email';
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    maxLength,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: cn(
      'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
      error ? 'border-red-600' : 'border-slate-300',
    ),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-1.5">
        {multiline ? (
          <textarea {...shared} rows={6} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...shared}
            type={type}
            autoComplete={autoComplete}
            inputMode={type === 'email' ? 'email' : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
