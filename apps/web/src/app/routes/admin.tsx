import {
  BookOpen,
  Briefcase,
  CloudDownload,
  FileSpreadsheet,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  ReceiptText,
  ScrollText,
  Tags,
} from 'lucide-react';
import { type ComponentType, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RequireAdmin } from '../../features/auth/components/require-user.tsx';
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
const KnowledgeBasePage = lazy(() => import('../../features/admin/pages/knowledge-base-page.tsx'));
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
];

/**
 * The admin area (specification sections 2 and 6; issue 10): `/admin` (dashboard),
 * `/admin/orders` and `/admin/orders/{orderNumber}`, `/admin/pricing`, `/admin/catalogue-sync`,
 * `/admin/bulk-import`, `/admin/outbox`, `/admin/jobs`, `/admin/audit`, `/admin/knowledge-base`.
 * Admins only: signed-out visitors are sent to sign in, other users see 'Access Denied' /
 * 'Admin privileges required'. Every screen is its own lazy chunk, so the storefront's
 * JavaScript does not grow.
 */
export function AdminRoute() {
  usePageMeta({ kind: 'default' });
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}

function AdminLayout() {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const current = (href: string) => (href === '/admin' ? location === '/admin' : location.startsWith(href));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:flex lg:gap-8 lg:py-10">
      <nav aria-label={t('nav.label')} className="-mx-4 mb-6 overflow-x-auto px-4 lg:mx-0 lg:mb-0 lg:w-56 lg:shrink-0 lg:px-0">
        <ul className="flex gap-1 lg:sticky lg:top-24 lg:flex-col">
          {SECTIONS.map(({ key, href, icon: Icon }) => (
            <li key={key} className="shrink-0">
              <Link
                href={href}
                aria-current={current(href) ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-ink',
                  current(href) && 'bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-900',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`nav.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
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
            <Route component={NotFoundRoute} />
          </Switch>
        </Suspense>
      </div>
    </div>
  );
}
