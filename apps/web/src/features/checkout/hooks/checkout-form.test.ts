import { checkoutBodySchema, checkoutFormSchema } from '@esim/contract/checkout';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutFormValues,
  EMPTY_CHECKOUT_FORM,
  checkoutFieldOf,
  checkoutFingerprint,
  toCheckoutBody,
} from './checkout-form.ts';

const year = String(new Date().getUTCFullYear() + 2);
const filled: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  customer: { fullName: '  Ada Lovelace ', email: ' ada@example.com ', phone: '' },
  card: {
    cardholderName: ' Ada Lovelace ',
    cardNumber: '4242 4242 4242 4242',
    expiryMonth: '07',
    expiryYear: year,
    cvv: '123',
  },
  acceptTerms: true,
};

describe('toCheckoutBody', () => {
  it('maps a card checkout without billing address or phone to a valid API body', () => {
    const body = toCheckoutBody(filled, { method: 'card', token: 'tok_12345678' }, 'de');
    expect(body).toEqual({
      customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      payment: { method: 'card', token: 'tok_12345678' },
      acceptTerms: true,
      language: 'de',
    });
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
    expect(JSON.stringify(body)).not.toContain('4242');
  });

  it('adds the billing address only when asked for, without an empty state', () => {
    const values: CheckoutFormValues = {
      ...filled,
      customer: { ...filled.customer, phone: ' +44 20 7946 0000 ' },
      wantsBillingAddress: true,
      billingAddress: { address: ' 1 Main St ', city: 'Paris', postalCode: '75001', country: 'fr', state: ' ' },
      paymentMethod: 'paypal',
    };
    const body = toCheckoutBody(values, { method: 'paypal' }, 'fr');
    expect(body.customer.phone).toBe('+44 20 7946 0000');
    expect(body.billingAddress).toEqual({ address: '1 Main St', city: 'Paris', postalCode: '75001', country: 'FR' });
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
    expect(
      toCheckoutBody({ ...values, wantsBillingAddress: false }, { method: 'paypal' }, 'fr').billingAddress,
    ).toBeUndefined();
  });

  it('the form values validate with the contract schema the server uses', () => {
    expect(checkoutFormSchema.safeParse(filled).success).toBe(true);
    expect(
      checkoutFormSchema.safeParse({ ...filled, paymentMethod: 'paypal', card: EMPTY_CHECKOUT_FORM.card }).success,
    ).toBe(true);
  });
});

describe('checkoutFingerprint', () => {
  it("changes with the contact or the language (the card is the payment part's)", () => {
    const base = checkoutFingerprint(filled, 'en');
    expect(checkoutFingerprint({ ...filled, customer: { ...filled.customer, email: 'b@example.com' } }, 'en')).not.toBe(
      base,
    );
    expect(checkoutFingerprint({ ...filled, wantsBillingAddress: true }, 'en')).not.toBe(base);
    expect(checkoutFingerprint(filled, 'tr')).not.toBe(base);
    expect(checkoutFingerprint({ ...filled, customer: { ...filled.customer } }, 'en')).toBe(base);
  });
});

describe('server errors on fields', () => {
  it('maps checkout body paths and bare names to form fields', () => {
    expect(checkoutFieldOf('customer.email')).toBe('customer.email');
    expect(checkoutFieldOf('fullName')).toBe('customer.fullName');
    expect(checkoutFieldOf('billingAddress.postalCode')).toBe('billingAddress.postalCode');
    expect(checkoutFieldOf('country')).toBe('billingAddress.country');
    expect(checkoutFieldOf('acceptTerms')).toBe('acceptTerms');
    expect(checkoutFieldOf('billingAddress.email')).toBeNull();
    expect(checkoutFieldOf('payment.token')).toBeNull();
  });
});
