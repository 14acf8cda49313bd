import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { cardDetailsSchema } from '@esim/contract/checkout';
import { type CardBrand, cardBrand, cardDigits } from '@esim/contract/payment-card';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CardDetailsError, NotFoundError } from '../../lib/errors.ts';
import {
  type ChargeRequest,
  type ChargeResult,
  type PaymentFailure,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.ts';
import { type SandboxChargeRow, SandboxChargesRepository } from './sandbox-charges.repository.ts';

/**
 * Stripe's test cards that the sandbox honours (https://docs.stripe.com/testing). Every other
 * Luhn-valid number is approved. Digits only; the tokenisation endpoint also accepts them with
 * spaces or dashes.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;

/** What a charge with a token will do, decided when the card is tokenised. */
const OUTCOMES = ['succeeded', 'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc'] as const;
type CardOutcome = (typeof OUTCOMES)[number];

const TEST_CARD_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  [SANDBOX_TEST_CARDS.declined]: 'card_declined',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_TEST_CARDS.expiredCard]: 'expired_card',
  [SANDBOX_TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
};

/** The customer-facing reasons, in Stripe's words. */
const FAILURES = {
  card_declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  invalid_token: { code: 'invalid_token', message: 'The card details could not be read. Please enter them again.' },
  expired_token: { code: 'invalid_token', message: 'The card details have expired. Please enter them again.' },
  // Stripe refuses a second use of a token with `token_already_used`.
  token_already_used: {
    code: 'token_already_used',
    message: 'These card details were already used. Please enter them again.',
  },
  paypal_cancelled: { code: 'paypal_cancelled', message: 'The PayPal payment was cancelled.' },
} as const satisfies Record<string, PaymentFailure>;

/**
 * Why tokenisation refused the card, by the contract's message key (`cardDetailsSchema`):
 * Stripe's error code and message. The `field` of the error is the schema's field name.
 */
const CARD_ERRORS: Readonly<Record<string, { code: string; message: string }>> = {
  cardNumber: { code: 'invalid_number', message: 'Your card number is invalid.' },
  expiryMonth: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
  expiryYear: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  cvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
  required: { code: 'validation_error', message: 'Enter the name shown on the card.' },
  tooLong: { code: 'validation_error', message: 'The name on the card is too long (120 characters at most).' },
  invalidCharacters: {
    code: 'validation_error',
    message: 'The name on the card contains characters that cannot be used.',
  },
};

/** The message key of a field whose issue carries none (a missing or mistyped value). */
const FIELD_KEYS: Readonly<Record<string, string>> = {
  cardholderName: 'required',
  cardNumber: 'cardNumber',
  expiryMonth: 'expiryMonth',
  expiryYear: 'expiryYear',
  cvv: 'cvc',
};

/** A card token as the tokenisation endpoint returns it. */
export interface CardToken {
  /** `tok_<payload>.<signature>`, at most 200 characters (the checkout's limit). */
  token: string;
  brand: CardBrand;
  last4: string;
}

/** Signed token payload: brand, last four, outcome, expiry (Unix seconds), nonce. No card number. */
const tokenPayloadSchema = z.object({
  b: z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']),
  l: z.string().regex(/^\d{4}$/),
  o: z.enum(OUTCOMES),
  e: z.number().int(),
  n: z.string().max(32),
});
type TokenPayload = z.infer<typeof tokenPayloadSchema>;

