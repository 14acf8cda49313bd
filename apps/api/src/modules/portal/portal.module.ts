import { paymentThrottles } from '../../lib/payment-throttle.ts';
import { sharedRateLimit } from '../../lib/throttle-store.ts';
import { EsimGoProvider } from '../../providers/esim/esimgo/esimgo-provider.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import type { OrdersModule } from '../orders/orders.module.ts';
import { attachThrottle } from './attach-throttle.ts';
import { EsimGoCallbackRepository } from './esimgo-callback.repository.ts';
import { esimGoCallbackRoutes } from './esimgo-callback.routes.ts';
import { EsimGoCallbackService } from './esimgo-callback.service.ts';
import { PortalRepository } from './portal.repository.ts';
import { portalRoutes } from './portal.routes.ts';
import { PortalService } from './portal.service.ts';
import { UsageSyncService } from './usage-sync.service.ts';

export type { UsageSyncService } from './usage-sync.service.ts';
export type { PortalService } from './portal.service.ts';

/**
 * The customer portal (decision record 0009): an order's eSIMs by access token or account, usage
 * refreshed from the eSIM provider (once per period across instances, and on demand), top-ups,
 * attaching a guest order to an account, and eSIM Go's usage callbacks (`POST /api/webhooks/esimgo`).
 */
export async function portalModule(
  ctx: ModuleContext,
  deps: { catalog: CatalogService; orders: OrdersModule; simulatorUrl: (iccid: string) => string | null },
): Promise<{ portal: PortalService; usageSync: UsageSyncService }> {
  const { app, config, database, esimProvider, jobs, throttler } = ctx;
  const repo = new PortalRepository(database.db);
  const usageSync = new UsageSyncService({
    repo,
    esimProvider,
    productByBundleName: (name) => deps.catalog.productByBundleName(name),
    intervalMs: config.portal.usageSyncIntervalMs,
  });
  usageSync.register(jobs);
  // The store's copy of an eSIM (portal, order screen) follows its cancelled bundles at once.
  deps.orders.onEsimChanged((orderId, iccid) => usageSync.refreshEsimOfOrder(orderId, iccid));
  ctx.schedules.add({ name: 'usage-sync', start: () => usageSync.scheduleNext(jobs) });
  const portal = new PortalService({
    repo,
    usage: usageSync,
    orders: deps.orders.orders,
    catalog: deps.catalog,
    simulatorUrl: deps.simulatorUrl,
  });
  await app.register(portalRoutes, {
    portal,
    rateLimitPerMinute: config.portal.rateLimitPerMinute,
    throttle: paymentThrottles(throttler, config.paymentThrottle).topup,
    attach: attachThrottle(throttler),
    // Counted in Redis (REDIS_URL) or the database: one limit across every instance.
    rateLimitStore: await sharedRateLimit(app, { name: 'portal', redisUrl: config.redisUrl, db: database.db }),
  });
  // The HMAC key is the eSIM Go API key: the adapter's in use, else the configured one; with
  // neither (the sandbox without a key) every callback is refused 401.
  const key = esimProvider instanceof EsimGoProvider ? esimProvider.callbackKey : config.esimGo.apiKey;
  const callbacks = new EsimGoCallbackService({ repo: new EsimGoCallbackRepository(database.db), key, log: ctx.log });
  await app.register(esimGoCallbackRoutes, { callbacks });
  return { portal, usageSync };
}
