import { describe, expect, it } from 'vitest';
import { brandOf, caretAfterDigits, digitsBefore, formatCardNumber } from './card-number.ts';

describe('formatCardNumber', () => {
  it('groups Visa and Mastercard numbers in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('5555 5555-5555 4444')).toBe('5555 5555 5555 4444');
  });

  it('groups American Express numbers 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
  });

  it('formats partial numbers without a trailing space', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('drops letters and keeps at most 19 digits for long Visa numbers', () => {
    expect(formatCardNumber('4a2b4c2')).toBe('4242');
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
  });

  it('stops Mastercard numbers at 16 digits', () => {
    expect(formatCardNumber('55555555555544449')).toBe('5555 5555 5555 4444');
  });
});

describe('brandOf', () => {
  it('reads the brand from the prefix of a partly typed number', () => {
    expect(brandOf('4')).toBe('visa');
    expect(brandOf('5105 1051')).toBe('mastercard');
    expect(brandOf('37')).toBe('amex');
    expect(brandOf('6011')).toBe('discover');
    expect(brandOf('9')).toBe('unknown');
  });
});

describe('caret position', () => {
  it('stays after the same digit once spaces are inserted', () => {
    // Typing the fifth digit at the end: '42424' -> '4242 4', caret after 5 digits -> index 6.
    expect(caretAfterDigits('4242 4', digitsBefore('42424', 5))).toBe(6);
  });

  it('keeps its place when a digit is typed in the middle', () => {
    // '4242 4242' with '1' typed after the second digit: '42142 4242' (caret at 3).
    const typed = '42142 4242';
    const formatted = formatCardNumber(typed);
    expect(formatted).toBe('4214 2424 2');
    expect(caretAfterDigits(formatted, digitsBefore(typed, 3))).toBe(3);
  });

  it('goes to the start or the end at the bounds', () => {
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});

describe('brandDisplayName', () => {
  it('prints known brands and keeps others', async () => {
    const { brandDisplayName } = await import('./card-number.ts');
    expect(brandDisplayName('visa')).toBe('Visa');
    expect(brandDisplayName('AMEX')).toBe('American Express');
    expect(brandDisplayName('unionpay')).toBe('unionpay');
  });
});