const TOKEN_PATTERN = /^tok_([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/** A PayPal order as the sandbox's approval page shows it. */
export interface PaypalApprovalView {
  id: string;
  amountCents: number;
  currency: string;
  /** The charge's description; a generic text after a restart (it is kept in memory only). */
  description: string;
  /** `pending` until the buyer decides; `approved` also once captured. */
  state: 'pending' | 'approved' | 'cancelled';
  /** Where the buyer goes on once decided: the return or cancel URL with `paypalOrder` (and `status=cancelled`). */
  continueUrl: string;
  /** Origins of absolute return and cancel URLs: the page's CSP `form-action` must allow redirects there. */
  redirectOrigins: string[];
}

/** Construction options of {@link SandboxPaymentProvider}. */
export interface SandboxPaymentOptions {
  /** The Drizzle database holding `sandbox_charges`. */
  db: Db;
  /**
   * The store's public origin (e.g. `https://roamwise.example`) that approval links start with;
   * empty or undefined gives store-relative links (`/sandbox/paypal/{id}`).
   */
  publicBaseUrl?: string | undefined;
  /** HMAC-SHA256 key of card tokens (config `PAYMENT_SANDBOX_SECRET`). */
  secret: string;
  /** How long a card token may be charged after tokenisation, seconds (default 3600). */
  tokenTtlS?: number;
  /** Merchant name on the PayPal page (default `Roamwise`). */
  merchantName?: string;
  /** Clock (tests). */
  now?: () => Date;
}

const MAX_AMOUNT_CENTS = 99_999_999;
const MAX_DESCRIPTIONS = 10_000;
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Integer cents of `currency` for messages, e.g. `12.34 USD`. */
function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/**
 * Why a charge cannot be refunded `amountCents` now, in Stripe's and PayPal's words; undefined
 * when it can (settled, and the amount within what remains unrefunded).
 */
function refundRefusal(charge: SandboxChargeRow, refundedCents: number, amountCents: number): string | undefined {
  if (charge.status !== 'succeeded') {
    return `Charge ${charge.id} has not been paid (status ${charge.status}): only a settled charge can be refunded.`;
  }
  const left = charge.amountCents - refundedCents;
  if (left <= 0) return `Charge ${charge.id} has already been refunded in full.`;
  if (amountCents > left) {
    return `Refund amount (${money(amountCents, charge.currency)}) is greater than the unrefunded amount of charge ${charge.id} (${money(left, charge.currency)}).`;
  }
  return undefined;
}

/** A store URL the buyer may be sent back to: a same-site path (`/...`, not `//...`) or an absolute http(s) URL. */
function isReturnUrl(url: string): boolean {
  if (url.length > 2000 || /[\s\\]/.test(url)) return false;
  if (/^\/(?!\/)/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** `url` with query parameters set; a relative URL stays relative. */
function withQuery(url: string, params: Record<string, string>): string {
  const absolute = /^https?:\/\//i.test(url);
  const parsed = new URL(url, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The embedded payment provider (decision record 0007): it plays Stripe for
 * cards and PayPal for redirect-and-approve payments, locally and without network.
 *
 * - Cards: {@link tokenizeCard} (behind `POST /api/payments/sandbox/tokens`) validates the card
 *   fields with the contract's `cardDetailsSchema` and returns a stateless, HMAC-signed token that
 *   holds brand, last four and the outcome of Stripe's test card, never the number or the CVC.
 *   {@link chargeCard} verifies the token and records the outcome.
 * - PayPal: {@link createPaypalOrder} records a charge awaiting approval on the sandbox's own page
 *   (`/sandbox/paypal/{id}`, see `sandbox.routes.ts`); {@link decidePaypal} applies the buyer's
 *   choice; {@link capturePaypalOrder} settles it.
 *
 * - Refunds: {@link refund} refunds a settled card or PayPal charge, at most its amount in all,
 *   once per idempotency key (`sandbox_refunds`).
 *
 * Every charge is one row of `sandbox_charges`, unique by the caller's idempotency key.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox';
  private readonly charges: SandboxChargesRepository;
  private readonly baseUrl: string;
  private readonly secret: string;
  private readonly tokenTtlS: number;
  private readonly now: () => Date;
  /** Merchant name shown on the PayPal page. */
  readonly merchantName: string;
  /** PayPal descriptions by charge id (the ledger has no column for them); bounded, oldest dropped first. */
  private readonly descriptions = new Map<string, string>();

  constructor(options: SandboxPaymentOptions) {
    this.charges = new SandboxChargesRepository(options.db);
    this.baseUrl = (options.publicBaseUrl ?? '').replace(/\/+$/, '');
    this.secret = options.secret;
    this.tokenTtlS = options.tokenTtlS ?? 3600;
    this.merchantName = options.merchantName ?? 'Roamwise';
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Tokenises card fields as typed in the checkout form (`cardDetailsSchema`: cardholderName,
   * cardNumber with or without spaces/dashes, expiryMonth 1-12, four-digit expiryYear, cvv).
   * Nothing is stored and nothing is logged.
   * @returns `{ token, brand, last4 }`; the token expires after `tokenTtlS` (default 1 hour).
   * @throws CardDetailsError (400) for the first bad field, naming it as the schema does:
   *   `cardNumber` (`invalid_number`: not 12-19 digits or fails Luhn), `expiryMonth`
   *   (`invalid_expiry_month`), `expiryYear` (`invalid_expiry_year`, or `expired_card` when the
   *   date has passed), `cvv` (`invalid_cvc`: 3 digits, 4 for American Express),
   *   `cardholderName` (`validation_error`: blank or over 120 characters); no field when the
   *   body is not an object.
   */
  tokenizeCard(input: unknown): CardToken {
    const parsed = cardDetailsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
      const key = issue && CARD_ERRORS[issue.message] ? issue.message : field ? FIELD_KEYS[field] : undefined;
      const error = key ? CARD_ERRORS[key] : undefined;
      if (!field || !error) {
        throw new CardDetailsError(
          'Send the card as a JSON object with cardholderName, cardNumber, expiryMonth, expiryYear and cvv.',
          'validation_error',
          field,
        );
      }
      throw new CardDetailsError(error.message, error.code, field);
    }
    const digits = cardDigits(parsed.data.cardNumber) ?? '';
    const payload: TokenPayload = {
      b: cardBrand(digits),
      l: digits.slice(-4),
      o: TEST_CARD_OUTCOMES[digits] ?? 'succeeded',
      e: Math.floor(this.now().getTime() / 1000) + this.tokenTtlS,
      n: randomBytes(8).toString('base64url'),
    };
    const body = `tok_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return { token: `${body}.${this.sign(body)}`, brand: payload.b, last4: payload.l };
  }

  /**
   * Charges a card token at once (authorise and capture) and records the charge.
   * @param request amount in integer cents of `currency` (1 to 99,999,999), ISO 4217 currency,
   *   idempotency key (1-255 characters), description, and the token from {@link tokenizeCard}.
   * @returns `succeeded` with brand and last four, or `failed` with Stripe's code and message:
   *   the test card's decline (`card_declined`, `insufficient_funds`, `expired_card`,
   *   `incorrect_cvc`), `invalid_token` for a forged, garbled or expired token, or
   *   `token_already_used` for a token that already paid a charge under another idempotency key
   *   (tokens are single-use, as Stripe's are). A repeat of an idempotency key returns the first
   *   result and records nothing more.
   * @throws PaymentProviderError (not retryable) for a malformed request or an idempotency key
   *   already used with another method, amount or currency.
   */
  async chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    this.checkRequest(request);
    const existing = await this.charges.findByIdempotencyKey(request.idempotencyKey);
    if (existing) return this.replay(existing, request, 'card');

    const payload = this.readToken(request.token);
    const failure: PaymentFailure | null =
      payload === 'invalid'
        ? FAILURES.invalid_token
        : payload === 'expired'
          ? FAILURES.expired_token
          : payload.o === 'succeeded'
            ? null
            : FAILURES[payload.o];
    const card = typeof payload === 'string' ? null : payload;
    const charge = {
      idempotencyKey: request.idempotencyKey,
      method: 'card',
      amountCents: request.amountCents,
      currency: request.currency,
      cardBrand: card?.b ?? null,
      cardLast4: card?.l ?? null,
      returnUrl: null,
      cancelUrl: null,
    } as const;
    const outcome = (f: PaymentFailure | null) => ({
      status: f ? ('failed' as const) : ('succeeded' as const),
      failureCode: f?.code ?? null,
      failureMessage: f?.message ?? null,
    });
    // A token pays once (its nonce is unique in the ledger), whatever the idempotency key.
    const first = await this.charges.insertOnce({
      id: `ch_${randomString(ALPHANUMERIC, 24)}`,
      ...charge,
      ...outcome(failure),
      tokenId: card?.n ?? null,
    });
    if (first) return first.created ? this.resultOf(first.row) : this.replay(first.row, request, 'card');
    const refused = await this.charges.insertOnce({
      id: `ch_${randomString(ALPHANUMERIC, 24)}`,
      ...charge,
      ...outcome(FAILURES.token_already_used),
      tokenId: null,
    });
    if (!refused) throw new Error('sandbox_charges: a charge without a token id cannot conflict on it');
    return refused.created ? this.resultOf(refused.row) : this.replay(refused.row, request, 'card');
  }

  /**
   * Creates a PayPal order awaiting the buyer's approval on the sandbox page.
   * @param request as for {@link chargeCard}, plus `returnUrl` and `cancelUrl`: store paths
   *   (`/checkout/success?order=...`, preferred) or absolute http(s) URLs. After deciding, the buyer
   *   is sent (303) to `returnUrl?paypalOrder={id}` or `cancelUrl?paypalOrder={id}&status=cancelled`.
   * @returns `requires_approval` with `reference` (the PayPal order id, 17 characters `0-9A-Z`) and
   *   `approvalUrl` = `{publicBaseUrl}/sandbox/paypal/{id}`. A repeat of an idempotency key
   *   returns this same first result.
   * @throws PaymentProviderError (not retryable) for a malformed request or URL, or an idempotency
   *   key already used with another method, amount or currency.
   */
  /** Sandbox card charges are `ch_…`, its PayPal orders 17 characters `0-9A-Z`. */
  ownsReference(reference: string): boolean {
    return /^ch_[A-Za-z0-9]+$/.test(reference) || /^[0-9A-Z]{17}$/.test(reference);
  }

  /**
   * The sandbox charges cards at once (no 3-D Secure): the stored result of the charge.
   * @throws NotFoundError (404, field `payment`) for an unknown reference.
   */
  async confirmCardPayment(reference: string): Promise<ChargeResult> {
    const row = await this.charges.findById(reference);
    if (!row) throw new NotFoundError(`Charge ${reference} not found`, 'payment');
    return this.resultOf(row);
  }

  async createPaypalOrder(request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    this.checkRequest(request);
    if (!isReturnUrl(request.returnUrl))
      throw new PaymentProviderError('returnUrl must be a store path or an http(s) URL', false);
    if (!isReturnUrl(request.cancelUrl))
      throw new PaymentProviderError('cancelUrl must be a store path or an http(s) URL', false);
    const { row, created } = await this.charges
      .insertOnce({
        id: randomString(ALPHANUMERIC.slice(0, 36), 17),
        idempotencyKey: request.idempotencyKey,
        method: 'paypal',
        amountCents: request.amountCents,
        currency: request.currency,
        status: 'requires_approval',
        failureCode: null,
        failureMessage: null,
        cardBrand: null,
        cardLast4: null,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        tokenId: null,
      })
      .then((r) => {
        if (!r) throw new Error('sandbox_charges: a PayPal charge cannot conflict on a token id');
        return r;
      });
    if (!created) this.checkSameRequest(row, request, 'paypal');
    else this.rememberDescription(row.id, request.description);
    return { status: 'requires_approval', reference: row.id, approvalUrl: this.approvalUrl(row.id) };
  }

  /**
   * Captures a PayPal order: `approved` becomes `succeeded` (once; capturing again returns the same
   * result).
   * @returns `succeeded` (card fields null), `failed` with `paypal_cancelled` ("The PayPal payment
   *   was cancelled.") when the buyer cancelled, or `requires_approval` with the approval URL while
   *   the buyer has not decided.
   * @throws NotFoundError (404, field `paypalOrder`) for an unknown reference or a card charge's.
   */
  async capturePaypalOrder(reference: string): Promise<ChargeResult> {
    const captured = await this.charges.transitionPaypal(reference, ['approved'], 'succeeded');
    const row = captured ?? (await this.charges.findById(reference));
    if (!row || row.method !== 'paypal') throw new NotFoundError(`PayPal order ${reference} not found`, 'paypalOrder');
    return this.resultOf(row);
  }

  /**
   * Refunds a settled charge, as Stripe `POST /v1/refunds` (cards) and PayPal
   * `POST /v2/payments/captures/{id}/refund` do, recorded in `sandbox_refunds` under the caller's
   * idempotency key. The charge's row is locked while the refund is decided, so concurrent refunds
   * never exceed its amount and one key stores one refund. A charge may be refunded in parts.
   * @param request `chargeReference` (a charge id of this sandbox, card or PayPal), `amountCents`
   *   (1 to 99,999,999) and `idempotencyKey` (1-255 characters).
   * @returns `succeeded` with the refund id (`re_` + 24 characters for cards, 17 characters
   *   `0-9A-Z` for PayPal); a repeat of the key returns that same refund and refunds nothing more.
   *   `failed` with `failureMessage` when the charge is not settled (`succeeded`) or the amount
   *   exceeds what remains unrefunded; such a refusal is stored under the key and decided again
   *   on a repeat (which may then succeed, once).
   * @throws PaymentProviderError (not retryable) for a malformed request, an unknown charge, or a
   *   key already used for another charge or amount.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    this.checkRefundRequest(request);
    const existing = await this.charges.findRefundByIdempotencyKey(request.idempotencyKey);
    if (existing) this.checkSameRefund(existing, request);
    const method = (await this.charges.findById(request.chargeReference))?.method;
    if (!method) throw new PaymentProviderError(`No such charge: ${request.chargeReference}`, false);
    let failureMessage: string | undefined;
    const stored = await this.charges.refundOnce(
      {
        id: method === 'paypal' ? randomString(ALPHANUMERIC.slice(0, 36), 17) : `re_${randomString(ALPHANUMERIC, 24)}`,
        chargeId: request.chargeReference,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
      },
      ({ charge, refundedCents, previous }) => {
        if (previous) this.checkSameRefund(previous, request);
        failureMessage = refundRefusal(charge, refundedCents, request.amountCents);
        return failureMessage ? 'failed' : 'succeeded';
      },
    );
    if (!stored) throw new PaymentProviderError(`No such charge: ${request.chargeReference}`, false);
    this.checkSameRefund(stored.row, request);
    return stored.row.status === 'succeeded'
      ? { status: 'succeeded', reference: stored.row.id }
      : { status: 'failed', reference: stored.row.id, failureMessage: failureMessage ?? 'The refund was refused.' };
  }

  /** Every refund recorded on a charge, oldest first, succeeded and refused (the sandbox's own ledger, for tests). */
  refundsOf(chargeReference: string) {
    return this.charges.refundsOfCharge(chargeReference);
  }

  /**
   * The PayPal order behind the approval page, or undefined when `id` is not a PayPal order of
   * this sandbox (the page answers 404).
   */
  async paypalApproval(id: string): Promise<PaypalApprovalView | undefined> {
    const row = await this.charges.findById(id);
    if (!row || row.method !== 'paypal') return undefined;
    const state =
      row.status === 'requires_approval'
        ? 'pending'
        : row.status === 'approved' || row.status === 'succeeded'
          ? 'approved'
          : 'cancelled';
    return {
      id: row.id,
      amountCents: row.amountCents,
      currency: row.currency,
      description: this.descriptions.get(row.id) ?? `Payment to ${this.merchantName}`,
      state,
      continueUrl: this.continueUrl(row),
      redirectOrigins: [
        ...new Set(
          [row.returnUrl, row.cancelUrl].flatMap((url) =>
            url && /^https?:\/\//i.test(url) ? [new URL(url).origin] : [],
          ),
        ),
      ],
    };
  }

  /**
   * Applies the buyer's choice on the approval page: `approve` moves a pending order to approved,
   * `cancel` to cancelled (failure `paypal_cancelled`). The first decision wins; later ones change
   * nothing and lead where the first did.
   * @returns where to send the buyer (303): the return URL with `paypalOrder={id}` once approved,
   *   the cancel URL with `paypalOrder={id}&status=cancelled` once cancelled; undefined when `id`
   *   is not a PayPal order of this sandbox.
   */
  async decidePaypal(id: string, decision: 'approve' | 'cancel'): Promise<{ redirectTo: string } | undefined> {
    const updated =
      decision === 'approve'
        ? await this.charges.transitionPaypal(id, ['requires_approval'], 'approved')
        : await this.charges.transitionPaypal(id, ['requires_approval'], 'cancelled', FAILURES.paypal_cancelled);
    const row = updated ?? (await this.charges.findById(id));
    if (!row || row.method !== 'paypal') return undefined;
    return { redirectTo: this.continueUrl(row) };
  }

  private approvalUrl(id: string): string {
    return `${this.baseUrl}/sandbox/paypal/${encodeURIComponent(id)}`;
  }

  /** Where a decided PayPal order sends the buyer; the approval page while undecided. */
  private continueUrl(row: SandboxChargeRow): string {
    if ((row.status === 'approved' || row.status === 'succeeded') && row.returnUrl) {
      return withQuery(row.returnUrl, { paypalOrder: row.id });
    }
    if ((row.status === 'cancelled' || row.status === 'failed') && row.cancelUrl) {
      return withQuery(row.cancelUrl, { paypalOrder: row.id, status: 'cancelled' });
    }
    return this.approvalUrl(row.id);
  }

  private rememberDescription(id: string, description: string): void {
    if (this.descriptions.size >= MAX_DESCRIPTIONS) {
      const oldest = this.descriptions.keys().next().value;
      if (oldest !== undefined) this.descriptions.delete(oldest);
    }
    this.descriptions.set(id, description.slice(0, 500));
  }

  /** The result a stored charge stands for. */
  private resultOf(row: SandboxChargeRow): ChargeResult {
    switch (row.status) {
      case 'succeeded':
        return { status: 'succeeded', reference: row.id, cardBrand: row.cardBrand, cardLast4: row.cardLast4 };
      case 'failed':
      case 'cancelled':
        return {
          status: 'failed',
          reference: row.id,
          failure: {
            code: row.failureCode ?? FAILURES.paypal_cancelled.code,
            message: row.failureMessage ?? FAILURES.paypal_cancelled.message,
          },
        };
      default:
        return { status: 'requires_approval', reference: row.id, approvalUrl: this.approvalUrl(row.id) };
    }
  }

  /** The first result of an idempotency key, after checking that the repeat asks the same. */
  private replay(row: SandboxChargeRow, request: ChargeRequest, method: 'card' | 'paypal'): ChargeResult {
    this.checkSameRequest(row, request, method);
    return this.resultOf(row);
  }

  private checkSameRequest(row: SandboxChargeRow, request: ChargeRequest, method: 'card' | 'paypal'): void {
    if (row.method !== method || row.amountCents !== request.amountCents || row.currency !== request.currency) {
      throw new PaymentProviderError(
        'Idempotency key already used with different parameters (method, amount or currency)',
        false,
      );
    }
  }

  private checkRefundRequest(request: RefundRequest): void {
    const problems: string[] = [];
    if (
      typeof request.idempotencyKey !== 'string' ||
      request.idempotencyKey.length < 1 ||
      request.idempotencyKey.length > 255
    ) {
      problems.push('idempotencyKey must be 1-255 characters');
    }
    if (
      typeof request.chargeReference !== 'string' ||
      request.chargeReference.length < 1 ||
      request.chargeReference.length > 255
    ) {
      problems.push('chargeReference must be 1-255 characters');
    }
    if (
      !Number.isSafeInteger(request.amountCents) ||
      request.amountCents < 1 ||
      request.amountCents > MAX_AMOUNT_CENTS
    ) {
      problems.push(`amountCents must be an integer from 1 to ${MAX_AMOUNT_CENTS}`);
    }
    if (problems.length > 0) throw new PaymentProviderError(`Invalid refund request: ${problems.join('; ')}`, false);
  }

  /** A repeat of a refund's idempotency key must name the same charge and amount (Stripe: `idempotency_error`). */
  private checkSameRefund(row: { chargeId: string; amountCents: number }, request: RefundRequest): void {
    if (row.chargeId !== request.chargeReference || row.amountCents !== request.amountCents) {
      throw new PaymentProviderError('Idempotency key already used for a refund of another charge or amount', false);
    }
  }

  private checkRequest(request: ChargeRequest): void {
    const problems: string[] = [];
    if (
      typeof request.idempotencyKey !== 'string' ||
      request.idempotencyKey.length < 1 ||
      request.idempotencyKey.length > 255
    ) {
      problems.push('idempotencyKey must be 1-255 characters');
    }
    if (
      !Number.isSafeInteger(request.amountCents) ||
      request.amountCents < 1 ||
      request.amountCents > MAX_AMOUNT_CENTS
    ) {
      problems.push(`amountCents must be an integer from 1 to ${MAX_AMOUNT_CENTS}`);
    }
    if (typeof request.currency !== 'string' || !/^[A-Z]{3}$/.test(request.currency)) {
      problems.push('currency must be an upper-case ISO 4217 code');
    }
    if (typeof request.description !== 'string') problems.push('description must be a string');
    if (problems.length > 0) throw new PaymentProviderError(`Invalid charge request: ${problems.join('; ')}`, false);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }

  /** The payload of a genuine, unexpired token; `invalid` for anything forged or garbled. */
  private readToken(token: unknown): TokenPayload | 'invalid' | 'expired' {
    if (typeof token !== 'string') return 'invalid';
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return 'invalid';
    const [, payload = '', signature = ''] = match;
    const expected = Buffer.from(this.sign(`tok_${payload}`), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return 'invalid';
    }
    const parsed = tokenPayloadSchema.safeParse(json);
    if (!parsed.success) return 'invalid';
    if (parsed.data.e * 1000 < this.now().getTime()) return 'expired';
    return parsed.data;
  }
}
