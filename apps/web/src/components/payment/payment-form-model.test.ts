import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT_PART, type PaymentPartValues, paymentFingerprint, serverFieldOf } from './payment-form-model.ts';
import { validatePaymentPart } from './payment-part-validation.ts';

const year = String(new Date().getUTCFullYear() + 2);
const filled: PaymentPartValues = {
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

describe('validatePaymentPart', () => {
  it('accepts a valid card and accepted terms', () => {
    expect(validatePaymentPart(filled)).toEqual([]);
  });

  it('asks for the card fields and the terms, in page order', () => {
    const errors = validatePaymentPart(EMPTY_PAYMENT_PART);
    expect(errors.map((e) => e.path)).toEqual([
      'card.cardholderName',
      'card.cardNumber',
      'card.expiryMonth',
      'card.expiryYear',
      'card.cvv',
      'acceptTerms',
    ]);
    expect(errors.at(-1)).toEqual({ path: 'acceptTerms', message: 'terms' });
  });

  it('skips the card fields when the card is not typed into them (Stripe, a wallet)', () => {
    expect(validatePaymentPart(EMPTY_PAYMENT_PART, { skipCard: true })).toEqual([
      { path: 'acceptTerms', message: 'terms' },
    ]);
  });

  it('uses the contract card rules (Luhn, CVC length) and skips the card for PayPal', () => {
    const bad = { ...filled, card: { ...filled.card, cardNumber: '4242 4242 4242 4241', cvv: '12' } };
    expect(validatePaymentPart(bad)).toEqual([
      { path: 'card.cardNumber', message: 'cardNumber' },
      { path: 'card.cvv', message: 'cvc' },
    ]);
    expect(validatePaymentPart({ ...bad, paymentMethod: 'paypal' })).toEqual([]);
  });
});

describe('paymentFingerprint', () => {
  const describeBody = (payment: unknown) => ({ payment, plan: 1 });

  it('changes with the card and the method, not with card spacing', () => {
    const base = paymentFingerprint(filled, describeBody);
    const withCard = (cardNumber: string) =>
      paymentFingerprint({ ...filled, card: { ...filled.card, cardNumber } }, describeBody);
    expect(withCard('4242424242424242')).toBe(base);
    expect(withCard('4000 0000 0000 0002')).not.toBe(base);
    expect(paymentFingerprint({ ...filled, paymentMethod: 'paypal' }, describeBody)).not.toBe(base);
  });

  it('changes with what the request carries, given the payment without its token', () => {
    const seen: unknown[] = [];
    const base = paymentFingerprint(filled, (payment) => {
      seen.push(payment);
      return describeBody(payment);
    });
    expect(seen).toEqual([{ method: 'card', token: '-' }]);
    expect(paymentFingerprint(filled, (payment) => ({ payment, plan: 2 }))).not.toBe(base);
    expect(base).toContain('"4242424242424242"');
  });

  it('leaves the card out of a PayPal attempt', () => {
    const paypal = { ...filled, paymentMethod: 'paypal' as const };
    expect(paymentFingerprint(paypal, describeBody)).toBe(
      paymentFingerprint({ ...paypal, card: { ...filled.card, cvv: '999' } }, describeBody),
    );
  });
});

describe('serverFieldOf', () => {
  const bodyFieldOf = (field: string) => (field === 'acceptTerms' ? field : null);

  it('maps tokenisation fields to card fields', () => {
    expect(serverFieldOf('cardNumber', 'token', bodyFieldOf)).toBe('card.cardNumber');
    expect(serverFieldOf('cvv', 'token', bodyFieldOf)).toBe('card.cvv');
    expect(serverFieldOf('email', 'token', bodyFieldOf)).toBeNull();
    expect(serverFieldOf('acceptTerms', 'token', bodyFieldOf)).toBeNull();
  });

  it("maps a request's card paths to card fields and leaves the rest to the form", () => {
    expect(serverFieldOf('card.expiryYear', 'place', bodyFieldOf)).toBe('card.expiryYear');
    expect(serverFieldOf('acceptTerms', 'place', bodyFieldOf)).toBe('acceptTerms');
    expect(serverFieldOf('payment.token', 'place', bodyFieldOf)).toBeNull();
    expect(serverFieldOf(undefined, 'place', bodyFieldOf)).toBeNull();
  });
});
