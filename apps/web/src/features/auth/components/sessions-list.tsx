import type { UserSession } from '@esim/contract/auth';
import { LogOut, Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useFailureText } from '../hooks/use-auth-text.ts';
import { useSessionLoss } from '../hooks/use-session-loss.ts';
import { ProfileSection } from './profile-section.tsx';

/**
 * The account's active sessions (`GET /api/user/sessions`; `docs/product-rules.md#accounts-sessions-and-two-factor`): browser, address, last activity and sign-in time, the
 * current one marked 'This device'; each other one can be ended, or all of them at once.
 */
export function SessionsList() {
  const { t, i18n } = useTranslation('auth');
  const sessions = useSessions();
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
  const failed = (error: unknown) => {
    if (sessionLost(error)) return;
    void showToast('error', t('toast.sessionFailed'), { description: failureText(error) });
  };

  const list = sessions.data?.sessions ?? [];
  const ordered = [...list].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  const others = list.filter((s) => !s.current).length;

  return (
    <ProfileSection id="profile-sessions" title={t('profile.sessions.title')} lead={t('profile.sessions.lead')}>
      {sessions.isPending ? (
        <Spinner label={t('profile.sessions.loading')} className="py-6" />
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p>{t('profile.sessions.failed')}</p>
          <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
            {t('guard.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {ordered.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                when={when}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() =>
                  endOne.mutate(session.id, {
                    onSuccess: () => void showToast('success', t('toast.sessionEnded')),
                    onError: failed,
                  })
                }
              />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            {others === 0 ? (
              <p className="text-sm text-slate-600">{t('profile.sessions.noOthers')}</p>
            ) : (
              <Button
                variant="outline"
                className="max-sm:w-full"
                disabled={endOthers.isPending}
                onClick={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: () => void showToast('success', t('toast.otherSessionsEnded')),
                    onError: failed,
                  })
                }
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t('profile.sessions.endOthers')}
              </Button>
            )}
          </div>
        </>
      )}
    </ProfileSection>
  );
}

function SessionRow({
  session,
  when,
  ending,
  onEnd,
}: {
  session: UserSession;
  when: (iso: string) => string;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t } = useTranslation('auth');
  const browser = session.userAgent?.trim() || t('profile.sessions.unknownBrowser');
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 sm:flex-row sm:items-center">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 sm:inline-flex">
        <Monitor aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-ink">
          <span className="min-w-0 break-words">{browser}</span>
          {session.current && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {t('profile.sessions.thisDevice')}
            </span>
          )}
        </p>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('profile.sessions.address')}</dt>
          <dd className="break-all">{session.ip ?? t('profile.sessions.unknownAddress')}</dd>
          <dt className="font-medium">{t('profile.sessions.lastSeen')}</dt>
          <dd>
            <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt)}</time>
          </dd>
          <dt className="font-medium">{t('profile.sessions.signedIn')}</dt>
          <dd>
            <time dateTime={session.createdAt}>{when(session.createdAt)}</time>
          </dd>
        </dl>
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="outline"
          onClick={onEnd}
          disabled={ending}
          aria-label={t('profile.sessions.endLabel', { browser })}
          className="self-start sm:self-center"
        >
          {t('profile.sessions.end')}
        </Button>
      )}
    </li>
  );
}
