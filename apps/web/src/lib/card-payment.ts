import type { Wallet } from '@esim/contract/payments';

/**
 * The card payment sources other than the sandbox's card fields (decision record 0019): Stripe's Payment
 * Element, which tokenises in Stripe's iframe and runs 3-D Secure, and the wallets (Google Pay,
 * Apple Pay) through Stripe's Express Checkout Element or the sandbox's simulated sheet. The
 * checkout and top-up submissions use them through these interfaces, so they never see a card.
 */

/** Why a card could not be turned into a token: shown to the customer as the provider words it. */
export class CardEntryError extends Error {
  /**
   * @param kind `invalid`: the card form is incomplete or wrong (the provider's form shows where);
   *   `declined`: the provider refused the card; `unavailable`: the provider could not be reached.
   */
  constructor(
    message: string,
    readonly kind: 'invalid' | 'declined' | 'unavailable',
  ) {
    super(message);
    this.name = 'CardEntryError';
  }
}

/** Stripe's Payment Element as a form uses it (`components/payment/stripe/stripe-payment.tsx`). */
export interface CardCollector {
  /**
   * Validates the card typed in the provider's form and makes a single-use token of it (Stripe:
   * `elements.submit()` then `stripe.createConfirmationToken`, a `ctoken_…`).
   * @throws CardEntryError
   */
  createToken(): Promise<string>;
  /**
   * Runs the customer's action the bank asked for (3-D Secure: `stripe.handleNextAction`). Resolves
   * once the customer finished or closed it, whatever the outcome: the store's server decides
   * (`POST …/payment/confirm`).
   */
  handleNextAction(clientSecret: string): Promise<void>;
  /** Grows each time the card in the form changes: a changed card is a new attempt (`lib/idempotency.ts`). */
  revision(): number;
}

/** A wallet payment the buyer approved in the wallet's sheet. */
export interface WalletSource {
  wallet: Wallet;
  /** One approval, one attempt: part of the attempt's fingerprint. */
  id: string;
  /** The card token of the wallet's card. @throws CardEntryError, or an HttpError of the sandbox's endpoint. */
  getToken(): Promise<string>;
  /** Tells the wallet the payment failed (Stripe's `paymentFailed()`), when it wants to know. */
  onFailed?: () => void;
}

/** The fingerprint part of a card source: the wallet approval or the card form's revision. */
export function sourceFingerprint(collector: CardCollector | null, wallet: WalletSource | undefined): string {
  if (wallet) return `wallet:${wallet.wallet}:${wallet.id}`;
  return collector ? `stripe:${collector.revision()}` : 'fields';
}

/** What the wallet buttons ask the form (the same for Stripe's and the sandbox's wallets). */
export interface WalletHandlers {
  /** The buyer pressed a wallet button: validates the rest of the form. @returns whether to open the wallet's sheet. */
  onClick: () => Promise<boolean>;
  /** The buyer approved in the sheet: the form submits with this card source. */
  onConfirm: (source: WalletSource) => void;
}

/**
 * Whether a payment form validates the store's own card fields, for react-hook-form's resolver
 * (`useForm({ context })`): not when Stripe's Payment Element holds the card, nor while a wallet
 * payment is checked (the wallet holds the card). One object per form, kept by RHF.
 */
export class CardValidation {
  private stripe = false;
  private wallet = false;

  /** The store's cards go to Stripe (from `GET /api/payments/config`). */
  setStripe(stripe: boolean): void {
    this.stripe = stripe;
  }

  /** A wallet payment is being validated (set around the wallet's `handleSubmit`). */
  setWallet(wallet: boolean): void {
    this.wallet = wallet;
  }

  /** Whether the card fields are left out of the validation. */
  get skipCard(): boolean {
    return this.stripe || this.wallet;
  }
}
