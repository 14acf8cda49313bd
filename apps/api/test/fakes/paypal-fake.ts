/** FOUNDATION STUB (issue 12): the PayPal part replaces this file with the stateful fake. */
export interface PaypalFakeOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  /** Where signed events are POSTed (the store's `/api/webhooks/paypal`). */
  webhookUrl?: string;
  webhookId: string;
}
export interface PaypalFake {
  /** Origin, e.g. `http://127.0.0.1:5192` (PAYPAL_BASE_URL). */
  url: string;
  close(): Promise<void>;
}
export async function startPaypalFake(_options: PaypalFakeOptions): Promise<PaypalFake> {
  throw new Error('PayPal fake not built yet');
}
