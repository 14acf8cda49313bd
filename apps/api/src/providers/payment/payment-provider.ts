/**
 * The payment provider port (decision records 0007, 0019). The store charges cards and PayPal only
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
  /**
   * Card (Stripe): the bank wants the customer's action (3-D Secure, PaymentIntent
   * `requires_action`). The browser runs `stripe.handleNextAction({ clientSecret })`; the store then
   * calls {@link PaymentProvider.confirmCardPayment} with `reference` (the PaymentIntent id), or
   * Stripe's webhook settles it.
   */
  | { status: 'requires_action'; reference: string; clientSecret: string }
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

/**
 * A refund of a settled charge (docs/product-rules.md#refunds): Stripe `POST /v1/refunds` with an `Idempotency-Key`,
 * PayPal `POST /v2/payments/captures/{id}/refund` with a `PayPal-Request-Id`,
 * so a retried refund is made once.
 */
export interface RefundRequest {
  /** The charge's `reference` as its {@link ChargeResult} gave it (Stripe charge, PayPal order / capture id). */
  chargeReference: string;
  /** Integer cents of the charge's currency: 1 up to what remains unrefunded on the charge. */
  amountCents: number;
  /** The caller's idempotency key (1-255 characters): the same key refunds at most once and replays its result. */
  idempotencyKey: string;
}

/** The outcome of a refund. */
export interface RefundResult {
  /**
   * `succeeded`: the money goes back to the card or PayPal account. `failed`: the provider
   * refused (the charge is not settled, or the amount exceeds what remains to refund);
   * `failureMessage` says why.
   */
  status: 'succeeded' | 'failed';
  /** The provider's refund id (Stripe `re_…`, PayPal refund id). */
  reference: string;
  /** The provider's reason when `failed`, e.g. "The charge has already been refunded in full." */
  failureMessage?: string;
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
   * Whether `reference` (a {@link ChargeResult} reference) is one of this provider's, so that a
   * store with cards at one provider and PayPal at another refunds at the right one:
   * Stripe `pi_…`, PayPal its order and capture ids, the sandbox every id it made.
   */
  ownsReference(reference: string): boolean;
  /**
   * Charges a tokenised card at once (authorise and capture).
   * @returns `succeeded` or `failed` with the provider's reason (declined, insufficient funds...).
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult>;
  /**
   * The current outcome of a card charge that asked for the customer's action: after
   * 3-D Secure in the browser, or when a webhook says it changed. Reads, never charges.
   * @returns `succeeded`, `failed` (authentication failed or the card was then declined) or
   *   `requires_action` again (the customer has not finished).
   * @throws PaymentProviderError when the provider cannot be reached (retryable) or the reference is unknown.
   */
  confirmCardPayment(reference: string): Promise<ChargeResult>;
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
  /**
   * Refunds (part of) a settled card or PayPal charge. Idempotent by `idempotencyKey` (Stripe
   * `Idempotency-Key`, PayPal `PayPal-Request-Id`): a repeat, even concurrent, refunds nothing more
   * and returns the refund made under the key; a repeat after a refusal is decided again (PayPal
   * returns "the latest status of the previous request"), so the caller's retry with the same key
   * may succeed once the cause is gone, and still refunds at most once.
   * @returns `succeeded` with the refund id, or `failed` with the provider's reason (charge not
   *   settled, amount above what remains unrefunded).
   * @throws PaymentProviderError when the provider cannot be reached (retryable), the charge is
   *   unknown, the request is malformed, or the key was used for another charge or amount (not
   *   retryable).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}
