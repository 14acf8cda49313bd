import { LANGUAGE_CODES } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { EMAIL_STRINGS } from './index.ts';

/** Every text of a locale object as `[path, text]`, e.g. `['topupReceipt.validityDays.one', '{count} day']`. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Terms that are rightly the same word in some languages (French "E-mail", Spanish "Plan"). */
const SAME_EVERYWHERE = new Set(['ICCID', 'WhatsApp', 'Total', 'Plan', 'E-mail']);

const SECTIONS = Object.keys(EMAIL_STRINGS.en) as (keyof typeof EMAIL_STRINGS.en)[];

describe('e-mail texts', () => {
  it('cover the order confirmation, the top-up receipt, the password reset and the status messages', () => {
    expect(SECTIONS).toEqual(
      expect.arrayContaining(['common', 'orderConfirmation', 'topupReceipt', 'passwordReset', 'orderStatus']),
    );
  });

  // The compiler checks the keys of each language against `EmailStrings`; this also catches an
  // extra key, or a key left empty, that the types let through.
  it.each(LANGUAGE_CODES)('%s has every key of English and no other, none empty', (lang) => {
    const paths = (l: typeof lang) =>
      leaves(EMAIL_STRINGS[l])
        .map(([path]) => path)
        .sort();
    expect(paths(lang)).toEqual(paths('en'));
    for (const [path, text] of leaves(EMAIL_STRINGS[lang])) expect(text.trim(), `${lang} ${path}`).not.toBe('');
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s is a translation, not a copy of English', (lang) => {
    const english = new Map(leaves(EMAIL_STRINGS.en));
    const copies = leaves(EMAIL_STRINGS[lang]).filter(
      ([path, text]) => english.get(path) === text && !SAME_EVERYWHERE.has(text),
    );
    expect(copies).toEqual([]);
  });

  it('keeps the same placeholders in every language', () => {
    const english = new Map(leaves(EMAIL_STRINGS.en));
    for (const lang of LANGUAGE_CODES) {
      for (const [path, text] of leaves(EMAIL_STRINGS[lang])) {
        const reference = english.get(path) ?? '';
        // `{count}` may be left out of a singular form ("Your eSIM is ready").
        const expected = placeholders(reference).filter((p) => !(path.endsWith('.one') && p === 'count'));
        expect(
          placeholders(text).filter((p) => !(path.endsWith('.one') && p === 'count')),
          `${lang} ${path}`,
        ).toEqual(expected);
      }
    }
  });

  it('gives the top-up receipt the placeholders its renderer fills', () => {
    const t = EMAIL_STRINGS.en.topupReceipt;
    expect(placeholders(t.subject)).toEqual(['orderNumber']);
    expect(placeholders(t.preheader)).toEqual(['product']);
    expect(placeholders(t.intro)).toEqual(['iccid', 'orderNumber', 'product']);
    expect(placeholders(t.validityDays.other)).toEqual(['count']);
    expect(placeholders(t.reason)).toEqual(['brand', 'orderNumber']);
  });

  it('gives the password reset the placeholders its renderer fills', () => {
    const t = EMAIL_STRINGS.en.passwordReset;
    expect(placeholders(t.subject)).toEqual(['brand']);
    expect(placeholders(t.preheader)).toEqual(['minutes']);
    expect(placeholders(t.intro)).toEqual(['brand', 'username']);
    expect(placeholders(t.validity)).toEqual(['minutes']);
    expect(placeholders(t.reason)).toEqual(['brand']);
  });
});

describe('status message texts', () => {
  it('give every status the placeholders its renderer fills', () => {
    for (const lang of LANGUAGE_CODES) {
      const t = EMAIL_STRINGS[lang].orderStatus;
      for (const status of [
        'pending',
        'created',
        'processing',
        'processed',
        'shipped',
        'completed',
        'cancelled',
        'refunded',
      ] as const) {
        expect(placeholders(t[status].subject), `${lang} ${status}`).toEqual(['orderNumber']);
        expect(placeholders(t[status].body), `${lang} ${status}`).toEqual(
          status === 'refunded' ? ['amount', 'orderNumber'] : ['orderNumber'],
        );
      }
      expect(placeholders(t.reason)).toEqual(['brand', 'orderNumber']);
    }
  });
});
