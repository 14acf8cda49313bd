import { Clock, Inbox, RefreshCw, ServerCrash, ShieldAlert, ShoppingBag } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { loadFailureOf } from '../hooks/portal-errors.ts';

interface StatePanelProps {
  tone: 'error' | 'neutral';
  icon: ReactNode;
  title: string;
  body: string[];
  children?: ReactNode;
}

/**
 * A centred state card of the portal (loading failed, no eSIMs, ...) whose heading takes the focus
 * when it appears, so that screen reader users hear what happened.
 */
export function StatePanel({ tone, icon, title, body, children }: StatePanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="portal-state-title"
      className="mx-auto flex max-w-2xl flex-col items-center rounded-2xl bg-white px-5 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-8"
    >
      <span
        className={cn(
          'inline-flex size-16 items-center justify-center rounded-2xl',
          tone === 'error' ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600',
        )}
      >
        {icon}
      </span>
      <h2
        id="portal-state-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold text-ink outline-none"
      >
        {title}
      </h2>
      {body.map((text, i) => (
        <p key={i} className={cn('mt-2 max-w-prose text-slate-600', i === 0 && 'font-medium text-slate-700')}>
          {text}
        </p>
      ))}
      {children && (
        <div className="mt-6 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
          {children}
        </div>
      )}
    </section>
  );
}

interface LoadErrorPanelProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** 'Use another token'; absent for the signed-in account's portal, which has no token. */
  onChangeToken?: () => void;
  /**
   * The page already offers 'Use another token' beside its title (the portal page): the panel
   * does not repeat it, so there is one such control on the page.
   */
  changeTokenOffered?: boolean;
}

/**
 * A failed portal read: 'Access Error' for a token the
 * server refuses (401: invalid, expired or revoked) with retry, another token and support;
 * 'Too many attempts' for 429; 'Error loading data' for any other failure, with retry. Without
 * `onChangeToken` (the account's portal: no token to blame) a 401 is 'Error loading data' too.
 */
export function LoadErrorPanel({
  error,
  onRetry,
  retrying,
  onChangeToken,
  changeTokenOffered = false,
}: LoadErrorPanelProps) {
  const { t } = useTranslation('portal');
  const read = loadFailureOf(error);
  const failure = read === 'access' && !onChangeToken ? 'other' : read;
  const retry = (
    <Button size="lg" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
      <RefreshCw aria-hidden="true" className={cn('size-4', retrying && 'animate-spin')} />
      {failure === 'other' ? t('loadError.retry') : t('error.retry')}
    </Button>
  );
  if (failure === 'access' || failure === 'rateLimited') {
    const access = failure === 'access';
    return (
      <StatePanel
        tone="error"
        icon={
          access ? (
            <ShieldAlert aria-hidden="true" className="size-8" />
          ) : (
            <Clock aria-hidden="true" className="size-8" />
          )
        }
        title={access ? t('error.title') : t('rateLimited.title')}
        body={access ? [t('error.body'), t('error.hint')] : [t('rateLimited.body')]}
      >
        {retry}
        {onChangeToken && !changeTokenOffered && (
          <Button size="lg" variant="outline" onClick={onChangeToken}>
            {t('session.otherToken')}
          </Button>
        )}
        <Link href="/support" className={buttonClass('ghost', 'lg')}>
          {t('error.support')}
        </Link>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      tone="error"
      icon={<ServerCrash aria-hidden="true" className="size-8" />}
      title={t('loadError.title')}
      body={[t('loadError.body')]}
    >
      {retry}
    </StatePanel>
  );
}

/** 'No eSIMs Found': it can take minutes after purchase; refresh or go to the store. */
export function NoEsimsPanel({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation('portal');
  return (
    <StatePanel
      tone="neutral"
      icon={<Inbox aria-hidden="true" className="size-8" />}
      title={t('empty.title')}
      body={[t('empty.body')]}
    >
      <Button size="lg" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
        <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
        {t('empty.refresh')}
      </Button>
      <Link href="/products" className={buttonClass('outline', 'lg')}>
        <ShoppingBag aria-hidden="true" className="size-4" />
        {t('empty.store')}
      </Link>
    </StatePanel>
  );
}

/**
 * The signed-in account's portal before any order (`docs/product-rules.md#customer-portal-and-access-tokens`): plans bought while
 * signed in land here, and an earlier order can be added with its access token (the form below).
 */
export function AccountEmptyPanel() {
  const { t } = useTranslation('portal');
  return (
    <StatePanel
      tone="neutral"
      icon={<Inbox aria-hidden="true" className="size-8" />}
      title={t('account.emptyTitle')}
      body={[t('account.emptyBody')]}
    >
      <Link href="/products" className={buttonClass('primary', 'lg')}>
        <ShoppingBag aria-hidden="true" className="size-4" />
        {t('empty.store')}
      </Link>
    </StatePanel>
  );
}
