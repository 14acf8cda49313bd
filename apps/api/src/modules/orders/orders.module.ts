import { paymentThrottles } from '../../lib/payment-throttle.ts';
import { WebhookEventsRepository } from '../../lib/webhook-events.repository.ts';
import { paypalRestProvider } from '../../providers/payment/create-payment-provider.ts';
import type { CartService } from '../cart/cart.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { OrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { paymentsConfig, paymentsConfigRoutes } from './payments-config.routes.ts';
import { paypalWebhookThrottle } from './paypal-webhook-throttle.ts';
import { paypalWebhookRoutes } from './paypal-webhook.routes.ts';
import { PaypalWebhookService } from './paypal-webhook.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

export type { OrdersService } from './orders.service.ts';

/**
 * Checkout and the order's life (decision records 0008, 0012, 0019, 0024): places and pays orders
 * (cards with 3-D Secure, PayPal), fulfils them exactly once from durable jobs (eSIM profile, then
 * the confirmation e-mail), and takes the payment providers' webhooks (`POST /api/webhooks/stripe`
 * when a signing secret is configured, `POST /api/webhooks/paypal`).
 */
export async function ordersModule(
  ctx: ModuleContext,
  deps: { cart: CartService },
): Promise<{ orders: OrdersService; ordersRepository: OrdersRepository }> {
  const { app, config, database, jobs, throttler } = ctx;
  const repo = new OrdersRepository(database.db);
  const orders = new OrdersService({
    repo,
    cart: deps.cart,
    payments: ctx.payments,
    idempotency: ctx.idempotency,
    jobs,
  });
  new FulfilmentService({
    repo,
    esimProvider: ctx.esimProvider,
    mailer: ctx.mailer,
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
  return { orders, ordersRepository: repo };
}
