import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  centsToAmount,
  dataAmountLabel,
  DEFAULT_VALIDITY_LABELS,
  formatDataAmount,
  formatPrice,
  formatValidity,
  parseValidityDays,
  validityCode,
  type ValidityLabels,
} from './format.ts';

// The display rules: `docs/product-rules.md#plan-names-and-data-amounts-on-screen`.

describe('formatDataAmount: under 1000 MB stays in MB', () => {
  it.each([
    [0, '0MB'],
    [1, '1MB'],
    [100, '100MB'],
    [500, '500MB'],
    [512, '512MB'],
    [999, '999MB'],
    [999.4, '999MB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: 1000 MB or more is shown in GB (1 GB = 1024 MB)', () => {
  it.each([
    [1000, '1GB'], // 0.977 GB: fraction >= 0.95 rounds up
    [1024, '1GB'],
    [1536, '1.5GB'],
    [2048, '2GB'],
    [3072, '3GB'],
    [4096, '4GB'],
    [5120, '5GB'],
    [10240, '10GB'],
    [20480, '20GB'],
    [30720, '30GB'],
    [51200, '50GB'],
    [102400, '100GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: whole number at a fraction of 0.95 or above, else up to one decimal', () => {
  const gb = (n: number) => n * 1024;
  it.each([
    [gb(6.95), '7GB'],
    [gb(6.99), '7GB'],
    [gb(6.94), '6.9GB'],
    [gb(7.3), '7.3GB'],
    [gb(1.5), '1.5GB'],
    [gb(2.5), '2.5GB'],
    [gb(4), '4GB'], // no trailing '.0'
    [gb(8.02), '8GB'],
    [gb(9.96), '10GB'],
    [gb(14.95), '15GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: values within about 0.05 of 1, 2, 3, 5, 10, 20 GB snap', () => {
  const gb = (n: number) => n * 1024;
  it.each([
    [gb(1.05), '1GB'],
    [gb(1.04), '1GB'],
    [gb(1.06), '1.1GB'],
    [gb(2.04), '2GB'],
    [gb(1.96), '2GB'],
    [2000, '2GB'], // 1.953 GB
    [gb(3.05), '3GB'],
    [gb(2.97), '3GB'],
    [gb(5.03), '5GB'],
    [gb(4.96), '5GB'],
    [gb(10.05), '10GB'],
    [gb(9.97), '10GB'],
    [gb(20.04), '20GB'],
    [gb(19.95), '20GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: 48 to 52 GB show as 50, 95 to 105 GB as 100', () => {
  const gb = (n: number) => n * 1024;
  it.each([
    [49152, '50GB'], // 48 GB
    [gb(49), '50GB'],
    [gb(51.5), '50GB'],
    [gb(52), '50GB'],
    [gb(47), '47GB'], // below the band: ordinary rounding
    [gb(53), '53GB'],
    [gb(95), '100GB'],
    [gb(97), '100GB'],
    [gb(105), '100GB'],
    [gb(94), '94GB'],
    [gb(106), '106GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: others are rounded to whole GB from 10 GB up', () => {
  const gb = (n: number) => n * 1024;
  it.each([
    [gb(12.4), '12GB'],
    [gb(12.5), '13GB'],
    [gb(15), '15GB'],
    [gb(25), '25GB'],
    [gb(30), '30GB'],
    [gb(200), '200GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(formatDataAmount(mb)).toBe(expected);
  });
});

describe('formatDataAmount: strings', () => {
  it.each([
    ['500MB', '500MB'],
    ['500 MB', '500MB'],
    ['999MB', '999MB'],
    ['1000MB', '1GB'],
    ['1GB', '1GB'],
    ['1gb', '1GB'],
    ['1.5 GB', '1.5GB'],
    ['0.5GB', '512MB'],
    ['3GB', '3GB'],
    ['10240MB', '10GB'],
    ['49152MB', '50GB'],
    ['97GB', '100GB'],
    ['1TB', '1024GB'],
    ['2048', '2GB'], // bare number is MB
    [' 5GB ', '5GB'],
  ])('%j -> %s', (text, expected) => {
    expect(formatDataAmount(text)).toBe(expected);
  });
});

describe("formatDataAmount: text containing 'unlimited' shows 'Unlimited'", () => {
  it.each(['Unlimited', 'unlimited', 'UNLIMITED', 'unlimited data', 'Daily Unlimited Plus'])('%j', (text) => {
    expect(formatDataAmount(text)).toBe('Unlimited');
  });
});

describe("formatDataAmount: missing or non-text values show 'N/A'", () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative number', -1],
    ['an object', {}],
    ['an array', []],
    ['a boolean', true],
    ['an empty string', ''],
    ['whitespace', '   '],
    ['unparseable text', 'lots'],
    ['a negative string', '-5GB'],
  ])('%s', (_label, value) => {
    expect(formatDataAmount(value as string)).toBe('N/A');
  });
});

describe('dataAmountLabel', () => {
  it("maps null (an unlimited plan) to 'Unlimited'", () => {
    expect(dataAmountLabel(null)).toBe('Unlimited');
  });
  it.each([
    [500, '500MB'],
    [1024, '1GB'],
    [3072, '3GB'],
    [51200, '50GB'],
  ])('%s MB -> %s', (mb, expected) => {
    expect(dataAmountLabel(mb)).toBe(expected);
  });
});

describe('formatValidity: d, w, m, y become day, week, month, year, plural unless 1', () => {
  it.each([
    ['1d', '1 day'],
    ['7d', '7 days'],
    ['30d', '30 days'],
    ['1w', '1 week'],
    ['2w', '2 weeks'],
    ['1m', '1 month'],
    ['3m', '3 months'],
    ['1y', '1 year'],
    ['2y', '2 years'],
    ['7D', '7 days'],
    [' 7 d ', '7 days'],
  ])('%j -> %s', (code, expected) => {
    expect(formatValidity(code)).toBe(expected);
  });

  it('treats a bare number as days', () => {
    expect(formatValidity(7)).toBe('7 days');
    expect(formatValidity(1)).toBe('1 day');
    expect(formatValidity('15')).toBe('15 days');
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['unknown unit', '7x'],
    ['unit only', 'd'],
    ['zero', '0d'],
    ['zero number', 0],
    ['negative', -3],
    ['fraction', 1.5],
    ['decimal code', '1.5d'],
    ['NaN', Number.NaN],
    ['object', {}],
  ])("gives 'N/A' for %s", (_label, code) => {
    expect(formatValidity(code as string)).toBe('N/A');
  });

  it('uses translated labels when given', () => {
    const tr: ValidityLabels = {
      day: ['gün', 'gün'],
      week: ['hafta', 'hafta'],
      month: ['ay', 'ay'],
      year: ['yıl', 'yıl'],
    };
    const de: ValidityLabels = {
      day: ['Tag', 'Tage'],
      week: ['Woche', 'Wochen'],
      month: ['Monat', 'Monate'],
      year: ['Jahr', 'Jahre'],
    };
    expect(formatValidity('7d', tr)).toBe('7 gün');
    expect(formatValidity('1d', de)).toBe('1 Tag');
    expect(formatValidity('2w', de)).toBe('2 Wochen');
    expect(formatValidity('1y', de)).toBe('1 Jahr');
    expect(formatValidity('bad', de)).toBe('N/A');
  });

  it('defaults to English labels', () => {
    expect(DEFAULT_VALIDITY_LABELS.day).toEqual(['day', 'days']);
  });
});

describe('parseValidityDays', () => {
  it.each([
    ['1d', 1],
    ['7d', 7],
    ['2w', 14],
    ['1m', 30],
    ['3m', 90],
    ['1y', 365],
    ['10', 10],
    [30, 30],
  ])('%j -> %s', (code, days) => {
    expect(parseValidityDays(code)).toBe(days);
  });

  it.each([null, undefined, '', '0d', '7x', 'abc', -1, 2.5])('%j -> null', (code) => {
    expect(parseValidityDays(code)).toBeNull();
  });
});

describe('validityCode', () => {
  it('writes days as a d code that parses back', () => {
    expect(validityCode(7)).toBe('7d');
    expect(validityCode(14)).toBe('14d');
    expect(validityCode(30)).toBe('30d');
    expect(parseValidityDays(validityCode(30))).toBe(30);
    expect(formatValidity(validityCode(1))).toBe('1 day');
  });
});

describe('formatPrice: English (US) currency formatting, default USD', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [499, '$4.99'],
    [1000, '$10.00'],
    [123456, '$1,234.56'],
    [-499, '-$4.99'],
  ])('%s cents -> %s', (cents, expected) => {
    expect(formatPrice(cents)).toBe(expected);
  });

  it('formats other currencies in en-US style', () => {
    expect(formatPrice(499, 'EUR')).toBe('€4.99');
    expect(formatPrice(1000, 'GBP')).toBe('£10.00');
    expect(formatPrice(499, 'USD')).toBe('$4.99');
  });

  it("gives 'N/A' for a non-finite value", () => {
    expect(formatPrice(Number.NaN)).toBe('N/A');
  });

  it('writes US dollars exactly as Intl.NumberFormat does, without building one', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 999_999_999, -1, -123_456];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))) * (i % 7 ? 1 : -1));
    for (const cents of samples) expect(formatPrice(cents), String(cents)).toBe(intl.format(cents / 100));
    // Fractions of a cent keep Intl's rounding.
    expect(formatPrice(499.5)).toBe(intl.format(4.995));
  });
});

describe('centsToAmount and amountToCents', () => {
  it('converts cents to an amount', () => {
    expect(centsToAmount(499)).toBe(4.99);
    expect(centsToAmount(1000)).toBe(10);
    expect(centsToAmount(0)).toBe(0);
  });

  it.each([
    [4.99, 499],
    [10, 1000],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [0.015, 2],
    [4.994, 499],
    [4.995, 500],
    [-4.99, -499],
    [-1.005, -101],
    [0, 0],
  ])('%s -> %s cents', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it('never returns -0', () => {
    expect(Object.is(amountToCents(-0.001), 0)).toBe(true);
  });

  it('round-trips every cent value', () => {
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(amountToCents(centsToAmount(cents))).toBe(cents);
    }
  });

  it('rejects non-finite amounts', () => {
    expect(() => amountToCents(Number.NaN)).toThrow(RangeError);
    expect(() => amountToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
