import { describe, expect, it } from 'vitest';
import { cardDetailsSchema, checkoutBodySchema, checkoutFormSchema } from './checkout.ts';

const future = new Date().getUTCFullYear() + 2;
const card = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: 12,
  expiryYear: future,
  cvv: '123',
};
const customer = { fullName: 'Ada Lovelace', email: 'ada@example.com' };

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('checkout schemas', () => {
  it('accepts a complete card checkout form', () => {
    const form = {
      customer,
      wantsBillingAddress: false,
      billingAddress: {},
      paymentMethod: 'card',
      card,
      acceptTerms: true,
    };
    expect(checkoutFormSchema.safeParse(form).success).toBe(true);
  });

  it('names each bad field with a translatable key', () => {
    const form = {
      customer: { fullName: ' ', email: 'nope' },
      wantsBillingAddress: true,
      billingAddress: { address: '', city: 'Paris', postalCode: '75001', country: 'FR' },
      paymentMethod: 'card',
      card: { ...card, cardNumber: '4242 4242 4242 4241', cvv: '12', expiryYear: 2020 },
      acceptTerms: false,
    };
    expect(messages(checkoutFormSchema.safeParse(form))).toEqual({
      'customer.fullName': 'required',
      'customer.email': 'email',
      'billingAddress.address': 'required',
      'card.cardNumber': 'cardNumber',
      'card.cvv': 'cvc',
      'card.expiryYear': 'expired',
      acceptTerms: 'terms',
    });
  });

  it('ignores card fields when paying with PayPal', () => {
    const form = {
      customer,
      wantsBillingAddress: false,
      billingAddress: null,
      paymentMethod: 'paypal',
      card: null,
      acceptTerms: true,
    };
    expect(checkoutFormSchema.safeParse(form).success).toBe(true);
  });

  it('wants 4 CVC digits for American Express', () => {
    expect(messages(cardDetailsSchema.safeParse({ ...card, cardNumber: '378282246310005', cvv: '123' }))).toEqual({
      cvv: 'cvc',
    });
  });

  it('requires accepted terms and a payment choice in the API body', () => {
    const body = { customer, payment: { method: 'card', token: 'tok_12345678' }, acceptTerms: true, language: 'de' };
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
    expect(messages(checkoutBodySchema.safeParse({ ...body, acceptTerms: false }))).toEqual({ acceptTerms: 'terms' });
    expect(checkoutBodySchema.safeParse({ ...body, payment: { method: 'bitcoin' } }).success).toBe(false);
  });
});
