import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, isExpired, isLuhnValid, luhnCheckDigit } from './payment-card.ts';

describe('card helpers', () => {
  it('accepts Stripe test numbers typed with spaces', () => {
    for (const n of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000-0000-0000-9995', '5555555555554444']) {
      const digits = cardDigits(n);
      expect(digits).not.toBeNull();
      expect(isLuhnValid(digits!)).toBe(true);
    }
  });

  it('rejects a mistyped number and junk', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(cardDigits('4242 abcd')).toBeNull();
    expect(cardDigits('123')).toBeNull();
  });

  it('computes check digits (ICCIDs are Luhn-valid too)', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    expect(isLuhnValid(`8944500000000000000${luhnCheckDigit('8944500000000000000')}`)).toBe(true);
  });

  it('knows the brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('treats a card as valid through its expiry month', () => {
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});
