import { describe, expect, it } from 'vitest';
import { tokenFromHash, tokenFromInput, tokenHash } from './access-token.ts';

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

describe('tokenFromInput', () => {
  const TOKEN = 'Vq3xW9_kT2-bN8sL1mP0aZ7yC5dE4fG6hJ2kL9nQ0rS';

  it('takes a pasted token as it is, trimmed', () => {
    expect(tokenFromInput(TOKEN)).toEqual({ token: TOKEN });
    expect(tokenFromInput(`  ${TOKEN}\n`)).toEqual({ token: TOKEN });
  });

  it("takes the token out of the e-mail's links, whichever page they open", () => {
    expect(tokenFromInput(`https://roamwise.example/portal#token=${TOKEN}`)).toEqual({ token: TOKEN });
    expect(tokenFromInput(`https://roamwise.example/order-confirmation/ORD-7K3F9Q2X4M#token=${TOKEN}`)).toEqual({
      token: TOKEN,
    });
    expect(tokenFromInput(`/portal#token=${encodeURIComponent(TOKEN)}`)).toEqual({ token: TOKEN });
    expect(tokenFromInput(`#token=${TOKEN}`)).toEqual({ token: TOKEN });
    expect(tokenFromInput(`token=${TOKEN}`)).toEqual({ token: TOKEN });
  });

  it('says what is wrong with anything else', () => {
    expect(tokenFromInput('')).toEqual({ error: 'empty' });
    expect(tokenFromInput('   ')).toEqual({ error: 'empty' });
    // The address bar's link, copied without the token.
    expect(tokenFromInput('https://roamwise.example/order-confirmation/ORD-7K3F9Q2X4M')).toEqual({ error: 'noToken' });
    expect(tokenFromInput('https://roamwise.example/portal#token=')).toEqual({ error: 'noToken' });
    // Spaces or characters a request header cannot carry are no token.
    expect(tokenFromInput('two words')).toEqual({ error: 'invalid' });
    expect(tokenFromInput('jeton-ümlaut')).toEqual({ error: 'invalid' });
    expect(tokenFromInput('#token=%C3%BC')).toEqual({ error: 'invalid' });
    expect(tokenFromInput('x'.repeat(513))).toEqual({ error: 'invalid' });
  });
});
