import { describe, expect, it } from 'vitest';
import { tokenFromHash, tokenHash } from './access-token.ts';

describe('tokenFromHash', () => {
  it('reads #token= from the fragment', () => {
    expect(tokenFromHash('#token=abc-123')).toBe('abc-123');
    expect(tokenFromHash('#x=1&token=abc')).toBe('abc');
    expect(tokenFromHash('token=abc')).toBe('abc');
  });

  it('gives null without a token or with a blank one', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#token=%20%20')).toBeNull();
    expect(tokenFromHash('#other=1')).toBeNull();
  });

  it('reads back what tokenHash wrote, whatever the characters', () => {
    for (const token of ['abc_DEF-123', 'a+b/c=', 'with space', 'ümlaut&x=1']) {
      expect(tokenFromHash(tokenHash(token))).toBe(token);
    }
  });
});
