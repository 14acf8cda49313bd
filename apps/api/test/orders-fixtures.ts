import { randomUUID } from 'node:crypto';
import type { CheckoutBody } from '@esim/contract/checkout';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppDeps, type AppServices, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import type { EsimProvider } from '../src/providers/esim/esim-provider.ts';
import {
  type ChargeRequest,
  type ChargeResult,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from '../src/providers/payment/payment-provider.ts';
import { SANDBOX_TEST_CARDS, SandboxPaymentProvider } from '../src/providers/payment/sandbox.ts';
import { openTestDatabase, testConfig } from './helper.ts';

/**
 * The sandbox payment provider with faults on demand: `unreachable` makes every call throw a
 * retryable `PaymentProviderError` (the provider is down), `latencyMs` delays every call (widens
 * the window of concurrency tests). Still a `SandboxPaymentProvider`, so its routes are served.
 */
export class FlakySandboxPayments extends SandboxPaymentProvider {
  unreachable = false;
  latencyMs = 0;

  private async enter(): Promise<void> {
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (this.unreachable) throw new PaymentProviderError('sandbox unreachable (test)', true);
  }

  override async chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    await this.enter();
    return super.chargeCard(request);
  }

  override async createPaypalOrder(
    request: ChargeRequest & { returnUrl: string; cancelUrl: string },
  ): Promise<ChargeResult> {
    await this.enter();
    return super.createPaypalOrder(request);
  }

  override async capturePaypalOrder(reference: string): Promise<ChargeResult> {
    await this.enter();
    return super.capturePaypalOrder(reference);
  }

  /** Refunds that reached the sandbox (after `latencyMs` and `unreachable`), in call order. */
  readonly refundCalls: RefundRequest[] = [];

  override async refund(request: RefundRequest): Promise<RefundResult> {
    await this.enter();
    this.refundCalls.push(request);
    return super.refund(request);
  }
}

/** A test app for the orders module. */
export interface OrdersTestApp {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  payments: FlakySandboxPayments;
  close(): Promise<void>;
}

/**
 * A built app on a fresh, seeded database with the sandbox payment provider (faults on demand),
 * the mailer of the config (the database Outbox unless `env.SMTP_URL` is set), the real
 * templates, and job backoff shortened to milliseconds. `env` adds environment variables to the
 * test config (e.g. `SMTP_URL`, `PUBLIC_URL`).
 */
export async function createOrdersTestApp(
  opts: { esimProvider?: EsimProvider; deps?: Partial<AppDeps>; env?: NodeJS.ProcessEnv } = {},
): Promise<OrdersTestApp> {
  const database = await openTestDatabase();
  const config = testConfig(opts.env);
  const payments = new FlakySandboxPayments({ db: database.db, secret: config.paymentSandboxSecret });
  const { app, services } = await buildApp({
    config,
    database,
    serveWeb: false,
    paymentProvider: payments,
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
    ...(opts.esimProvider ? { esimProvider: opts.esimProvider } : {}),
    ...opts.deps,
  });
  await services.catalog.ensureSeeded();
  await app.ready();
  return {
    app,
    services,
    database,
    payments,
    close: async () => {
      await services.jobs.stop();
      await app.close();
      await database.close();
    },
  };
}

/** A valid checkout body paying by `payment` (default: PayPal). */
export function checkoutBody(
  payment: CheckoutBody['payment'] = { method: 'paypal' },
  overrides: Partial<CheckoutBody> = {},
): CheckoutBody {
  return {
    customer: { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
    payment,
    acceptTerms: true,
    language: 'en',
    ...overrides,
  };
}

/** HTTP helpers bound to one app. */
export function client(app: FastifyInstance) {
  const inject = (options: InjectOptions) => app.inject(options);
  return {
    /** Adds `quantity` of `productId` to the session's cart; throws unless 201. */
    async addToCart(session: string, productId: number, quantity = 1): Promise<void> {
      const res = await inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'x-session-id': session },
        payload: { productId, quantity },
      });
      if (res.statusCode !== 201) throw new Error(`add to cart: ${res.statusCode} ${res.body}`);
    },
    /** A sandbox card token for a test card number (default 4242..., which succeeds). */
    async cardToken(cardNumber: string = SANDBOX_TEST_CARDS.succeeds): Promise<string> {
      const res = await inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokens',
        payload: {
          cardholderName: 'Ada Lovelace',
          cardNumber,
          expiryMonth: 12,
          expiryYear: new Date().getUTCFullYear() + 2,
          cvv: '123',
        },
      });
      if (res.statusCode !== 201) throw new Error(`tokenise: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    /** The buyer's decision on the sandbox PayPal page (a form post answered 303). */
    async decidePaypal(reference: string, decision: 'approve' | 'cancel'): Promise<string> {
      const res = await inject({ method: 'POST', url: `/sandbox/paypal/${reference}/${decision}` });
      if (res.statusCode !== 303) throw new Error(`paypal ${decision}: ${res.statusCode} ${res.body}`);
      return String(res.headers.location);
    },
    getCart: (session: string) => inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': session } }),
    checkout: (session: string | null, key: string | null, payload: unknown) =>
      inject({
        method: 'POST',
        url: '/api/checkout',
        headers: {
          'content-type': 'application/json',
          ...(session === null ? {} : { 'x-session-id': session }),
          ...(key === null ? {} : { 'idempotency-key': key }),
        },
        payload: payload as InjectOptions['payload'],
      }),
    getOrder: (orderNumber: string, headers: Record<string, string> = {}) =>
      inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers }),
    capture: (orderNumber: string, headers: Record<string, string> = {}) =>
      inject({ method: 'POST', url: `/api/orders/${orderNumber}/paypal/capture`, headers }),
  };
}

/** A new visitor session id. */
export const newSession = () => randomUUID();
/** A new idempotency key. */
export const newKey = () => `key-${randomUUID()}`;
