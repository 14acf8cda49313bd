/** FOUNDATION STUB (issue 12): the Stripe part replaces this file with the stateful fake. */
export interface StripeFakeOptions {
  port?: number;
  secretKey: string;
  publishableKey: string;
  /** Where signed events are POSTed (the store's `/api/webhooks/stripe`). */
  webhookUrl?: string;
  webhookSecret: string;
}
export interface StripeFake {
  /** Origin, e.g. `http://127.0.0.1:5191` (STRIPE_API_URL). */
  url: string;
  /** The Stripe.js stand-in, `${url}/v3/` (STRIPE_JS_URL). */
  jsUrl: string;
  close(): Promise<void>;
}
export async function startStripeFake(_options: StripeFakeOptions): Promise<StripeFake> {
  throw new Error('Stripe fake not built yet');
}
