import { describe, expect, it } from 'vitest';
import { cardFieldOf, normaliseExpiryYear, toCardTokenRequest } from './card-token.ts';

const year = String(new Date().getUTCFullYear() + 2);
const card = {
  cardholderName: ' Ada Lovelace ',
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '07',
  expiryYear: year,
  cvv: '123',
};

describe('toCardTokenRequest', () => {
  it('sends digits and numbers to the provider', () => {
    expect(toCardTokenRequest({ ...card, expiryYear: '29' })).toEqual({
      cardholderName: 'Ada Lovelace',
      cardNumber: '4242424242424242',
      expiryMonth: 7,
      expiryYear: 2029,
      cvv: '123',
    });
  });

  it('turns a two-digit year into four digits', () => {
    expect(normaliseExpiryYear('27')).toBe('2027');
    expect(normaliseExpiryYear('2031')).toBe('2031');
    expect(normaliseExpiryYear('')).toBe('');
  });
});

describe('cardFieldOf', () => {
  it('names the card field of a tokenisation error', () => {
    expect(cardFieldOf('cardNumber')).toBe('cardNumber');
    expect(cardFieldOf('card.cvv')).toBe('cvv');
    expect(cardFieldOf('email')).toBeNull();
    expect(cardFieldOf(undefined)).toBeNull();
  });
});
