import {
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.ts';

/** What a card token does when charged: paid, declined (Stripe's codes), or 3-D Secure first. */
export type FakeCardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds' | 'requires_action';

/** What a PayPal buyer did on PayPal's page: nothing yet, approved, or cancelled. */
export type FakePaypalDecision = 'pending' | 'approved' | 'cancelled';

const SCRIPTED = ['card_declined', 'insufficient_funds', 'requires_action'] as const;

const FAILURES = {
  card_declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  paypal_cancelled: { code: 'paypal_cancelled', message: 'The PayPal payment was cancelled.' },
} as const;

/** A charge the fake made: its request, and its state as the provider knows it now. */
interface FakeCharge {
  reference: string;
  method: 'card' | 'paypal';
  amountCents: number;
  currency: string;
  /** Card: what confirming it (after 3-D Secure) gives; PayPal: what the buyer decided. */
  pending: FakeCardOutcome | FakePaypalDecision;
  result: ChargeResult;
  refundedCents: number;
}

/**
 * A scripted {@link PaymentProvider} for unit tests, with a provider's rules: a repeat with the
 * same idempotency key replays the first result and charges or refunds nothing more; a refund
 * never exceeds what remains of its charge. Card tokens say what happens (`tok_<outcome>`, e.g.
 * `tok_card_declined`, see {@link FakeCardOutcome}; anything else succeeds). Every call throws
 * `error` while it is set: a retryable `PaymentProviderError` plays a provider that is down, another
 * one a provider that refuses the request (misconfigured).
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly id = 'fake';
  error: PaymentProviderError | undefined;
  /** The next refunds are refused with this reason (e.g. "The charge is disputed."). */
  refuseRefunds: string | undefined;
  /** Charges made (by reference), in order; a replay adds none. */
  readonly charges = new Map<string, FakeCharge>();
  /** Refunds made, in order; a replay adds none. */
  readonly refunds: (RefundRequest & { reference: string })[] = [];
  private readonly byKey = new Map<string, ChargeResult | RefundResult>();
  private seq = 0;

  private enter(): void {
    if (this.error) throw this.error;
  }

  private replay<T extends ChargeResult | RefundResult>(key: string, make: () => T): T {
    const earlier = this.byKey.get(key);
    if (earlier) return earlier as T;
    const result = make();
    this.byKey.set(key, result);
    return result;
  }

  /** A charge paid earlier (e.g. the order a refund test starts from): its reference. */
  settledCharge(amountCents: number, method: 'card' | 'paypal' = 'card'): string {
    const reference = method === 'card' ? `pi_${++this.seq}` : `PAYPAL-${++this.seq}`;
    const result: ChargeResult = { status: 'succeeded', reference, cardBrand: null, cardLast4: null };
    const pending = method === 'card' ? 'succeeded' : 'approved';
    this.charges.set(reference, { reference, method, amountCents, currency: 'USD', pending, result, refundedCents: 0 });
    return reference;
  }

  ownsReference(reference: string): boolean {
    return this.charges.has(reference);
  }

  async chargeCard(request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    this.enter();
    return this.replay(request.idempotencyKey, () => {
      const named = request.token.replace(/^tok_/, '');
      const outcome = SCRIPTED.find((o) => o === named) ?? 'succeeded';
      const reference = `pi_${++this.seq}`;
      const result = this.cardResult(reference, outcome);
      this.charges.set(reference, {
        reference,
        method: 'card',
        amountCents: request.amountCents,
        currency: request.currency,
        pending: outcome,
        result,
        refundedCents: 0,
      });
      return result;
    });
  }

  private cardResult(reference: string, outcome: FakeCardOutcome | FakePaypalDecision): ChargeResult {
    if (outcome === 'requires_action')
      return { status: 'requires_action', reference, clientSecret: `${reference}_secret` };
    if (outcome === 'card_declined' || outcome === 'insufficient_funds') {
      return { status: 'failed', reference, failure: FAILURES[outcome] };
    }
    return { status: 'succeeded', reference, cardBrand: 'visa', cardLast4: '4242' };
  }

  /**
   * Settles a card charge that waited for 3-D Secure, as the customer's bank would: `succeeded`
   * or a decline. Until then {@link confirmCardPayment} answers `requires_action`.
   */
  completeCardAction(reference: string, outcome: Exclude<FakeCardOutcome, 'requires_action'>): void {
    const charge = this.charges.get(reference);
    if (!charge) throw new Error(`no charge ${reference}`);
    charge.pending = outcome;
    charge.result = this.cardResult(reference, outcome);
  }

  async confirmCardPayment(reference: string): Promise<ChargeResult> {
    this.enter();
    const charge = this.charges.get(reference);
    if (!charge || charge.method !== 'card') throw new PaymentProviderError(`unknown payment ${reference}`, false);
    return charge.result;
  }

  async createPaypalOrder(request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    this.enter();
    return this.replay(request.idempotencyKey, () => {
      const reference = `PAYPAL-${++this.seq}`;
      const result: ChargeResult = {
        status: 'requires_approval',
        reference,
        approvalUrl: `https://paypal.example/approve/${reference}`,
      };
      this.charges.set(reference, {
        reference,
        method: 'paypal',
        amountCents: request.amountCents,
        currency: request.currency,
        pending: 'pending',
        result,
        refundedCents: 0,
      });
      return result;
    });
  }

  /** What the PayPal buyer did on PayPal's page. */
  decidePaypal(reference: string, decision: FakePaypalDecision): void {
    const charge = this.charges.get(reference);
    if (!charge) throw new Error(`no PayPal order ${reference}`);
    charge.pending = decision;
  }

  async capturePaypalOrder(reference: string): Promise<ChargeResult> {
    this.enter();
    const charge = this.charges.get(reference);
    if (!charge || charge.method !== 'paypal')
      throw new PaymentProviderError(`unknown PayPal order ${reference}`, false);
    // Capturing twice returns the first capture.
    if (charge.result.status === 'succeeded' || charge.result.status === 'failed') return charge.result;
    if (charge.pending === 'approved') {
      charge.result = { status: 'succeeded', reference, cardBrand: null, cardLast4: null };
    } else if (charge.pending === 'cancelled') {
      charge.result = { status: 'failed', reference, failure: FAILURES.paypal_cancelled };
    }
    return charge.result;
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    this.enter();
    const charge = this.charges.get(request.chargeReference);
    if (!charge) throw new PaymentProviderError(`unknown charge ${request.chargeReference}`, false);
    // A refund made under the key is replayed; a refusal is decided again (the cause may be gone).
    const key = `refund\0${request.idempotencyKey}`;
    const made = this.byKey.get(key);
    if (made) return made as RefundResult;
    const reference = `re_${++this.seq}`;
    if (this.refuseRefunds) return { status: 'failed', reference, failureMessage: this.refuseRefunds };
    if (charge.result.status !== 'succeeded') {
      return { status: 'failed', reference, failureMessage: 'The charge is not settled.' };
    }
    if (request.amountCents < 1 || request.amountCents > charge.amountCents - charge.refundedCents) {
      return { status: 'failed', reference, failureMessage: 'The amount exceeds what remains to refund.' };
    }
    charge.refundedCents += request.amountCents;
    this.refunds.push({ ...request, reference });
    const result: RefundResult = { status: 'succeeded', reference };
    this.byKey.set(key, result);
    return result;
  }
}
