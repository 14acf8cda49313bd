/**
 * Runs the three provider fakes as one process, for the browser tests and the cluster test and
 * bench: `node --import tsx apps/api/test/fakes/serve.ts`. Ports and the store's
 * webhook origin come from the environment; the credentials are the fixed test ones below
 * ({@link FAKE_CREDENTIALS}), which the store under test is given too. Prints one JSON line
 * `{ esimgo, stripe, stripeJs, paypal }` with the URLs once all listen; stops on SIGINT/SIGTERM.
 *
 * Environment: `FAKE_ESIMGO_PORT` (default 5190), `FAKE_STRIPE_PORT` (5191), `FAKE_PAYPAL_PORT`
 * (5192), `FAKE_STORE_URL` (the store's origin for webhooks, default `http://127.0.0.1:5181`),
 * `FAKE_ESIMGO_LATENCY_MS` (default 0).
 */
import { startEsimGoFake } from './esimgo-fake.ts';
import { startPaypalFake } from './paypal-fake.ts';
import { startStripeFake } from './stripe-fake.ts';
import { FAKE_CREDENTIALS } from './credentials.ts';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const store = (process.env.FAKE_STORE_URL ?? 'http://127.0.0.1:5181').replace(/\/+$/, '');

const esimgo = await startEsimGoFake({
  port: port('FAKE_ESIMGO_PORT', 5190),
  apiKey: FAKE_CREDENTIALS.esimgoApiKey,
  callbackUrl: `${store}/api/webhooks/esimgo`,
  latencyMs: Number(process.env.FAKE_ESIMGO_LATENCY_MS ?? 0),
});
const stripe = await startStripeFake({
  port: port('FAKE_STRIPE_PORT', 5191),
  secretKey: FAKE_CREDENTIALS.stripeSecretKey,
  publishableKey: FAKE_CREDENTIALS.stripePublishableKey,
  webhookSecret: FAKE_CREDENTIALS.stripeWebhookSecret,
  webhookUrl: `${store}/api/webhooks/stripe`,
});
const paypal = await startPaypalFake({
  port: port('FAKE_PAYPAL_PORT', 5192),
  clientId: FAKE_CREDENTIALS.paypalClientId,
  clientSecret: FAKE_CREDENTIALS.paypalClientSecret,
  webhookId: FAKE_CREDENTIALS.paypalWebhookId,
  webhookUrl: `${store}/api/webhooks/paypal`,
});
process.stdout.write(
  `${JSON.stringify({ esimgo: esimgo.url, stripe: stripe.url, stripeJs: stripe.jsUrl, paypal: paypal.url })}\n`,
);

const stop = async () => {
  await Promise.allSettled([esimgo.close(), stripe.close(), paypal.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
