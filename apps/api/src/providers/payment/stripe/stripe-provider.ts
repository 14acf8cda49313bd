import Stripe from 'stripe';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentFailure,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '../payment-provider.ts';
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
  /**
   * Retries of a call that failed on the network or with a 409/5xx (the SDK's
   * `maxNetworkRetries`, same idempotency key; default 1). Tests set 0 to see the first failure.
   */
  maxNetworkRetries?: number;
}

/** The store's order number in a charge description (`Roamwise order ORD-…`), for `metadata[order]`. */
const ORDER_NUMBER = /ORD-[0-9A-Z]{12}/;

/** Stripe's customer-facing reason for a failed 3-D Secure (`payment_intent_authentication_failure`). */
const AUTHENTICATION_FAILED: PaymentFailure = {
  code: 'authentication_failed',
  message: 'We could not authenticate your payment method. Please choose a different payment method and try again.',
};

/**
 * The port's failure codes (`PaymentFailure.code`) for a Stripe card error: the decline code
 * when it is one the store names (`insufficient_funds`, `expired_card`, `incorrect_cvc`...), else
 * the error code (`card_declined`, `expired_card`, `incorrect_cvc`, `processing_error`...).
 * Stripe docs: "Decline codes" and "Error codes".
 */
function failureOf(error: {
  code?: string | undefined;
  decline_code?: string | undefined;
  message?: string | undefined;
}): PaymentFailure {
  if (error.code === 'payment_intent_authentication_failure') return AUTHENTICATION_FAILED;
  const named = new Set(['insufficient_funds', 'expired_card', 'incorrect_cvc', 'lost_card', 'stolen_card']);
  const code =
    error.decline_code && named.has(error.decline_code) ? error.decline_code : (error.code ?? 'card_declined');
  return { code, message: error.message || 'Your card was declined.' };
}

/** The Charge's card brand and last four (`latest_charge.payment_method_details.card`), when expanded. */
function cardOf(pi: Stripe.PaymentIntent): { cardBrand: string | null; cardLast4: string | null } {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
}

