/**
 * The payment provider port (DESIGN.md section 4). The store charges cards and PayPal only
 * through this interface; `sandbox` is the embedded default, Stripe and PayPal REST adapters
 * plug in the same way. Card numbers never reach it: the browser sends card fields to the
 * provider's own tokenisation endpoint and the store receives a token, brand and last four.
 *
 * Money is integer cents of `currency` (ISO 4217, upper case). Every call that moves money
 * carries the caller's idempotency key: the same key never charges twice (Stripe semantics).
 */

/** Why a payment did not succeed, in the provider's words (shown to the customer). */
export interface PaymentFailure {
  /** Stripe-style code: `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `paypal_cancelled`, `invalid_token`. */
  code: string;
  /** Human-readable reason, e.g. "Your card was declined." */
  message: string;
}

/** The outcome of a charge or a PayPal order. */
export type ChargeResult =
  | { status: 'succeeded'; reference: string; cardBrand: string | null; cardLast4: string | null }
  /** PayPal: the buyer must approve at `approvalUrl`; `reference` identifies the pending charge. */
  | { status: 'requires_approval'; reference: string; approvalUrl: string }
  | { status: 'failed'; reference: string; failure: PaymentFailure };

/** What a charge is for. */
export interface ChargeRequest {
  /** The caller's idempotency key; a repeat returns the first result and charges nothing more. */
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** Shown on the statement / PayPal page, e.g. the order number. */
  description: string;
}

/** Errors of the provider itself (unreachable, misconfigured): not a customer decline. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The payment operations the store needs. */
export interface PaymentProvider {
  /** Provider id for logs: `sandbox`, `stripe`, `paypal`. */
  readonly id: string;
  /**
   * Charges a tokenised card at once (authorise and capture).
   * @returns `succeeded` or `failed` with the provider's reason (declined, insufficient funds...).
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult>;
  /**
   * Creates a PayPal order the buyer approves on PayPal's page; the buyer then returns to
   * `returnUrl` (approved) or `cancelUrl` (cancelled).
   * @returns `requires_approval` with the URL to send the buyer to.
   */
  createPaypalOrder(request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult>;
  /**
   * Captures an approved PayPal order (idempotent: capturing twice returns the first result).
   * @returns `succeeded`, `failed` (cancelled or not approved) or `requires_approval` (buyer has not decided yet).
   */
  capturePaypalOrder(reference: string): Promise<ChargeResult>;
}
