import { paymentThrottles } from '../../lib/payment-throttle.ts';
import { WebhookEventsRepository } from '../../lib/webhook-events.repository.ts';
import { paypalRestProvider } from '../../providers/payment/create-payment-provider.ts';
import type { AuthService } from '../auth/auth.module.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { AdminOrdersRepository } from './admin/admin-orders.repository.ts';
import { adminOrdersRoutes } from './admin/admin-orders.routes.ts';
import { AdminOrdersService } from './admin/admin-orders.service.ts';
import { OrderEmailJobs } from './admin/order-email-jobs.ts';
import { orderListRoutes } from './admin/order-list.routes.ts';
import { CartRepository } from './cart/cart.repository.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { CartService } from './cart/cart.service.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { OrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { paymentsConfig, paymentsConfigRoutes } from './payments-config.routes.ts';
import { paypalWebhookThrottle } from './paypal-webhook-throttle.ts';
import { paypalWebhookRoutes } from './paypal-webhook.routes.ts';
import { PaypalWebhookService } from './paypal-webhook.service.ts';
import { RefundRepository } from './refunds/refund.repository.ts';
import { refundRoutes } from './refunds/refund.routes.ts';
import { RefundService } from './refunds/refund.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

export { ACCESS_TOKEN_TTL_DAYS, accessTokenState, hashAccessToken } from './orders.service.ts';
export { isOrderStatus } from './order-status.ts';
export type { OrdersService } from './orders.service.ts';

/** Told the order and ICCID of an eSIM whose bundles were just cancelled (a refund). */
export type EsimChangedListener = (orderId: number, iccid: string) => Promise<void>;

/** What the orders module offers the rest of the store. */
export interface OrdersModule {
  orders: OrdersService;
  /** Adds a listener called after a refund cancelled an eSIM's bundles (best effort). */
  onEsimChanged(listener: EsimChangedListener): void;
}

/**
 * The cart, checkout and every write to an order (decision records 0008, 0012, 0019, 0024): the
 * visitor's cart, placing and paying orders (cards with 3-D Secure, PayPal), fulfilment exactly
 * once from durable jobs (eSIM profile, then the confirmation e-mail), the payment providers'
 * webhooks (`POST /api/webhooks/stripe` when a signing secret is configured,
 * `POST /api/webhooks/paypal`), refunds, and the admin's orders: the list, status changes, notes,
 * access tokens and the e-mails they send. Order statuses are written here only.
 */
export async function ordersModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; catalog: CatalogService },
): Promise<OrdersModule> {
  const { app, config, database, jobs, throttler } = ctx;
  const { auth } = deps;
  const cart = new CartService(new CartRepository(database.db), deps.catalog);
  await app.register(cartRoutes, { cart });

  const repo = new OrdersRepository(database.db);
  const orders = new OrdersService({ repo, cart, payments: ctx.payments, idempotency: ctx.idempotency, jobs });
  const { mailer } = ctx;
  new FulfilmentService({
    repo,
    esimProvider: ctx.esimProvider,
    mailer,
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

  const esimListeners: EsimChangedListener[] = [];
  const refunds = new RefundService({
    repo: new RefundRepository(database.db),
    payments: ctx.payments,
    esimProvider: ctx.esimProvider,
    jobs,
    refreshEsim: async (orderId, iccid) => {
      for (const listener of esimListeners) await listener(orderId, iccid);
    },
    log: ctx.log,
  });
  refunds.register(jobs);
  await app.register(refundRoutes, { auth, refunds });

  const adminRepo = new AdminOrdersRepository(database.db);
  const adminOrders = new AdminOrdersService({ repo: adminRepo, refunds, jobs });
  new OrderEmailJobs({ repo: adminRepo, orders: repo, mailer, publicOrigin: config.publicUrl }).register(jobs);
  await app.register(adminOrdersRoutes, { auth, adminOrders });
  await app.register(orderListRoutes, { auth, orders, adminOrders });
  return { orders, onEsimChanged: (listener) => esimListeners.push(listener) };
}