/**
 * Card payments at Stripe (decision record 0019) with the official `stripe`
 * package (23.1.0, API `2026-10-28.endive`), pointed at `apiUrl` (`host`, `port`, `protocol`), so
 * that tests run it against the local fake. The card never reaches the store: the browser's
 * Payment Element makes a ConfirmationToken (`ctoken_…`), which is the `token` of
 * {@link chargeCard} ("Finalize payments on the server", PCI DSS SAQ A).
 *
 * Every write carries the caller's idempotency key as Stripe's `Idempotency-Key` (Stripe docs:
 * idempotency; the SDK retries a failed network call, 409 or 5xx `maxNetworkRetries` times with
 * the same key). Errors: Stripe unreachable, time-out, 429 and 5xx -> `PaymentProviderError`
 * retryable; 400/401/403/404 (a request the store got wrong, a wrong key) -> not retryable;
 * 402 card errors are the customer's: a `failed` result.
 *
 * References are PaymentIntent ids (`pi_…`): refunds and webhooks find the charge by them.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe';
  private readonly stripe: Stripe;

  constructor(readonly options: StripeOptions) {
    const api = new URL(options.apiUrl);
    const protocol = api.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
      protocol,
      timeout: options.timeoutMs,
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      telemetry: false,
      appInfo: { name: 'Roamwise eSIM store' },
    });
  }

  /** Stripe's ids of PaymentIntents: `pi_…`. */
  ownsReference(reference: string): boolean {
    return reference.startsWith('pi_');
  }

  /**
   * Creates and confirms a PaymentIntent with the browser's ConfirmationToken (`token`):
   * `POST /v1/payment_intents` `amount` (cents), `currency` (lower case), `confirm=true`,
   * `confirmation_token`, `automatic_payment_methods[enabled]=true` with
   * `allow_redirects=never` (cards and wallets only: no redirect-based method, so no
   * `return_url` round trip), `description`, `metadata[order]`, `expand[]=latest_charge`, with
   * `Idempotency-Key: request.idempotencyKey`.
   * @returns `succeeded` (brand and last four of the card), `requires_action` (3-D Secure: the
   *   browser runs `stripe.handleNextAction({ clientSecret })`; also for `processing`, a payment
   *   the bank has not settled yet: the order waits for {@link confirmCardPayment} or the
   *   webhook), or `failed` (402 card error, an unknown, used or expired ConfirmationToken:
   *   `invalid_token`).
   * @throws PaymentProviderError as the class documents.
   */
  async chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    const order = ORDER_NUMBER.exec(request.description)?.[0];
    let pi: Stripe.Response<Stripe.PaymentIntent>;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          confirm: true,
          confirmation_token: request.token,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: request.description,
          metadata: { ...(order ? { order } : {}), idempotency_key: request.idempotencyKey.slice(0, 500) },
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      return this.chargeError(error);
    }
    // A replayed answer (a resumed checkout) shows the PaymentIntent as it was then: read it again
    // when it was still waiting, so that a payment finished meanwhile is seen as such.
    if (pi.lastResponse?.headers['idempotent-replayed'] === 'true' && pi.status !== 'succeeded') {
      return this.confirmCardPayment(pi.id);
    }
    return this.resultOf(pi);
  }

  /**
   * Reads the PaymentIntent (`GET /v1/payment_intents/{id}?expand[]=latest_charge`) after 3-D
   * Secure in the browser, or when a webhook names it, and maps its status as {@link chargeCard}.
   * `requires_payment_method` after an attempt is `failed` with `last_payment_error`
   * (`authentication_failed` when 3-D Secure failed), `canceled` is `failed` `payment_cancelled`.
   * @throws PaymentProviderError retryable when Stripe cannot be reached; not retryable for an
   *   unknown PaymentIntent.
   */
  async confirmCardPayment(reference: string): Promise<ChargeResult> {
    try {
      return this.resultOf(await this.stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
    } catch (error) {
      throw this.providerError(error);
    }
  }

  /** PayPal is not taken through Stripe. @throws PaymentProviderError (not retryable). */
  createPaypalOrder(_request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    return Promise.reject(new PaymentProviderError('PayPal is not taken through Stripe', false));
  }

  /** PayPal is not taken through Stripe. @throws PaymentProviderError (not retryable). */
  capturePaypalOrder(_reference: string): Promise<ChargeResult> {
    return Promise.reject(new PaymentProviderError('PayPal is not taken through Stripe', false));
  }

  /**
   * Refunds (part of) a PaymentIntent's charge: `POST /v1/refunds` `payment_intent`, `amount`
   * (cents), `metadata[idempotency_key]`, with `Idempotency-Key`, so a retry refunds once. A refund Stripe
   * accepted (`succeeded`, or `pending`: card refunds settle later, and a later failure arrives
   * as the `refund.failed` webhook) is `succeeded`; `failed`/`canceled`/`requires_action` and
   * the refusals `amount_too_large` (more than remains), `charge_already_refunded` and
   * `charge_not_refundable` (not settled) are `failed` with Stripe's message.
   * @throws PaymentProviderError retryable when Stripe cannot be reached; not retryable for an
   *   unknown PaymentIntent, a key reused with other parameters, or another refused request.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: request.chargeReference,
          amount: request.amountCents,
          metadata: { idempotency_key: request.idempotencyKey.slice(0, 500) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      const refused = new Set([
        'amount_too_large',
        'charge_already_refunded',
        'charge_not_refundable',
        'charge_disputed',
        'payment_intent_unexpected_state',
      ]);
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.rawType !== 'idempotency_error' &&
        refused.has(error.code ?? '')
      ) {
        return { status: 'failed', reference: '', failureMessage: error.message };
      }
      throw this.providerError(error);
    }
    if (refund.status === 'succeeded' || refund.status === 'pending')
      return { status: 'succeeded', reference: refund.id };
    const why =
      refund.status === 'requires_action'
        ? 'The refund needs an action in the Stripe Dashboard.'
        : `The refund ${refund.status}.`;
    return {
      status: 'failed',
      reference: refund.id,
      failureMessage: refund.failure_reason ? `${why} (${refund.failure_reason})` : why,
    };
  }

  /** Maps a PaymentIntent to the port's outcome. */
  private resultOf(pi: Stripe.PaymentIntent): ChargeResult {
    switch (pi.status) {
      case 'succeeded':
        return { status: 'succeeded', reference: pi.id, ...cardOf(pi) };
      case 'requires_action':
      case 'processing':
        if (!pi.client_secret) throw new PaymentProviderError(`PaymentIntent ${pi.id} has no client_secret`, false);
        return { status: 'requires_action', reference: pi.id, clientSecret: pi.client_secret };
      case 'requires_payment_method':
        return {
          status: 'failed',
          reference: pi.id,
          failure: pi.last_payment_error
            ? failureOf(pi.last_payment_error)
            : { code: 'card_declined', message: 'Your card was declined.' },
        };
      case 'canceled':
        return {
          status: 'failed',
          reference: pi.id,
          failure: { code: 'payment_cancelled', message: 'The payment was cancelled.' },
        };
      default:
        // requires_confirmation / requires_capture: the store confirms at once and captures automatically.
        throw new PaymentProviderError(`PaymentIntent ${pi.id} is in an unexpected state: ${pi.status}`, false);
    }
  }

  /** A charge's error: a card error or a bad ConfirmationToken is the customer's (`failed`), anything else is thrown. */
  private chargeError(error: unknown): ChargeResult {
    if (error instanceof Stripe.errors.StripeCardError) {
      const pi = error.payment_intent;
      return { status: 'failed', reference: pi?.id ?? error.requestId ?? 'stripe', failure: failureOf(error) };
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'confirmation_token') {
      return {
        status: 'failed',
        reference: error.requestId ?? 'stripe',
        failure: { code: 'invalid_token', message: 'The card details could not be read. Please enter them again.' },
      };
    }
    throw this.providerError(error);
  }

  /** Stripe's errors as the port's: network, time-out, 409, 429 and 5xx retryable; the rest not. */
  private providerError(error: unknown): PaymentProviderError {
    if (error instanceof PaymentProviderError) return error;
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode;
      const retryable =
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeRateLimitError ||
        status === undefined ||
        status === 409 ||
        status === 429 ||
        status >= 500;
      return new PaymentProviderError(
        `Stripe ${status ?? 'network'} ${error.rawType ?? error.type}: ${error.message}`,
        retryable,
      );
    }
    return new PaymentProviderError(
      `Stripe call failed: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
}
