/**
 * The part of Stripe.js v3 the store uses (https://docs.stripe.com/js), typed here rather than
 * through `@stripe/stripe-js` so that the script is loaded from the configurable `stripeJsUrl`
 * (a local stand-in in the browser tests) and no npm package is added. Names and shapes follow
 * Stripe's documentation: Elements with `mode: 'payment'`, the Payment Element, the Express
 * Checkout Element, `createConfirmationToken` and `handleNextAction`.
 */

/** A Stripe.js error (`{ type, code?, decline_code?, message? }`). */
export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** A ConfirmationToken (`ctoken_…`): what the store's server confirms the PaymentIntent with. */
export interface ConfirmationToken {
  id: string;
}

/** `elements.create('expressCheckout')`'s `click` event: resolve within a second to open the wallet sheet. */
export interface ExpressClickEvent {
  expressPaymentType: string;
  resolve: (options?: Record<string, unknown>) => void;
  reject?: () => void;
}

/** `expressCheckout`'s `confirm` event: the buyer approved in the wallet's sheet. */
export interface ExpressConfirmEvent {
  expressPaymentType: string;
  paymentFailed: (options?: { reason?: string }) => void;
}

/** `expressCheckout`'s `ready` event: which wallets this device and browser can use. */
export interface ExpressReadyEvent {
  availablePaymentMethods?: Partial<Record<'applePay' | 'googlePay' | 'link' | 'paypal' | 'amazonPay', boolean>>;
}

/** A mounted element (Payment Element, Express Checkout Element). */
export interface StripeElement {
  mount(target: string | HTMLElement): void;
  on(event: string, handler: (event: never) => void): void;
  update(options: Record<string, unknown>): void;
  unmount(): void;
  destroy(): void;
  focus?(): void;
}

/** `stripe.elements({ mode: 'payment', amount, currency })`. */
export interface StripeElements {
  create(type: 'payment' | 'expressCheckout', options?: Record<string, unknown>): StripeElement;
  update(options: Record<string, unknown>): void;
  submit(): Promise<{ error?: StripeError }>;
}

/** The `Stripe(publishableKey)` instance. */
export interface StripeInstance {
  elements(options: Record<string, unknown>): StripeElements;
  createConfirmationToken(options: {
    elements: StripeElements;
    params?: Record<string, unknown>;
  }): Promise<{ confirmationToken?: ConfirmationToken; error?: StripeError }>;
  handleNextAction(options: {
    clientSecret: string;
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

/** `window.Stripe`, defined by the script. */
export type StripeConstructor = (publishableKey: string, options?: Record<string, unknown>) => StripeInstance;
