import type { Country } from '@esim/contract/catalog';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/admin-pricing.json';
import { actorText, destinationName, percent, scopeText, signedMoney } from './pricing-format.ts';

/** `t` over the English texts (keys with dots), enough for these helpers. */
const t = ((key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      en,
    )) as unknown as TFunction<'admin-pricing'>;

const iceland: Country = {
  code: 'IS',
  slug: 'iceland',
  names: { en: 'Iceland', tr: 'İzlanda', es: 'Islandia', fr: 'Islande', de: 'Island' },
  type: 'local',
  region: 'Europe+',
  planCount: 16,
  fromPriceCents: 499,
  flag: 'is',
};

describe('pricing display rules', () => {
  it('signs changes in dollars', () => {
    expect(signedMoney(500)).toBe('+$5.00');
    expect(signedMoney(-120)).toBe('−$1.20');
    expect(signedMoney(0)).toBe('$0.00');
  });

  it('shows basis points as a percentage of the interface language', () => {
    expect(percent(8000, 'en')).toBe('80%');
    expect(percent(1250, 'en')).toBe('12.5%');
    expect(percent(8000, 'tr')).toBe('%80');
  });

  it('names what a rule applies to', () => {
    expect(scopeText({ scope: 'all', scopeValue: null }, t, 'en', [])).toBe('All products');
    expect(scopeText({ scope: 'country', scopeValue: 'IS' }, t, 'en', [iceland])).toBe('Destination: Iceland');
    expect(scopeText({ scope: 'region', scopeValue: 'LATAM' }, t, 'en', [])).toBe('Region: Latin America');
    expect(scopeText({ scope: 'bundle_type', scopeValue: 'unlimited' }, t, 'en', [])).toBe('Bundle type: Unlimited');
    expect(scopeText({ scope: 'bundle', scopeValue: 'esim_1GB_7D_IS_V2' }, t, 'en', [])).toBe(
      'Bundle: esim_1GB_7D_IS_V2',
    );
    expect(destinationName('IS', 'tr', [iceland])).toBe('İzlanda');
    expect(destinationName('XQ', 'en', [iceland])).toBe('XQ');
  });

  it('names who ran a recalculation', () => {
    expect(actorText('admin:grace', t)).toBe('grace');
    expect(actorText('sync', t)).toBe('Catalogue sync');
    expect(actorText('system', t)).toBe('System');
  });
});
