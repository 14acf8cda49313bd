import { describe, expect, it } from 'vitest';
import { fold, foldedTokens, normalisePhrases, tokenize } from './fold.ts';

describe('fold', () => {
  it('folds Turkish capitals the Turkish way and drops the dots', () => {
    expect(fold('İADE')).toBe('iade');
    expect(fold('İade')).toBe('iade');
    expect(fold('iade')).toBe('iade');
    expect(fold('İstanbul')).toBe('istanbul');
    expect(fold('ISTANBUL')).toBe('istanbul');
    expect(fold('ışık')).toBe('isik');
    expect(fold('Şebeke değiştirmek')).toBe('sebeke degistirmek');
  });

  it('strips accents and folds letters NFKD leaves alone', () => {
    expect(fold('Rückerstattung')).toBe('ruckerstattung');
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Réunion, Japón, Œuvre')).toBe('reunion, japon, oeuvre');
  });

  it('folds typographic apostrophes and dashes to ASCII', () => {
    expect(fold('Japonya’da 1–2')).toBe("japonya'da 1-2");
  });

  it('keeps plain ASCII as lower case', () => {
    expect(fold('Can I get a REFUND?')).toBe('can i get a refund?');
  });
});

describe('tokens', () => {
  it('split on punctuation, so a Turkish ending after an apostrophe is its own token', () => {
    expect(tokenize("japonya'da internet")).toEqual(['japonya', 'da', 'internet']);
    expect(foldedTokens('Europe+ plan?')).toEqual(['europe', 'plan']);
  });

  it('normalise the spellings of one thing', () => {
    expect(normalisePhrases('e-sim top-ups hot spot wi-fi e-mail 1 gb 512 kbps')).toBe(
      'esim topup hotspot wifi email 1gb 512kbps',
    );
    expect(foldedTokens("eSIM'imi nasıl kurarım")).toEqual(['esim', 'imi', 'nasil', 'kurarim']);
    expect(foldedTokens('esimler')).toEqual(['esim']);
  });
});
