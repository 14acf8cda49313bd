import { describe, expect, it } from 'vitest';
import { type CardCollector, CardValidation, sourceFingerprint } from './card-payment.ts';

const collector = (revision: number): CardCollector => ({
  createToken: () => Promise.resolve('ctoken_x'),
  handleNextAction: () => Promise.resolve(),
  revision: () => revision,
});

describe('sourceFingerprint', () => {
  it('tells the card sources apart: a changed card or another wallet approval is a new attempt', () => {
    expect(sourceFingerprint(null, undefined)).toBe('fields');
    expect(sourceFingerprint(collector(0), undefined)).not.toBe(sourceFingerprint(collector(1), undefined));
    const wallet = { wallet: 'google_pay' as const, id: 'a', getToken: () => Promise.resolve('t') };
    expect(sourceFingerprint(collector(0), wallet)).toBe('wallet:google_pay:a');
    expect(sourceFingerprint(null, { ...wallet, id: 'b' })).not.toBe(sourceFingerprint(null, wallet));
  });
});

describe('CardValidation', () => {
  it('skips the card fields with Stripe or while a wallet pays, not otherwise', () => {
    const validation = new CardValidation();
    expect(validation.skipCard).toBe(false);
    validation.setWallet(true);
    expect(validation.skipCard).toBe(true);
    validation.setWallet(false);
    validation.setStripe(true);
    expect(validation.skipCard).toBe(true);
  });
});
