import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';

/**
 * One {@link PaymentProvider} made of two: cards at `card` (the sandbox or Stripe) and
 * PayPal at `paypal` (the sandbox, the PayPal REST adapter, or `null` when PayPal is not offered).
 * Refunds go to whichever made the charge ({@link PaymentProvider.ownsReference}).
 */
export class CompositePaymentProvider implements PaymentProvider {
  readonly id: string;

  constructor(private readonly parts: { card: PaymentProvider; paypal: PaymentProvider | null }) {
    const { card, paypal } = parts;
    this.id = !paypal || paypal === card || paypal.id === card.id ? card.id : `${card.id}+${paypal.id}`;
  }

  /** Whether PayPal is offered (`GET /api/payments/config` `paypal`). */
  get offersPaypal(): boolean {
    return this.parts.paypal !== null;
  }

  ownsReference(reference: string): boolean {
    return this.parts.card.ownsReference(reference) || (this.parts.paypal?.ownsReference(reference) ?? false);
  }

  chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    return this.parts.card.chargeCard(request);
  }

  confirmCardPayment(reference: string): Promise<ChargeResult> {
    return this.parts.card.confirmCardPayment(reference);
  }

  /** @throws PaymentProviderError (not retryable) when PayPal is not offered. */
  createPaypalOrder(request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    return this.paypal().createPaypalOrder(request);
  }

  capturePaypalOrder(reference: string): Promise<ChargeResult> {
    return this.paypal().capturePaypalOrder(reference);
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    const { card, paypal } = this.parts;
    const owner = paypal && paypal !== card && paypal.ownsReference(request.chargeReference) ? paypal : card;
    return owner.refund(request);
  }

  private paypal(): PaymentProvider {
    if (!this.parts.paypal) throw new PaymentProviderError('PayPal is not offered by this store', false);
    return this.parts.paypal;
  }
}
