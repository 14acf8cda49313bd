import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { CompositePaymentProvider } from './composite.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { PaypalPaymentProvider } from './paypal/paypal-provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { StripePaymentProvider } from './stripe/stripe-provider.ts';

/** The payment providers the configuration names, and the sandbox when it takes part (its routes are served then). */
export interface PaymentProviders {
  payments: PaymentProvider;
  sandbox: SandboxPaymentProvider | undefined;
  /** Whether PayPal is offered (`GET /api/payments/config`). */
  paypal: boolean;
  /** The PayPal REST adapter when `PAYPAL_CLIENT_ID` is set: its webhook verifies deliveries with it (one token cache). */
  paypalRest: PaypalPaymentProvider | undefined;
}

/**
 * Cards at `PAYMENT_PROVIDER` (sandbox or Stripe), PayPal at the PayPal REST API when
 * `PAYPAL_CLIENT_ID` is set, else at the sandbox (`PAYMENT_PROVIDER=sandbox`) or nowhere
 * (`stripe`: PayPal is not offered). Decision record 0019; `config.ts` has checked the credentials.
 */
export function createPaymentProviders(config: Config, database: Database): PaymentProviders {
  const paypal = paypalRestProvider(config);
  if (config.paymentProvider === 'stripe') {
    const { secretKey, apiUrl } = config.stripe;
    if (!secretKey) throw new Error('STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe');
    const card = new StripePaymentProvider({
      secretKey,
      apiUrl,
      timeoutMs: config.paymentTimeoutMs,
      publicUrl: config.publicUrl,
    });
    return {
      payments: new CompositePaymentProvider({ card, paypal: paypal ?? null }),
      sandbox: undefined,
      paypal: paypal !== undefined,
      paypalRest: paypal,
    };
  }
  // Store-relative approval links: the sandbox's PayPal page is served by this very store, so the
  // buyer stays on the origin they shop on (session storage and the visitor id are per origin).
  const sandbox = new SandboxPaymentProvider({ db: database.db, secret: config.paymentSandboxSecret });
  return {
    payments: paypal ? new CompositePaymentProvider({ card: sandbox, paypal }) : sandbox,
    sandbox,
    paypal: true,
    paypalRest: paypal,
  };
}

/** The PayPal REST adapter when `PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET` are set. */
export function paypalRestProvider(config: Config): PaypalPaymentProvider | undefined {
  const { clientId, clientSecret, baseUrl } = config.paypal;
  if (!clientId || !clientSecret) return undefined;
  return new PaypalPaymentProvider({
    clientId,
    clientSecret,
    baseUrl,
    timeoutMs: config.paymentTimeoutMs,
    publicUrl: config.publicUrl,
  });
}

/**
 * The providers in use: `injected` (a test's fake, described as the configuration would describe
 * it) or those the configuration names ({@link createPaymentProviders}).
 */
export function paymentProvidersInUse(
  config: Config,
  database: Database,
  injected?: PaymentProvider,
): PaymentProviders {
  if (!injected) return createPaymentProviders(config, database);
  return {
    payments: injected,
    sandbox: injected instanceof SandboxPaymentProvider ? injected : undefined,
    paypal:
      injected instanceof CompositePaymentProvider ? injected.offersPaypal : injected instanceof SandboxPaymentProvider,
    paypalRest: undefined,
  };
}
