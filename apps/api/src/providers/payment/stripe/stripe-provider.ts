import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from '../payment-provider.ts';
import { PaymentProviderError } from '../payment-provider.ts';

/** Settings of the Stripe adapter (`config.stripe`). */
export interface StripeOptions {
  secretKey: string;
  /** API origin, e.g. `https://api.stripe.com` or a local fake `http://127.0.0.1:5191`. */
  apiUrl: string;
  /** Time-out of one call, ms. */
  timeoutMs: number;
  /** The store's public origin: the absolute `return_url` of redirect-based payment methods. */
  publicUrl: string;
}

/** FOUNDATION STUB (issue 12): the Stripe part replaces this file. */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe';
  constructor(readonly options: StripeOptions) {}
  private stub(): never {
    throw new PaymentProviderError('Stripe adapter not built yet', false);
  }
  ownsReference(reference: string): boolean {
    return reference.startsWith('pi_');
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
