import type { Db } from '../../db/client.ts';
import { paymentThrottles } from '../../lib/payment-throttle.ts';
import { sharedRateLimit } from '../../lib/throttle-store.ts';
import { EsimGoProvider } from '../../providers/esim/esimgo/esimgo-provider.ts';
import { WebhookEventsRepository } from '../../lib/webhook-events.repository.ts';
import { paypalRestProvider } from '../../providers/payment/create-payment-provider.ts';
import type { AuthService } from '../auth/auth.module.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { EmailLog } from '../email/email.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { OrderStatsRepository } from './admin/dashboard.repository.ts';
import { AdminOrdersRepository } from './admin/admin-orders.repository.ts';
import { adminOrdersRoutes } from './admin/admin-orders.routes.ts';
import { AdminOrdersService } from './admin/admin-orders.service.ts';
import { OrderEmailJobs } from './admin/order-email-jobs.ts';
import { orderListRoutes } from './admin/order-list.routes.ts';
import { CartRepository } from './cart/cart.repository.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { CartService } from './cart/cart.service.ts';
import { EsimIccidsRepository } from './esim-iccids.repository.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { OrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { PopularityRepository } from './popularity.repository.ts';
import { paymentsConfig, paymentsConfigRoutes } from './payments-config.routes.ts';
import { paypalWebhookThrottle } from './paypal-webhook-throttle.ts';
import { paypalWebhookRoutes } from './paypal-webhook.routes.ts';
import { PaypalWebhookService } from './paypal-webhook.service.ts';
import { attachThrottle } from './portal/attach-throttle.ts';
import { EsimGoCallbackRepository } from './portal/esimgo-callback.repository.ts';
import { esimGoCallbackRoutes } from './portal/esimgo-callback.routes.ts';
import { EsimGoCallbackService } from './portal/esimgo-callback.service.ts';
import { PortalRepository } from './portal/portal.repository.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { PortalService } from './portal/portal.service.ts';
import { UsageSyncService } from './portal/usage-sync.service.ts';
import { RefundRepository } from './refunds/refund.repository.ts';
import { refundRoutes } from './refunds/refund.routes.ts';
import { RefundService } from './refunds/refund.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

export { ACCESS_TOKEN_TTL_DAYS, accessTokenState, hashAccessToken } from './orders.service.ts';
export { isOrderStatus } from './order-status.ts';
export type { OrdersService } from './orders.service.ts';
export type {
  AttentionResult,
  AttentionRow,
  DashboardOrderRow,
  OrderStatsRepository as OrderStats,
  RefundBucket,
  SalesBucket,
} from './admin/dashboard.repository.ts';
export type { PortalService } from './portal/portal.service.ts';
export type { UsageSyncService } from './portal/usage-sync.service.ts';

/**
 * Which of some ICCIDs belong to the store's eSIMs: for the eSIM Go adapter, built before the
 * modules, which must not take a top-up for a lost new-eSIM order when it reconciles.
 */
export function heldIccids(db: Db): (iccids: readonly string[]) => Promise<Set<string>> {
  const repo = new EsimIccidsRepository(db);
  return (iccids) => repo.held(iccids);
}

/** What the orders module offers the rest of the store. */
export interface OrdersModule {
  orders: OrdersService;
  portal: PortalService;
  usageSync: UsageSyncService;
  /**
   * Units sold per product id since an instant: lines of paid orders and top-ups that were
   * neither cancelled nor refunded (products without sales are absent).
   */
  unitsSoldSince(since: Date): Promise<Map<number, number>>;
  /** The admin dashboard's figures: sales and refunds per day, orders needing attention, order numbers by id. */
  stats: OrderStatsRepository;
}

/**
 * The cart, checkout and every write to an order (decision records 0008, 0012, 0019, 0024): the
 * visitor's cart, placing and paying orders (cards with 3-D Secure, PayPal), fulfilment exactly
 * once from durable jobs (eSIM profile, then the confirmation e-mail), the payment providers'
 * webhooks (`POST /api/webhooks/stripe` when a signing secret is configured,
 * `POST /api/webhooks/paypal`), refunds, and the admin's orders: the list, status changes, notes,
 * access tokens and the e-mails they send; and the customer portal over the same orders and eSIMs
 * (decision record 0009): an order's eSIMs by access token or account, usage refreshed from the
 * eSIM provider (once per period across instances, and on demand), top-ups, attaching a guest
 * order to an account, and eSIM Go's usage callbacks (`POST /api/webhooks/esimgo`). Order
 * statuses are written here only.
 */
