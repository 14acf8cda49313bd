import { KeyRound, LogOut, Smartphone, UserRound } from 'lucide-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { type PortalAccess, accessId } from '../api/access-headers.ts';
import { usePortal } from '../api/get-portal.ts';
import { loadFailureOf } from '../hooks/portal-errors.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { type PortalAccount, usePortalAccess } from '../hooks/use-portal-access.ts';
import { AttachOrderForm } from './attach-order-form.tsx';
import { EsimTabs } from './esim-tabs.tsx';
import { OrderHistory } from './order-history.tsx';
import { AccountEmptyPanel, LoadErrorPanel, NoEsimsPanel } from './state-panel.tsx';
import { TokenForm } from './token-form.tsx';

interface PortalPageProps {
  /** Interface language, for dates. */
  language: string;
  /** Localised name and flag of a destination code (the catalogue's names, from the route). */
  destinationOf: (code: string) => Destination;
  /** The signed-in account's user id, `null` signed out, `undefined` while loading (from the route). */
  account: PortalAccount;
  /** The account's portal was refused (401): the route reads the user again (signed out meanwhile). */
  onSessionLost: () => void;
}

/**
 * The customer portal (`/portal`): the access-token form (or `#token=` from the e-mail's link), then loading, 'Access
 * Error' with retry, 'No eSIMs Found' with refresh and go-to-store, 'Error loading data', or the
 * data: the eSIMs in 'Active & Pending' and 'Archived' tabs and the order history. Without a
 * token, a signed-in user sees every eSIM of their account instead of the token form
 * (`docs/product-rules.md#customer-portal-and-access-tokens`), and can add an earlier guest order with its access token.
 */
export function PortalPage({ language, destinationOf, account, onSessionLost }: PortalPageProps) {
  // The shared install details' texts load with the portal's own, so the page suspends once.
  const { t } = useTranslation(['portal', 'esim']);
  const { access, token, setToken, clearToken } = usePortalAccess(account);
  const byAccount = access != null && 'account' in access;
  let body: ReactNode;
  if (access === undefined) body = <Spinner label={t('loading')} className="min-h-[30vh]" />;
  else if (access === null) body = <TokenForm onSubmit={setToken} />;
  else {
    body = (
      <PortalContent
        key={accessId(access)}
        access={access}
        language={language}
        destinationOf={destinationOf}
        onChangeToken={token ? clearToken : undefined}
        onSessionLost={onSessionLost}
      />
    );
  }
  return (
    <PortalShell
      title={t('title')}
      lead={byAccount ? t('account.lead') : t('lead')}
      action={
        token && (
          <Button variant="outline" onClick={clearToken} className="shrink-0">
            <LogOut aria-hidden="true" className="size-4" />
            {t('session.otherToken')}
          </Button>
        )
      }
    >
      {body}
    </PortalShell>
  );
}

interface PortalShellProps {
  title: string;
  lead?: string;
  /** A link above the title, e.g. 'Back to my eSIMs'. */
  back?: ReactNode;
  /** A button beside the title, e.g. 'Use another token'. */
  action?: ReactNode;
  /** Centres the title over a narrow column (the confirmation). */
  centered?: boolean;
  children: ReactNode;
}

/** The portal pages' frame: back link, icon, title, lead and an optional action. */
export function PortalShell({ title, lead, back, action, centered = false, children }: PortalShellProps) {
  return (
    <div className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-12', centered ? 'max-w-2xl' : 'max-w-6xl')}>
      {back && <div className="mb-4">{back}</div>}
      <div
        className={cn(
          'flex flex-col gap-4',
          centered ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between',
        )}
      >
        <div className={cn('flex min-w-0 items-start gap-4', centered && 'flex-col items-center')}>
          <span
            className={cn(
              'size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700',
              centered ? 'hidden' : 'hidden min-[400px]:inline-flex',
            )}
          >
            <Smartphone aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
            {lead && <p className="mt-2 max-w-2xl text-slate-600 sm:text-lg">{lead}</p>}
          </div>
        </div>
        {action}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

interface PortalContentProps {
  access: PortalAccess;
  language: string;
  destinationOf: (code: string) => Destination;
  /** 'Use another token' (offered beside the page's title, so the error panel does not repeat it); absent for the account's portal. */
  onChangeToken: (() => void) | undefined;
  onSessionLost: () => void;
}

/** The portal of one token, or of the signed-in account, in its four states. */
function PortalContent({ access, language, destinationOf, onChangeToken, onSessionLost }: PortalContentProps) {
  const { t } = useTranslation('portal');
  const portal = usePortal(access);
  const { refetch } = portal;
  const byAccount = 'account' in access;
  const refresh = useCallback(async () => {
    const result = await refetch();
    if (result.isError) throw result.error;
  }, [refetch]);
  // The account's portal answers 401 only when the session is gone: let the route read the user again.
  const sessionLost = byAccount && portal.isError && loadFailureOf(portal.error) === 'access';
  useEffect(() => {
    if (sessionLost) onSessionLost();
  }, [sessionLost, onSessionLost]);

  const view = portal.data;
  const attach = byAccount && <AttachOrderForm />;
  if (!view) {
    if (portal.isPending) return <Spinner label={t('loading')} className="min-h-[30vh]" />;
    return (
      <LoadErrorPanel
        error={portal.error}
        onRetry={() => void refetch()}
        retrying={portal.isFetching}
        onChangeToken={onChangeToken}
        changeTokenOffered
      />
    );
  }
  if (view.esims.length === 0) {
    return (
      <div className="space-y-8">
        {byAccount && view.orders.length === 0 ? (
          <AccountEmptyPanel />
        ) : (
          <NoEsimsPanel onRefresh={() => void refetch()} refreshing={portal.isFetching} />
        )}
        {attach}
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
        <span className="font-semibold text-ink">{t('session.greeting', { name: view.customerName })}</span>
        {byAccount ? (
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <UserRound aria-hidden="true" className="size-4" />
            {t('account.scope')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <KeyRound aria-hidden="true" className="size-4" />
            {t('session.order', { orderNumber: view.orderNumber })}
          </span>
        )}
      </p>
      <EsimTabs
        esims={view.esims}
        access={access}
        language={language}
        destinationOf={destinationOf}
        onRefresh={refresh}
      />
      <OrderHistory orders={view.orders} language={language} destinationOf={destinationOf} />
      {attach}
    </div>
  );
}
