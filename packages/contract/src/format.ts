/**
 * Display formatting shared by the web app and the API: data allowances, validity periods and
 * prices. Pure functions with no dependencies.
 *
 * The display rules: `docs/product-rules.md#plan-names-and-data-amounts-on-screen`. Values look like '500MB', '1GB', 'Unlimited' (data) and '7d',
 * '2w', '1m', '1y' (validity).
 *
 * Units: data is in MB unless a string says otherwise; money is integer US cents (minor units of a
 * two-decimal currency); durations are days.
 */

/** Shown for a missing, non-text/non-number or unusable value. */
const NOT_AVAILABLE = 'N/A';

/** Shown for any text containing 'unlimited', in any case. */
const UNLIMITED = 'Unlimited';

/**
 * MB per GB when converting: the store counts binary gigabytes (the eSIM Go adapter turns eSIM
 * Go's documented decimal `dataAmount: 1000` for a 1GB bundle into 1024), so 1 GB = 1024 MB
 * here. This is distinct from the 1000 MB threshold at which the display switches to GB.
 */
const MB_PER_GB = 1024;

/** From this many MB on, data is shown in GB. */
const GB_DISPLAY_THRESHOLD_MB = 1000;

/** GB values within {@link SNAP_TOLERANCE_GB} of these snap to them. */
const SNAP_TARGETS_GB = [1, 2, 3, 5, 10, 20] as const;

/** Within 0.05 GB; the epsilon absorbs float error such as 1.05 - 1 = 0.0500…04. */
const SNAP_TOLERANCE_GB = 0.05 + 1e-9;

/**
 * A fractional part at or above 0.95 rounds up to the next whole GB; the epsilon
 * absorbs float error such as 14.95 - 14 = 0.9499…93.
 */
const ROUND_UP_FRACTION = 0.95 - 1e-9;

/**
 * Parses a data amount into MB. Numbers are MB; strings are a number with an optional unit
 * (MB, GB or TB, any case, optional space); a bare numeric string is MB.
 * Returns `'unlimited'` for text containing 'unlimited', `null` when unusable.
 */
function parseDataMb(value: unknown): number | 'unlimited' | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  if (/unlimited/i.test(value)) return 'unlimited';
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(mb|gb|tb)?\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'mb').toLowerCase();
  if (unit === 'gb') return amount * MB_PER_GB;
  if (unit === 'tb') return amount * MB_PER_GB * MB_PER_GB;
  return amount;
}

/** Applies the GB display rules to a GB value of about 1 or more; returns the number shown. */
function displayGb(gb: number): number {
  const snap = SNAP_TARGETS_GB.find((target) => Math.abs(gb - target) <= SNAP_TOLERANCE_GB);
  if (snap !== undefined) return snap;
  if (gb >= 48 && gb <= 52) return 50;
  if (gb >= 95 && gb <= 105) return 100;
  const whole = Math.floor(gb);
  if (gb - whole >= ROUND_UP_FRACTION) return whole + 1;
  // One decimal below 10 GB, where a tenth is meaningful (1.5GB, 7.3GB), and whole GB from
  // 10 GB up (12.4 -> 12GB).
  return gb < 10 ? Math.round(gb * 10) / 10 : Math.round(gb);
}

/**
 * Formats a data allowance for display.
 *
 * - `value`: a number of MB (e.g. `1024`), or a string such as '500MB', '1GB', '1.5 GB',
 *   '10240MB', 'Unlimited' or 'unlimited data'. A bare numeric string is MB.
 * - Text containing 'unlimited' (any case) gives 'Unlimited'.
 * - Under 1000 MB: whole MB, e.g. '500MB'.
 * - 1000 MB or more: GB, converted at 1 GB = 1024 MB (the store's unit; the eSIM Go adapter turns
 *   the decimal amounts eSIM Go documents, `dataAmount` 1000 for a 1GB bundle, into 1024). Then, in order:
 *   values within about 0.05 of 1, 2, 3, 5, 10 or 20 snap to them; 48–52 show as 50 and
 *   95–105 as 100; a fractional part of 0.95 or more rounds up to a whole number; anything else
 *   is shown with one decimal below 10 GB (trailing '.0' dropped) and as a whole number from 10 GB.
 * - `null`, `undefined`, `NaN`, infinities, negative numbers, objects, empty or unparseable text
 *   give 'N/A'.
 *
 * Output has no space between number and unit: '1GB', '500MB', '1.5GB', 'Unlimited', 'N/A'.
 *
 * @example formatDataAmount(1536) // '1.5GB'
 * @example formatDataAmount('49152MB') // '50GB'
 */
export function formatDataAmount(value: string | number | null | undefined): string {
  const mb = parseDataMb(value);
  if (mb === 'unlimited') return UNLIMITED;
  if (mb === null) return NOT_AVAILABLE;
  if (mb < GB_DISPLAY_THRESHOLD_MB) return `${Math.round(mb)}MB`;
  return `${displayGb(mb / MB_PER_GB)}GB`;
}

/**
 * Display label of a plan's allowance in MB as stored (`Product.features.dataMb`):
 * `null` means an unlimited plan and gives 'Unlimited'; otherwise {@link formatDataAmount}.
 *
 * @example dataAmountLabel(null) // 'Unlimited'
 * @example dataAmountLabel(3072) // '3GB'
 */
