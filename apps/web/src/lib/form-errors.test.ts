import fs from 'node:fs';
import path from 'node:path';
import { CHECKOUT_ERROR_KEYS, checkoutFormSchema } from '@esim/contract/checkout';
import { describe, expect, it } from 'vitest';
import { fieldMessageOf, isFormErrorKey } from './form-errors.ts';

const locales = path.join(path.dirname(new URL(import.meta.url).pathname), '../locales');
const errorsOf = (lang: string, ns: string) =>
  (JSON.parse(fs.readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as { errors: Record<string, string> })
    .errors;

describe('form error keys', () => {
  it('has a checkout translation for every contract key in every language', () => {
    for (const lang of ['en', 'tr', 'es', 'fr', 'de']) {
      const errors = errorsOf(lang, 'checkout');
      const missing = CHECKOUT_ERROR_KEYS.filter(
        (key) => !['cardNumber', 'expiryMonth', 'expiryYear', 'expired', 'cvc'].includes(key) && !errors[key],
      );
      expect(missing, lang).toEqual([]);
      expect(errorsOf(lang, 'payment').invalidCharacters, lang).toBeTruthy();
    }
  });

  it('reads the text rule key from the form schema and from the API', () => {
    const form = {
      customer: { fullName: 'Ada\u0000Lovelace', email: 'ada@example.com' },
      wantsBillingAddress: true,
      billingAddress: { address: 'Line 1\nLine 2', city: 'Paris', postalCode: '75001', country: 'FR' },
      paymentMethod: 'card',
      card: {
        cardholderName: 'Ada\ud800',
        cardNumber: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        cvv: '123',
      },
      acceptTerms: true,
    };
    const issues = checkoutFormSchema.safeParse(form).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['customer.fullName', 'invalidCharacters'],
      ['billingAddress.address', 'invalidCharacters'],
      ['card.cardholderName', 'invalidCharacters'],
    ]);
    expect(isFormErrorKey('invalidCharacters')).toBe(true);
    expect(fieldMessageOf({ code: 'validation_error', message: 'billingAddress.city: invalidCharacters' })).toBe(
      'invalidCharacters',
    );
  });
});
