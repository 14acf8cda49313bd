import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  Briefcase,
  CloudDownload,
  FileSpreadsheet,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessagesSquare,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  Tags,
} from 'lucide-react';
import { type ComponentType, type ReactNode, Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAdminPing } from '../../features/admin/api/get-admin-ping.ts';
import { QueryError } from '../../admin-kit/components/query-state.tsx';
import { TwoFactorRequired } from '../../features/admin/components/two-factor-required.tsx';
import { USER_QUERY_KEY } from '../../features/auth/api/get-user.ts';
import { AccessDenied, RequireAdmin } from '../../features/auth/components/require-user.tsx';
import { readApiError } from '../../lib/api-error.ts';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../page-meta.tsx';

const DashboardPage = lazy(() => import('../../features/admin/pages/dashboard-page.tsx'));
const OrdersPage = lazy(() => import('../../features/admin-orders/pages/orders-page.tsx'));
const OrderDetailPage = lazy(() => import('../../features/admin-orders/pages/order-detail-page.tsx'));
const PricingPage = lazy(() => import('../../features/admin-pricing/pages/pricing-page.tsx'));
const CatalogueSyncPage = lazy(() => import('../../features/admin-catalogue/pages/catalogue-sync-page.tsx'));
const BulkImportPage = lazy(() => import('../../features/admin-catalogue/pages/bulk-import-page.tsx'));
const OutboxPage = lazy(() => import('../../features/admin/pages/outbox-page.tsx'));
const JobsPage = lazy(() => import('../../features/admin/pages/jobs-page.tsx'));
const AuditPage = lazy(() => import('../../features/admin/pages/audit-page.tsx'));
const KnowledgeBasePage = lazy(() => import('../../features/admin-knowledge/pages/knowledge-base-page.tsx'));
const SupportMessagesPage = lazy(() => import('../../features/admin-support/pages/support-messages-page.tsx'));
const ConversationsPage = lazy(() => import('../../features/admin-support/pages/conversations-page.tsx'));
const NotFoundRoute = lazy(async () => ({ default: (await import('./not-found.tsx')).NotFoundRoute as ComponentType }));

/** The admin area's sections, in the navigation's order (`nav.<key>` in the `admin` namespace). */
const SECTIONS: readonly { key: string; href: string; icon: LucideIcon }[] = [
  { key: 'dashboard', href: '/admin', icon: LayoutDashboard },
  { key: 'orders', href: '/admin/orders', icon: ReceiptText },
  { key: 'pricing', href: '/admin/pricing', icon: Tags },
  { key: 'catalogueSync', href: '/admin/catalogue-sync', icon: CloudDownload },
  { key: 'bulkImport', href: '/admin/bulk-import', icon: FileSpreadsheet },
  { key: 'outbox', href: '/admin/outbox', icon: Mail },
  { key: 'jobs', href: '/admin/jobs', icon: Briefcase },
  { key: 'audit', href: '/admin/audit', icon: ScrollText },
  { key: 'knowledgeBase', href: '/admin/knowledge-base', icon: BookOpen },
  { key: 'supportMessages', href: '/admin/support-messages', icon: Inbox },
  { key: 'conversations', href: '/admin/conversations', icon: MessagesSquare },
];

/** Whether `href`'s section is the one at `location` (the dashboard only at `/admin` itself). */
function isCurrent(href: string, location: string): boolean {
  return href === '/admin'
    ? location === '/admin' || location === '/admin/'
    : location === href || location.startsWith(`${href}/`);
}

/**
 * The admin area (`docs/product-rules.md#admin-area`): `/admin` (dashboard),
 * `/admin/orders` and `/admin/orders/{orderNumber}`, `/admin/pricing`, `/admin/catalogue-sync`,
 * `/admin/bulk-import`, `/admin/outbox`, `/admin/jobs`, `/admin/audit`, `/admin/knowledge-base`, `/admin/support-messages`,
 * `/admin/conversations`.
 *
 * - Admins only: signed-out visitors are sent to sign in, other users see 'Access Denied' /
 *   'Admin privileges required'. The server decides: the shell asks `GET /api/admin/ping` once,
 *   and an admin the server refuses for want of two-factor authentication
 *   (`two_factor_setup_required`) sees what to do, with a link to `/profile`, instead of sections
 *   that would each fail.
 * - Navigation: a sidebar from 1024 px; below, a section bar under the header that scrolls
 *   sideways (the current section scrolled into view) and stays in reach while the page scrolls.
 * - The browser tab names the section (`Outbox · Admin | Roamwise`); admin pages are `noindex`.
 * - Every screen is its own lazy chunk, so the storefront's JavaScript does not grow.
 */
