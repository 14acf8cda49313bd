import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingAddressSchema, cardDetailsSchema, checkoutBodySchema, customerSchema } from './checkout.ts';
import { productsQuerySchema } from './catalog.ts';
import { INVALID_CHARACTERS, isMultiLineText, isSingleLineText, multiLineText, singleLineText } from './text.ts';

/** Every code point refused in any text field: C0 controls but tab, LF and CR; DEL; C1; the two BMP noncharacters. */
const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0xfffe,
  0xffff,
].map((c) => String.fromCharCode(c));
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud800b', '\udc00\ud800'];
const lineBreaks = ['\n', '\r', '\r\n', '\u2028', '\u2029'];

describe('text rules (OWASP ASVS 4.0.3 V5.1.4; XML 1.0 Char)', () => {
  it('accepts what people type in any script, with emoji, marks and joiners', () => {
    for (const value of [
      'Ada Lovelace',
      'Çağrı Öztürk',
      'José Martínez-López',
      'Zoë O’Brien',
      '山田 太郎',
      'محمد',
      'a\tb',
      'Ünïcödé 😀',
      '👩‍👩‍👧',
      'e\u0301',
      '\u200d',
      '\u00a0',
      '',
    ]) {
      expect(isSingleLineText(value), JSON.stringify(value)).toBe(true);
      expect(isMultiLineText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses NUL, other control characters, DEL and C1 in every field', () => {
    for (const c of controls) {
      expect(isSingleLineText(`Ada${c}Lovelace`), `U+${c.charCodeAt(0).toString(16)}`).toBe(false);
      expect(isMultiLineText(`Ada${c}Lovelace`), `U+${c.charCodeAt(0).toString(16)}`).toBe(false);
    }
  });

  it('refuses lone surrogates (text that is not valid UTF-16, so not encodable as UTF-8)', () => {
    for (const value of loneSurrogates) {
      expect(isSingleLineText(value), JSON.stringify(value)).toBe(false);
      expect(isMultiLineText(value), JSON.stringify(value)).toBe(false);
    }
    // A well-formed pair is one character (U+1F600).
    expect(isSingleLineText('\ud83d\ude00')).toBe(true);
  });

  it('allows line breaks only in multi-line text', () => {
    for (const value of lineBreaks) {
      expect(isSingleLineText(`one${value}two`), JSON.stringify(value)).toBe(false);
      expect(isMultiLineText(`one${value}two`), JSON.stringify(value)).toBe(true);
    }
  });

  it('builds zod strings that trim and name the refusal with a translatable key', () => {
    const schema = z.object({ name: singleLineText().min(1, 'required').max(5, 'tooLong'), note: multiLineText() });
    expect(schema.parse({ name: '  Ada ', note: ' one\ntwo ' })).toEqual({ name: 'Ada', note: 'one\ntwo' });
    const result = schema.safeParse({ name: 'A\u0000a', note: 'x\ud800' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', INVALID_CHARACTERS],
      ['note', INVALID_CHARACTERS],
    ]);
    expect(schema.safeParse({ name: 'A\nB', note: '' }).error?.issues[0]?.message).toBe(INVALID_CHARACTERS);
    expect(singleLineText({ trim: false }).parse(' a ')).toBe(' a ');
  });
});

describe('the contract uses the text rules for every free-text request field', () => {
  const customer = { fullName: 'Ada Lovelace', email: 'ada@example.com' };
  const address = {
    address: '1 Rue de Rivoli',
    city: 'Paris',
    postalCode: '75001',
    country: 'FR',
    state: 'Île-de-France',
  };
  const card = {
    cardholderName: 'Ada Lovelace',
    cardNumber: '4242424242424242',
    expiryMonth: 12,
    expiryYear: new Date().getUTCFullYear() + 2,
    cvv: '123',
  };
  const firstIssue = (result: z.ZodSafeParseResult<unknown>) => {
    const issue = result.error?.issues[0];
    return issue && [issue.path.join('.'), issue.message];
  };

  it.each(['\u0000', '\ud800', '\u001b', '\u007f', '\u0085', '\n'])('refuses %j in names and address lines', (bad) => {
    for (const field of ['fullName', 'email'] as const) {
      expect(firstIssue(customerSchema.safeParse({ ...customer, [field]: `${customer[field]}${bad}x` }))).toEqual([
        field,
        INVALID_CHARACTERS,
      ]);
    }
    for (const field of ['address', 'city', 'postalCode', 'state'] as const) {
      expect(firstIssue(billingAddressSchema.safeParse({ ...address, [field]: `ab${bad}c` }))).toEqual([
        field,
        INVALID_CHARACTERS,
      ]);
    }
    expect(firstIssue(billingAddressSchema.safeParse({ ...address, country: `F${bad}` }))?.[0]).toBe('country');
    expect(firstIssue(cardDetailsSchema.safeParse({ ...card, cardholderName: `Ada${bad}L` }))).toEqual([
      'cardholderName',
      INVALID_CHARACTERS,
    ]);
    expect(firstIssue(productsQuerySchema.safeParse({ q: `tur${bad}key` }))).toEqual(['q', INVALID_CHARACTERS]);
  });

  it('refuses a card token that is not printable ASCII', () => {
    const body = { customer, payment: { method: 'card', token: 'tok_12345678' }, acceptTerms: true, language: 'en' };
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
    for (const token of ['tok_1234\u00005678', 'tok_1234\ud8005678', 'tok_1234 5678']) {
      expect(firstIssue(checkoutBodySchema.safeParse({ ...body, payment: { method: 'card', token } }))?.[0]).toBe(
        'payment.token',
      );
    }
  });

  it('still accepts every script in names and addresses', () => {
    expect(customerSchema.safeParse({ ...customer, fullName: 'Çağrı Öztürk 😀' }).success).toBe(true);
    expect(billingAddressSchema.safeParse({ ...address, address: 'Straße 1\t(Hinterhaus)' }).success).toBe(true);
  });
});
