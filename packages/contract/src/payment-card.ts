/**
 * Pure card-number helpers shared by the checkout form and the sandbox tokenisation endpoint.
 * Card numbers only ever pass through these functions in the browser and in the sandbox
 * provider; the store's API and database never see them (PCI DSS SAQ A, decision record 0019).
 */

/** Digits of a card number typed with spaces or dashes; `null` for anything else. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** Luhn (mod 10) check of a digit string (ISO/IEC 7812-1); also used for ICCIDs (ITU-T E.118). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that makes `partial + digit` valid. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${partial}${d}`)) return String(d);
  throw new Error(`No Luhn check digit for ${partial}`);
}

/** Card brands the store accepts (the secure-payment badge lists them). */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Brand by IIN prefix (Visa 4; Mastercard 51-55, 2221-2720; Amex 34, 37; Discover 6011, 65). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/** CVC length for a brand: 4 for American Express, otherwise 3. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/**
 * Whether a card's expiry (month 1-12, four-digit year) has passed at `now`: a card is valid
 * through the last day of its expiry month.
 */
export function isExpired(month: number, year: number, now: Date = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year < y || (year === y && month < m);
}
