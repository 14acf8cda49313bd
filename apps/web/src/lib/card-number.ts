import { type CardBrand, cardBrand } from '@esim/contract/payment-card';

/**
 * Card-number display rules of the card payment fields (checkout, top-up): the number is grouped as it is typed (4-4-4-4
 * for most brands, 4-6-5 for American Express, as printed on the cards) and the brand is shown
 * next to it. Pure functions; the contract's `cardDigits` and Luhn check still decide validity.
 */

/** Most digits a card number can have (ISO/IEC 7812). */
export const MAX_CARD_DIGITS = 19;

/** Display names of the brands (trademarks, the same in every language). */
export const CARD_BRAND_NAMES: Readonly<Record<Exclude<CardBrand, 'unknown'>, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** A brand as printed, from the provider's lower-case id (`visa` -> `Visa`); unknown ids unchanged. */
export function brandDisplayName(brand: string): string {
  const key = brand.toLowerCase();
  return key in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[key as keyof typeof CARD_BRAND_NAMES] : brand;
}

/** Digit-group sizes of a brand's printed number: American Express 4-6-5, others 4-4-4-4(-3). */
export function cardNumberGroups(brand: CardBrand): readonly number[] {
  return brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** The most digits a brand's number has: 15 for American Express, 16 for Mastercard, else 19. */
export function maxDigitsOf(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'mastercard') return 16;
  return MAX_CARD_DIGITS;
}

/** The brand of a partly typed number (`unknown` until its prefix says). */
export function brandOf(input: string): CardBrand {
  return cardBrand(input.replace(/\D/g, ''));
}

/**
 * Formats a card number as typed: keeps digits only, cuts them to the brand's length and puts
 * one space between groups, e.g. `4242424242424242` -> `4242 4242 4242 4242`,
 * `378282246310005` -> `3782 822463 10005`.
 */
export function formatCardNumber(input: string): string {
  const brand = brandOf(input);
  const digits = input.replace(/\D/g, '').slice(0, maxDigitsOf(brand));
  const groups: string[] = [];
  let at = 0;
  for (const size of cardNumberGroups(brand)) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/** How many digits `text` holds before index `end` (the caret). */
export function digitsBefore(text: string, end: number): number {
  return text.slice(0, end).replace(/\D/g, '').length;
}

/**
 * Where the caret goes in `formatted` so that it stays after the same number of digits it was
 * after before formatting (typing or deleting in the middle of the number keeps its place).
 */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}
