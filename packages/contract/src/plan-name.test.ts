import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { isUnlimitedPlan, planDataLabel, planName, planValidityLabel } from './plan-name.ts';

describe('planName', () => {
  it('keeps the Unlimited Plus tier', () => {
    const plus = planName({ destination: 'Japan', data: null, validityDays: 1, tier: 'unlimited_plus' }, 'en');
    const lite = planName({ destination: 'Japan', data: null, validityDays: 1, tier: 'unlimited' }, 'en');
    expect(plus).toBe('Japan eSIM: Unlimited Plus, 1 day');
    expect(lite).toBe('Japan eSIM: Unlimited, 1 day');
    expect(plus).not.toBe(lite);
  });

  it('names the tier in every language, and the two tiers differently', () => {
    const expected = {
      en: 'Unlimited Plus',
      tr: 'Sınırsız Plus',
      es: 'Ilimitado Plus',
      fr: 'Illimité Plus',
      de: 'Unbegrenzt Plus',
    } as const;
    for (const lang of LANGUAGE_CODES) {
      const plus = planName({ destination: 'X', data: 'Unlimited', validityDays: 7, tier: 'unlimited_plus' }, lang);
      const lite = planName({ destination: 'X', data: 'Unlimited', validityDays: 7, tier: 'unlimited' }, lang);
      expect(plus).toContain(expected[lang]);
      expect(lite).not.toContain('Plus');
    }
  });

  it('builds the name from the facts in the reader’s language', () => {
    const facts = { data: 1024, validityDays: 7, tier: null };
    expect(planName({ ...facts, destination: 'Turkey' }, 'en')).toBe('Turkey eSIM: 1GB, 7 days');
    expect(planName({ ...facts, destination: 'Türkiye' }, 'tr')).toBe('Türkiye eSIM paketi: 1GB, 7 gün');
    expect(planName({ ...facts, destination: 'Turquía' }, 'es')).toBe('eSIM Turquía: 1GB, 7 días');
    expect(planName({ ...facts, destination: 'Turquie' }, 'fr')).toBe('eSIM Turquie : 1GB, 7 jours');
    expect(planName({ ...facts, destination: 'Türkei' }, 'de')).toBe('eSIM Türkei: 1GB, 7 Tage');
  });

  it('never puts a preposition before the destination', () => {
    const names = { de: 'Vereinigte Staaten von Amerika', fr: 'États-Unis', es: 'Reino Unido' } as const;
    for (const [lang, destination] of Object.entries(names) as [keyof typeof names, string][]) {
      const name = planName({ destination, data: 3072, validityDays: 30, tier: null }, lang);
      expect(name).not.toMatch(new RegExp(`\\b(in|für|en|pour|para|aux) ${destination}`));
    }
  });

  it('reads an allowance as MB or as a frozen display string', () => {
    expect(planDataLabel({ data: 500, tier: null }, 'en')).toBe('500MB');
    expect(planDataLabel({ data: '3GB', tier: null }, 'en')).toBe('3GB');
    expect(planDataLabel({ data: 'Unlimited', tier: null }, 'de')).toBe('Unbegrenzt');
    expect(planDataLabel({ data: 'garbage', tier: null }, 'en')).toBe('N/A');
    expect(isUnlimitedPlan({ data: 2048, tier: null })).toBe(false);
    expect(isUnlimitedPlan({ data: null, tier: null })).toBe(true);
  });

  it('uses the singular for exactly one day and refuses nonsense validity', () => {
    expect(planValidityLabel(1, 'fr')).toBe('1 jour');
    expect(planValidityLabel(2, 'fr')).toBe('2 jours');
    expect(planValidityLabel(0, 'en')).toBe('N/A');
    expect(planValidityLabel(1.5, 'de')).toBe('k. A.');
  });

  it('takes other words when given', () => {
    const name = planName({ destination: 'Japan', data: null, validityDays: 3, tier: 'unlimited_plus' }, 'en', {
      pattern: '{destination} {data} ({validity})',
    });
    expect(name).toBe('Japan Unlimited Plus (3 days)');
  });
});
