import { useQuery } from '@tanstack/react-query';
import { Inbox, KeyRound, RefreshCw, ShieldAlert, ShoppingBag, Smartphone } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../page-meta.tsx';

/** The little the portal shows of an eSIM until the portal contract exists. */
interface EsimSummary {
  iccid: string;
  status?: string;
}

/** Reads `{ esims: [...] }` or a bare array defensively; the portal response is not specified yet. */
function readEsims(data: unknown): EsimSummary[] {
  const list: unknown =
    typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>).esims : data;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const e = item as Record<string, unknown>;
    if (typeof e.iccid !== 'string') return [];
    return [{ iccid: e.iccid, ...(typeof e.status === 'string' ? { status: e.status } : {}) }];
  });
}

/**
 * The customer portal (specification section 2 "Other screens", section 5): an access-token
 * form ('Access token', 'View my eSIMs'; empty gives 'Please enter an access token'), then
 * `GET /api/portal/esims` with the `X-Access-Token` header, showing loading, 'Access Error'
 * with retry, or 'No eSIMs Found'. Also serves /portal/topup; /portal/topup-confirmation
 * returns to the portal. Usage, bundles, top-ups and order history arrive with the portal API.
 */
export function PortalRoute() {
  usePageMeta({ kind: 'default' });
  const { t } = useTranslation('content');
  const [location] = useLocation();
  const [token, setToken] = useState<string | null>(null);

  if (location === '/portal/topup-confirmation') return <Redirect to="/portal" replace />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Smartphone aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('portal.title')}</h1>
        <p className="mt-3 text-lg leading-8 text-slate-600">{t('portal.lead')}</p>
      </div>
      <div className="mt-8">
        {token === null ? (
          <TokenForm onSubmit={setToken} />
        ) : (
          <PortalContent token={token} onChangeToken={() => setToken(null)} />
        )}
      </div>
    </div>
  );
}

/** The access-token entry with the inline error of specification section 5. */
function TokenForm({ onSubmit }: { onSubmit: (token: string) => void }) {
  const { t } = useTranslation('content');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = value.trim();
    if (!token) {
      setError(t('portal.form.required'));
      inputRef.current?.focus();
      return;
    }
    onSubmit(token);
  };

  return (
    <form noValidate onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <label htmlFor={id} className="block font-semibold text-ink">
        {t('portal.form.label')}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('portal.form.hint')}
      </p>
      <div className="relative mt-3">
        <KeyRound
          aria-hidden="true"
          className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={inputRef}
          id={id}
          name="accessToken"
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error && e.target.value.trim()) setError(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
          className={cn(
            'block w-full rounded-xl border bg-white py-3 pl-11 pr-3.5 font-mono text-base text-ink shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-5 w-full">
        {t('portal.form.submit')}
      </Button>
      <p className="mt-5 text-center text-sm text-slate-600">
        {t('portal.form.lost')}{' '}
        <Link href="/support" className="rounded font-semibold text-brand-700 hover:underline">
          {t('portal.form.lostLink')}
        </Link>
      </p>
    </form>
  );
}

/** Loads the eSIMs for a token and shows the portal state: loading, access error, none, or the list. */
function PortalContent({ token, onChangeToken }: { token: string; onChangeToken: () => void }) {
  const { t } = useTranslation('content');
  const query = useQuery({
    queryKey: ['/api/portal/esims', token],
    queryFn: ({ signal }) => apiFetch<unknown>('/api/portal/esims', { headers: { 'X-Access-Token': token }, signal }),
    gcTime: 0,
  });

  if (query.isPending || (query.isFetching && query.isError)) {
    return <Spinner label={t('portal.loading')} />;
  }

  if (query.isError) {
    return (
      <StatePanel
        tone="error"
        icon={<ShieldAlert aria-hidden="true" className="size-8" />}
        title={t('portal.error.title')}
        body={[t('portal.error.body'), t('portal.error.hint')]}
      >
        <Button size="lg" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('portal.error.retry')}
        </Button>
        <Button size="lg" variant="outline" onClick={onChangeToken}>
          {t('portal.error.otherToken')}
        </Button>
        <Link href="/support" className={buttonClass('ghost', 'lg')}>
          {t('portal.error.support')}
        </Link>
      </StatePanel>
    );
  }

  const esims = readEsims(query.data);
  if (esims.length === 0) {
    return (
      <StatePanel
        tone="neutral"
        icon={<Inbox aria-hidden="true" className="size-8" />}
        title={t('portal.empty.title')}
        body={[t('portal.empty.body')]}
      >
        <Button size="lg" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('portal.empty.refresh')}
        </Button>
        <Link href="/products" className={buttonClass('outline', 'lg')}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          {t('portal.empty.store')}
        </Link>
      </StatePanel>
    );
  }

  return (
    <section aria-labelledby="esims-title">
      <h2 id="esims-title" className="text-xl font-bold">
        {t('portal.list.title', { count: esims.length })}
      </h2>
      <ul className="mt-4 space-y-3">
        {esims.map((esim) => (
          <li
            key={esim.iccid}
            className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Smartphone aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-slate-600">{t('portal.list.iccid')}</p>
              <p className="break-all font-mono font-semibold text-ink">{esim.iccid}</p>
            </div>
            {esim.status && (
              <span className="ml-auto rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold capitalize text-brand-800">
                {esim.status}
              </span>
            )}
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-4" onClick={onChangeToken}>
        {t('portal.error.otherToken')}
      </Button>
    </section>
  );
}

/** A centred state card whose heading takes focus when it appears, so screen readers hear it. */
function StatePanel({
  tone,
  icon,
  title,
  body,
  children,
}: {
  tone: 'error' | 'neutral';
  icon: ReactNode;
  title: string;
  body: string[];
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="portal-state-title"
      className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <span
        className={cn(
          'inline-flex size-16 items-center justify-center rounded-2xl',
          tone === 'error' ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600',
        )}
      >
        {icon}
      </span>
      <h2 id="portal-state-title" ref={headingRef} tabIndex={-1} className="mt-5 text-2xl font-bold outline-none">
        {title}
      </h2>
      {body.map((text, i) => (
        <p key={i} className={cn('mt-2 text-slate-600', i === 0 && 'font-medium text-slate-700')}>
          {text}
        </p>
      ))}
      <div className="mt-6 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
        {children}
      </div>
    </section>
  );
}
