import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from '../payment-provider.ts';
import { PaymentProviderError } from '../payment-provider.ts';

/** Settings of the PayPal REST adapter (`config.paypal`). */
export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** API origin, e.g. `https://api-m.paypal.com` or a local fake. */
  baseUrl: string;
  /** Time-out of one call, ms. */
  timeoutMs: number;
  /** The store's public origin: PayPal's return and cancel URLs are absolute. */
  publicUrl: string;
}

/** FOUNDATION STUB (issue 12): the PayPal part replaces this file. */
export class PaypalPaymentProvider implements PaymentProvider {
  readonly id = 'paypal';
  constructor(readonly options: PaypalOptions) {}
  private stub(): never {
    throw new PaymentProviderError('PayPal adapter not built yet', false);
  }
  ownsReference(reference: string): boolean {
    return /^[0-9A-Z]{17}$/.test(reference);
  }
  chargeCard(_request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    this.stub();
  }
  confirmCardPayment(_reference: string): Promise<ChargeResult> {
    this.stub();
  }
  createPaypalOrder(_request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    this.stub();
  }
  capturePaypalOrder(_reference: string): Promise<ChargeResult> {
    this.stub();
  }
  refund(_request: RefundRequest): Promise<RefundResult> {
    this.stub();
  }
}
