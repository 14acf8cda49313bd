import { topupBodySchema } from '@esim/contract/portal';
import { describe, expect, it } from 'vitest';
import {
  type TopupFormValues,
  emptyTopupForm,
  toTopupBody,
  topupFieldOf,
  topupFingerprint,
  validateTopupForm,
} from './topup-form.ts';

/** A chosen plan and accepted terms, paid by card with the card typed but not checked (skipCard). */
const filled: TopupFormValues = {
  ...emptyTopupForm(42),
  card: { ...emptyTopupForm(42).card, cardNumber: '4242 4242 4242 4242' },
  acceptTerms: true,
};

describe('validateTopupForm', () => {
  it('accepts a chosen plan and accepted terms when the card is not checked here', () => {
    expect(validateTopupForm(filled, { skipCard: true })).toEqual([]);
    expect(validateTopupForm({ ...filled, paymentMethod: 'paypal' })).toEqual([]);
  });

  it('asks for a plan first, then the payment part (card fields, terms)', () => {
    const errors = validateTopupForm(emptyTopupForm(undefined));
    expect(errors[0]).toEqual({ path: 'productId', message: 'plan' });
    expect(errors.map((e) => e.path)).toContain('card.cardNumber');
    expect(errors.at(-1)).toEqual({ path: 'acceptTerms', message: 'terms' });
  });

  it('passes skipCard to the payment part (Stripe, a wallet)', () => {
    expect(validateTopupForm(emptyTopupForm(7), { skipCard: true })).toEqual([
      { path: 'acceptTerms', message: 'terms' },
    ]);
  });
});

describe('toTopupBody', () => {
  it('builds a body the contract accepts, without card data', () => {
    const body = toTopupBody(filled, { method: 'card', token: 'tok_12345678' }, 'fr');
    expect(body).toEqual({
      productId: 42,
      payment: { method: 'card', token: 'tok_12345678' },
      acceptTerms: true,
      language: 'fr',
    });
    expect(topupBodySchema.safeParse(body).success).toBe(true);
    expect(JSON.stringify(body)).not.toContain('4242');
  });
});

describe('topupFingerprint', () => {
  it("changes with the eSIM, the plan or the language (the card is the payment part's)", () => {
    const base = topupFingerprint('8944000000000000001', filled, 'en');
    expect(topupFingerprint('8944000000000000001', { ...filled }, 'en')).toBe(base);
    expect(topupFingerprint('8944000000000000002', filled, 'en')).not.toBe(base);
    expect(topupFingerprint('8944000000000000001', { ...filled, productId: '43' }, 'en')).not.toBe(base);
    expect(topupFingerprint('8944000000000000001', filled, 'de')).not.toBe(base);
  });
});

describe('topupFieldOf', () => {
  it('maps top-up body paths to the form', () => {
    expect(topupFieldOf('productId')).toBe('productId');
    expect(topupFieldOf('acceptTerms')).toBe('acceptTerms');
    expect(topupFieldOf('payment.token')).toBeNull();
  });
});
