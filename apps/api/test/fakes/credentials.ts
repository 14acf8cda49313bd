/**
 * The fixed credentials of the provider fakes, and the store environment that points
 * the production adapters at fakes listening on `urls`. Test-only values.
 */
export const FAKE_CREDENTIALS = {
  esimgoApiKey: 'esimgo-test-key-0123456789',
  stripeSecretKey: 'sk_test_fake0123456789',
  stripePublishableKey: 'pk_test_fake0123456789',
  stripeWebhookSecret: 'whsec_fake0123456789abcdef',
  paypalClientId: 'paypal-fake-client-id',
  paypalClientSecret: 'paypal-fake-client-secret',
  paypalWebhookId: 'WH-FAKE-0123456789',
} as const;

/** The store's environment for `ESIM_PROVIDER=esimgo`, `PAYMENT_PROVIDER=stripe` and PayPal REST against the fakes. */
export function storeEnvForFakes(urls: {
  esimgo: string;
  stripe: string;
  stripeJs: string;
  paypal: string;
}): Record<string, string> {
  return {
    ESIM_PROVIDER: 'esimgo',
    ESIMGO_BASE_URL: urls.esimgo,
    ESIMGO_API_KEY: FAKE_CREDENTIALS.esimgoApiKey,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_CREDENTIALS.stripeSecretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_CREDENTIALS.stripePublishableKey,
    STRIPE_WEBHOOK_SECRET: FAKE_CREDENTIALS.stripeWebhookSecret,
    STRIPE_API_URL: urls.stripe,
    STRIPE_JS_URL: urls.stripeJs,
    PAYPAL_CLIENT_ID: FAKE_CREDENTIALS.paypalClientId,
    PAYPAL_CLIENT_SECRET: FAKE_CREDENTIALS.paypalClientSecret,
    PAYPAL_BASE_URL: urls.paypal,
    PAYPAL_WEBHOOK_ID: FAKE_CREDENTIALS.paypalWebhookId,
  };
}
