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

const year = String(new Date().getUTCFullYear() + 2);
const filled: TopupFormValues = {
  productId: '42',
  paymentMethod: 'card',
  card: {
    cardholderName: 'Ada Lovelace',
    cardNumber: '4242 4242 4242 4242',
    expiryMonth: '12',
    expiryYear: year,
    cvv: '123',
  },
  acceptTerms: true,
};

describe('validateTopupForm', () => {
  it('accepts a chosen plan, a valid card and accepted terms', () => {
    expect(validateTopupForm(filled)).toEqual([]);
  });

  it('asks for a plan, the card fields and the terms, in page order', () => {
    const errors = validateTopupForm(emptyTopupForm(undefined));
    expect(errors[0]).toEqual({ path: 'productId', message: 'plan' });
    expect(errors.map((e) => e.path)).toContain('card.cardNumber');
    expect(errors.at(-1)).toEqual({ path: 'acceptTerms', message: 'terms' });
  });

  it('skips the card fields when the card is not typed into them (Stripe, a wallet; issue 12)', () => {
    const errors = validateTopupForm(emptyTopupForm(7), { skipCard: true });
    expect(errors).toEqual([{ path: 'acceptTerms', message: 'terms' }]);
  });

  it('uses the contract card rules (Luhn, CVC length) and skips the card for PayPal', () => {
    const bad = { ...filled, card: { ...filled.card, cardNumber: '4242 4242 4242 4241', cvv: '12' } };
    expect(validateTopupForm(bad)).toEqual([
      { path: 'card.cardNumber', message: 'cardNumber' },
      { path: 'card.cvv', message: 'cvc' },
    ]);
    expect(validateTopupForm({ ...bad, paymentMethod: 'paypal' })).toEqual([]);
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
  it('changes with the eSIM, plan, card or language, not with card spacing', () => {
    const base = topupFingerprint('8944000000000000001', filled, 'en');
    expect(
      topupFingerprint(
        '8944000000000000001',
        { ...filled, card: { ...filled.card, cardNumber: '4242424242424242' } },
        'en',
      ),
    ).toBe(base);
    expect(topupFingerprint('8944000000000000002', filled, 'en')).not.toBe(base);
    expect(topupFingerprint('8944000000000000001', { ...filled, productId: '43' }, 'en')).not.toBe(base);
    expect(topupFingerprint('8944000000000000001', filled, 'de')).not.toBe(base);
  });
});

describe('topupFieldOf', () => {
  it('maps tokenisation and body fields to the form', () => {
    expect(topupFieldOf('cardNumber', 'token')).toBe('card.cardNumber');
    expect(topupFieldOf('productId', 'topup')).toBe('productId');
    expect(topupFieldOf('acceptTerms', 'topup')).toBe('acceptTerms');
    expect(topupFieldOf('payment.token', 'topup')).toBeNull();
    expect(topupFieldOf(undefined, 'topup')).toBeNull();
  });
});
