import type { PricingScope, PricingSetting } from '@esim/contract/admin-pricing';
import type { Country } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { GLOBAL, REGION_LABELS, isRegionName } from '@esim/contract/regions';
import type { TFunction } from 'i18next';

/**
 * Display rules of the pricing screen: money in US dollars (`docs/product-rules.md#prices-and-currency`),
 * markups as percentages and dates in the interface language, rules' scopes in words. Imports
 * only types from the contract's `admin-pricing` module, so the screen does not load zod.
 */

/** The scopes as the rule dialog offers them, broadest first (the contract's `PRICING_SCOPES`). */
export const SCOPES = ['all', 'bundle_type', 'region', 'country', 'bundle'] as const satisfies readonly PricingScope[];

/** US dollars in US English currency format, `$4.99`, whatever the interface language. */
export const money = (cents: number): string => formatPrice(cents);

/** A signed change in dollars: `+$5.00`, `−$1.20`, `$0.00`. */
export function signedMoney(cents: number): string {
  if (cents === 0) return money(0);
  return `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;
}

/** Basis points as a percentage in the interface language: 8000 → `80%` (en), `%80` (tr). */
export function percent(bps: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** A date and time in the interface language. */
export function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A destination code's name in the interface language: the catalogue's names, the region labels, then the code. */
export function destinationName(code: string, language: string, destinations: readonly Country[] | undefined): string {
  const found = destinations?.find((d) => d.code === code);
  if (found) return found.names[language as keyof Country['names']] ?? found.names.en;
  if (isRegionName(code) || code === GLOBAL)
    return REGION_LABELS[code][language as keyof (typeof REGION_LABELS)['Global']] ?? code;
  return code;
}

/** What a rule applies to, in words: `All products`, `Destination: Iceland`, `Bundle: esim_1GB_7D_IS_V2`. */
export function scopeText(
  rule: Pick<PricingSetting, 'scope' | 'scopeValue'>,
  t: TFunction<'admin-pricing'>,
  language: string,
  destinations: readonly Country[] | undefined,
): string {
  const label = t(`scope.${rule.scope}`);
  if (rule.scope === 'all' || rule.scopeValue === null) return label;
  const value =
    rule.scope === 'bundle_type'
      ? t(`bundleType.${rule.scopeValue === 'unlimited' ? 'unlimited' : 'prepaid'}`)
      : rule.scope === 'region' || rule.scope === 'country'
        ? destinationName(rule.scopeValue, language, destinations)
        : rule.scopeValue;
  return `${label}: ${value}`;
}

/** Who ran a recalculation: the admin's username, or the catalogue sync, or the system. */
export function actorText(actor: string, t: TFunction<'admin-pricing'>): string {
  if (actor.startsWith('admin:')) return actor.slice('admin:'.length);
  return actor === 'sync' ? t('runs.sync') : t('runs.system');
}
