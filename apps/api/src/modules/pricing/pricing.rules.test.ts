import { describe, expect, it } from 'vitest';
import { type PricingRule, retailPriceCents, selectRule } from './pricing.rules.ts';

const rule = (r: Partial<PricingRule>): PricingRule => ({
  id: 1,
  scope: 'all',
  scopeValue: null,
  markupBps: 0,
  fixedMarginCents: 0,
  endingCents: null,
  floorCents: 0,
  priority: 0,
  active: true,
  ...r,
});

const item = { apiBundleName: 'esim_1GB_7D_TR_V2', countryCode: 'TR', region: 'Europe+', bundleType: 'prepaid' } as const;

describe('retailPriceCents', () => {
  it('keeps the wholesale price without a rule', () => {
    expect(retailPriceCents(150, undefined)).toBe(150);
  });
  it('applies markup, margin, ending and floor in that order', () => {
    expect(retailPriceCents(200, rule({ markupBps: 5000 }))).toBe(300);
    expect(retailPriceCents(200, rule({ markupBps: 5000, fixedMarginCents: 25 }))).toBe(325);
    expect(retailPriceCents(200, rule({ markupBps: 5000, fixedMarginCents: 25, endingCents: 99 }))).toBe(399);
    expect(retailPriceCents(299, rule({ endingCents: 99 }))).toBe(299);
    expect(retailPriceCents(300, rule({ endingCents: 99 }))).toBe(399);
    expect(retailPriceCents(50, rule({ floorCents: 199 }))).toBe(199);
  });
  it('rounds fractional cents up', () => {
    expect(retailPriceCents(101, rule({ markupBps: 3333 }))).toBe(135);
  });
});

describe('selectRule', () => {
  it('prefers the most specific scope, then priority, then the older rule', () => {
    const all = rule({ id: 1 });
    const region = rule({ id: 2, scope: 'region', scopeValue: 'Europe+' });
    const country = rule({ id: 3, scope: 'country', scopeValue: 'TR' });
    const otherCountry = rule({ id: 4, scope: 'country', scopeValue: 'FR' });
    expect(selectRule([all, region, country, otherCountry], item)?.id).toBe(3);
    expect(selectRule([all, region], item)?.id).toBe(2);
    expect(selectRule([all, rule({ id: 5, priority: 2 })], item)?.id).toBe(5);
    expect(selectRule([rule({ id: 7 }), rule({ id: 6 })], item)?.id).toBe(6);
  });
  it('ignores inactive and non-matching rules', () => {
    expect(selectRule([rule({ active: false })], item)).toBeUndefined();
    expect(selectRule([rule({ scope: 'bundle_type', scopeValue: 'unlimited' })], item)).toBeUndefined();
    expect(selectRule([rule({ scope: 'bundle', scopeValue: 'esim_1GB_7D_TR_V2' })], item)).toBeDefined();
  });
});