export function dataAmountLabel(dataMb: number | null): string {
  return dataMb === null ? UNLIMITED : formatDataAmount(dataMb);
}

/** Units of a validity code ('7d', '2w', '1m', '1y'). */
export type ValidityUnit = 'day' | 'week' | 'month' | 'year';

/**
 * Words for each validity unit as `[singular, plural]`, so the web app can pass translated words.
 * The singular is used only when the number is exactly 1.
 */
export type ValidityLabels = Readonly<Record<ValidityUnit, readonly [singular: string, plural: string]>>;

/** English validity words, the default of {@link formatValidity}. */
export const DEFAULT_VALIDITY_LABELS: ValidityLabels = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
};

const UNIT_BY_LETTER: Readonly<Record<string, ValidityUnit>> = { d: 'day', w: 'week', m: 'month', y: 'year' };

/** Days per unit for {@link parseValidityDays}: a month counts 30 days, a year 365. */
const DAYS_PER_UNIT: Readonly<Record<ValidityUnit, number>> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * Parses a validity code: a positive whole number followed by d, w, m or y (any case, optional
 * space), or a bare positive whole number (string or number), which means days.
 */
function parseValidity(code: unknown): { count: number; unit: ValidityUnit } | null {
  if (typeof code === 'number') {
    return Number.isSafeInteger(code) && code > 0 ? { count: code, unit: 'day' } : null;
  }
  if (typeof code !== 'string') return null;
  const match = /^\s*(\d+)\s*([dwmy])?\s*$/i.exec(code);
  if (!match) return null;
  const count = Number(match[1]);
  if (!Number.isSafeInteger(count) || count <= 0) return null;
  const unit = UNIT_BY_LETTER[(match[2] ?? 'd').toLowerCase()];
  return unit ? { count, unit } : null;
}

/**
 * Formats a validity code for display: the codes d, w, m, y become
 * day, week, month, year, pluralised unless the number is 1. A bare number means days.
 * Zero, negative, fractional, missing or malformed values give 'N/A'.
 *
 * @param code A validity code such as '7d', '2w', '1m', '1y', or a number of days.
 * @param labels Words per unit as `[singular, plural]`; English by default.
 * @example formatValidity('7d') // '7 days'
 * @example formatValidity('1m') // '1 month'
 */
export function formatValidity(
  code: string | number | null | undefined,
  labels: ValidityLabels = DEFAULT_VALIDITY_LABELS,
): string {
  const parsed = parseValidity(code);
  if (!parsed) return NOT_AVAILABLE;
  const [singular, plural] = labels[parsed.unit];
  return `${parsed.count} ${parsed.count === 1 ? singular : plural}`;
}

/**
 * Length of a validity code in days ('7d' -> 7, '2w' -> 14, '1m' -> 30, '1y' -> 365; a month
 * counts 30 days and a year 365). A bare number means days. Returns `null` when invalid.
 */
export function parseValidityDays(code: string | number | null | undefined): number | null {
  const parsed = parseValidity(code);
  return parsed ? parsed.count * DAYS_PER_UNIT[parsed.unit] : null;
}

/**
 * Validity code for a number of days, always in days: 7 -> '7d', 30 -> '30d'.
 * Expects a positive whole number of days.
 */
export function validityCode(days: number): string {
  return `${days}d`;
}

const priceFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a price in integer cents with English (US) currency formatting, default USD
 * (`docs/product-rules.md#prices-and-currency`): 499 -> '$4.99', 1000 -> '$10.00'. Cents are the minor unit of a
 * two-decimal currency (the amount shown is `cents / 100`). A non-finite value gives 'N/A'.
 *
 * @param cents Price in integer cents.
 * @param currency ISO 4217 code; an unknown code throws a RangeError (from Intl).
 */
export function formatPrice(cents: number, currency = 'USD'): string {
  if (!Number.isFinite(cents)) return NOT_AVAILABLE;
  if (currency === 'USD' && Number.isSafeInteger(cents)) return formatUsdCents(cents);
  let formatter = priceFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    priceFormatters.set(currency, formatter);
  }
  return formatter.format(centsToAmount(cents));
}

/**
 * A whole number of US cents as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes it ('$1,234.56', '-$0.99'), without building one: a browser loads the locale data for its
 * first `Intl.NumberFormat`, some 40 to 70 ms on this project's test machines and more on a phone,
 * in the middle of hydrating a page of prices. `format.test.ts` holds the two equal.
 */
function formatUsdCents(cents: number): string {
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Converts integer cents to a currency amount: 499 -> 4.99. */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/**
 * Converts a currency amount to integer cents, rounding half away from zero on the decimal
 * value rather than its binary approximation: 4.99 -> 499, 0.1 + 0.2 -> 30, 1.005 -> 101.
 *
 * @throws RangeError when `amount` is not a finite number.
 */
export function amountToCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  // amount * 100 may land just beside the intended value (1.005 * 100 = 100.49999999999999);
  // trimming to 6 decimals removes that float noise before rounding.
  const scaled = Math.abs(Number((amount * 100).toFixed(6)));
  const cents = Math.sign(amount) * Math.round(scaled);
  return cents === 0 ? 0 : cents; // never -0
}