export async function ordersModule(
  ctx: ModuleContext,
  deps: {
    auth: AuthService;
    catalog: CatalogService;
    emailLog: EmailLog;
    simulatorUrl: (iccid: string) => string | null;
  },
): Promise<OrdersModule> {
  const { app, config, database, jobs, throttler } = ctx;
  const { auth } = deps;
  const { catalog, emailLog } = deps;
  const cart = new CartService(new CartRepository(database.db), catalog);
  await app.register(cartRoutes, { cart });

  const repo = new OrdersRepository(database.db, catalog);
  const orders = new OrdersService({ repo, cart, payments: ctx.payments, idempotency: ctx.idempotency, jobs });
  const { mailer } = ctx;
  new FulfilmentService({
    repo,
    esimProvider: ctx.esimProvider,
    mailer,
    emailLog,
    publicOrigin: config.publicUrl,
    jobs,
  }).register(jobs);
  await app.register(ordersRoutes, { orders, throttle: paymentThrottles(throttler, config.paymentThrottle).checkout });
  await app.register(paymentsConfigRoutes, { config: paymentsConfig(config, ctx.paymentProviders.paypal) });

  if (config.stripe.webhookSecret) {
    await app.register(stripeWebhookRoutes, {
      secret: config.stripe.webhookSecret,
      events: new WebhookEventsRepository(database.db, 'stripe'),
      reconcile: (paymentIntentId, intent) => orders.reconcileCardPayment(paymentIntentId, intent),
    });
  }
  // Deliveries are verified by postback with the PayPal adapter in use (one token cache); without
  // PayPal REST credentials and a webhook id the route answers 404.
  const verifier = ctx.paymentProviders.paypalRest ?? paypalRestProvider(config);
  const webhook =
    verifier && config.paypal.webhookId
      ? new PaypalWebhookService({
          verifier,
          webhookId: config.paypal.webhookId,
          events: new WebhookEventsRepository(database.db, 'paypal'),
          orders: repo,
          capture: (order) => orders.captureApprovedPaypal(order),
          log: ctx.log,
        })
      : undefined;
  await app.register(paypalWebhookRoutes, { webhook, throttle: paypalWebhookThrottle(throttler) });

  const portalRepo = new PortalRepository(database.db, catalog);
  const usageSync = new UsageSyncService({
    repo: portalRepo,
    esimProvider: ctx.esimProvider,
    productByBundleName: (name) => catalog.productByBundleName(name),
    intervalMs: config.portal.usageSyncIntervalMs,
  });
  usageSync.register(jobs);
  ctx.schedules.add({ name: 'usage-sync', start: () => usageSync.scheduleNext(jobs) });
  const portal = new PortalService({
    repo: portalRepo,
    usage: usageSync,
    orders,
    catalog,
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
  const esimProvider = ctx.esimProvider;
  const key = esimProvider instanceof EsimGoProvider ? esimProvider.callbackKey : config.esimGo.apiKey;
  const callbacks = new EsimGoCallbackService({ repo: new EsimGoCallbackRepository(database.db), key, log: ctx.log });
  await app.register(esimGoCallbackRoutes, { callbacks });

  const refunds = new RefundService({
    repo: new RefundRepository(database.db),
    payments: ctx.payments,
    esimProvider: ctx.esimProvider,
    jobs,
    // The store's copy of an eSIM (portal, order screen) follows its cancelled bundles at once.
    refreshEsim: (orderId, iccid) => usageSync.refreshEsimOfOrder(orderId, iccid),
    log: ctx.log,
  });
  refunds.register(jobs);
  await app.register(refundRoutes, { auth, refunds });

  const adminRepo = new AdminOrdersRepository(database.db);
  const adminOrders = new AdminOrdersService({
    repo: adminRepo,
    emailLog,
    usernameOf: (userId) => auth.usernameOf(userId),
    refunds,
    jobs,
  });
  new OrderEmailJobs({ repo: adminRepo, orders: repo, mailer, emailLog, publicOrigin: config.publicUrl }).register(
    jobs,
  );
  await app.register(adminOrdersRoutes, { auth, adminOrders });
  await app.register(orderListRoutes, { auth, orders, adminOrders });
  const popularity = new PopularityRepository(database.db);
  const stats = new OrderStatsRepository(database.db);
  return { orders, portal, usageSync, stats, unitsSoldSince: (since) => popularity.unitsSoldSince(since) };
}
