import { KeyRound, LogOut, Smartphone } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePortal } from '../api/get-portal.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { usePortalToken } from '../hooks/use-portal-token.ts';
import { EsimTabs } from './esim-tabs.tsx';
import { OrderHistory } from './order-history.tsx';
import { LoadErrorPanel, NoEsimsPanel } from './state-panel.tsx';
import { TokenForm } from './token-form.tsx';

interface PortalPageProps {
  /** Interface language, for dates. */
  language: string;
  /** Localised name and flag of a destination code (the catalogue's names, from the route). */
  destinationOf: (code: string) => Destination;
}

/**
 * The customer portal (`/portal`, specification section 2 "Customer portal", section 4 "Portal
 * states"): the access-token form (or `#token=` from the e-mail's link), then loading, 'Access
 * Error' with retry, 'No eSIMs Found' with refresh and go-to-store, 'Error loading data', or the
 * data: the eSIMs in 'Active & Pending' and 'Archived' tabs and the order history.
 */
export function PortalPage({ language, destinationOf }: PortalPageProps) {
  // The shared install details' texts load with the portal's own, so the page suspends once.
  const { t } = useTranslation(['portal', 'esim']);
  const { token, setToken, clearToken } = usePortalToken();
  return (
    <PortalShell
      title={t('title')}
      lead={t('lead')}
      action={
        token && (
          <Button variant="outline" onClick={clearToken} className="shrink-0">
            <LogOut aria-hidden="true" className="size-4" />
            {t('session.otherToken')}
          </Button>
        )
      }
    >
      {token === null ? (
        <TokenForm onSubmit={setToken} />
      ) : (
        <PortalContent
          key={token}
          token={token}
          language={language}
          destinationOf={destinationOf}
          onChangeToken={clearToken}
        />
      )}
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
  token: string;
  language: string;
  destinationOf: (code: string) => Destination;
  onChangeToken: () => void;
}

/** The portal of one token in its four states (section 4 "Portal states"). */
function PortalContent({ token, language, destinationOf, onChangeToken }: PortalContentProps) {
  const { t } = useTranslation('portal');
  const portal = usePortal(token);
  const { refetch } = portal;
  const refresh = useCallback(async () => {
    const result = await refetch();
    if (result.isError) throw result.error;
  }, [refetch]);

  const view = portal.data;
  if (!view) {
    if (portal.isPending) return <Spinner label={t('loading')} className="min-h-[30vh]" />;
    return (
      <LoadErrorPanel
        error={portal.error}
        onRetry={() => void refetch()}
        retrying={portal.isFetching}
        onChangeToken={onChangeToken}
      />
    );
  }
  if (view.esims.length === 0) {
    return <NoEsimsPanel onRefresh={() => void refetch()} refreshing={portal.isFetching} />;
  }
  return (
    <div className="space-y-8">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
        <span className="font-semibold text-ink">{t('session.greeting', { name: view.customerName })}</span>
        <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <KeyRound aria-hidden="true" className="size-4" />
          {t('session.order', { orderNumber: view.orderNumber })}
        </span>
      </p>
      <EsimTabs
        esims={view.esims}
        token={token}
        language={language}
        destinationOf={destinationOf}
        onRefresh={refresh}
      />
      <OrderHistory orders={view.orders} language={language} />
    </div>
  );
}