export function AdminRoute() {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const section = SECTIONS.find((s) => isCurrent(s.href, location));
  usePageMeta({
    kind: 'admin',
    section: section ? `${t(`nav.${section.key}`)} · ${t('shell.title')}` : t('shell.title'),
  });
  return (
    <RequireAdmin>
      <AdminAccess />
    </RequireAdmin>
  );
}

/** The server's word on this session (`GET /api/admin/ping`), then the admin area or why not. */
function AdminAccess() {
  const { t } = useTranslation('admin');
  const ping = useAdminPing();
  const queryClient = useQueryClient();
  const refusal = readApiError(ping.error);
  const signedOut = refusal?.status === 401;
  useEffect(() => {
    // The session ended meanwhile: reading the user again sends the visitor to sign in (until
    // then, or should the user still be there, the refusal shows with a retry).
    if (signedOut) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [queryClient, signedOut]);

  if (refusal?.status === 403 && refusal.code === 'two_factor_setup_required') return <TwoFactorRequired />;
  if (refusal?.status === 403) return <AccessDenied />;
  return (
    <AdminLayout username={ping.data?.username}>
      {ping.data ? (
        <AdminSections />
      ) : ping.isError ? (
        <QueryError
          title={t('shell.checkFailed')}
          error={ping.error}
          onRetry={() => void ping.refetch()}
          retrying={ping.isFetching}
        />
      ) : (
        <Spinner label={t('shell.checking')} className="min-h-[40vh]" />
      )}
    </AdminLayout>
  );
}

function AdminLayout({ username, children }: { username: string | undefined; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the bar scrolls sideways: bring the current section into view (sideways only).
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [location]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-10 sm:px-6 lg:flex lg:gap-8 lg:py-10">
      <div className="sticky top-[var(--header-height)] z-30 -mx-4 mb-5 border-b border-slate-200 bg-slate-50/95 backdrop-blur sm:-mx-6 lg:static lg:z-auto lg:mx-0 lg:mb-0 lg:w-56 lg:shrink-0 lg:border-0 lg:bg-transparent lg:backdrop-blur-none">
        <nav
          ref={navRef}
          aria-label={t('nav.label')}
          className="overflow-x-auto px-4 py-2 [scrollbar-width:none] sm:px-6 lg:sticky lg:top-[calc(var(--header-height)+2.5rem)] lg:overflow-visible lg:px-0 lg:py-0"
        >
          <p className="mb-3 hidden items-center gap-2 px-3 text-xs font-bold tracking-wide text-slate-600 uppercase lg:flex">
            <ShieldCheck aria-hidden="true" className="size-4 text-brand-700" />
            {t('shell.title')}
            {username ? <span className="truncate font-semibold normal-case">· {username}</span> : null}
          </p>
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map(({ key, href, icon: Icon }) => {
              const current = isCurrent(href, location);
              return (
                <li key={key} className="shrink-0">
                  <Link
                    href={href}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-ink',
                      current &&
                        'bg-brand-50 text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 hover:text-brand-900 lg:ring-0',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {t(`nav.${key}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

function AdminSections() {
  const { t } = useTranslation('admin');
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="min-h-[40vh]" />}>
      <Switch>
        <Route path="/admin" component={DashboardPage} />
        <Route path="/admin/orders" component={OrdersPage} />
        <Route path="/admin/orders/:orderNumber" component={OrderDetailPage} />
        <Route path="/admin/pricing" component={PricingPage} />
        <Route path="/admin/catalogue-sync" component={CatalogueSyncPage} />
        <Route path="/admin/bulk-import" component={BulkImportPage} />
        <Route path="/admin/outbox" component={OutboxPage} />
        <Route path="/admin/jobs" component={JobsPage} />
        <Route path="/admin/audit" component={AuditPage} />
        <Route path="/admin/knowledge-base" component={KnowledgeBasePage} />
        <Route path="/admin/support-messages" component={SupportMessagesPage} />
        <Route path="/admin/conversations" component={ConversationsPage} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
