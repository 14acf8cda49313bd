import type { PortalBundle } from '@esim/contract/portal';
import { describe, expect, it } from 'vitest';
import { dataAmountText, formatIso, mainBundleOf, splitBundles } from './portal-format.ts';

const bundle = (id: string, kind: 'main' | 'topup') => ({ id, kind }) as PortalBundle;

describe('formatIso', () => {
  const format = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' });
  it('formats in the interface language and skips missing or invalid dates', () => {
    expect(formatIso('2026-03-05T10:00:00Z', format)).toBe('05.03.2026');
    expect(formatIso(null, format)).toBeNull();
    expect(formatIso('not a date', format)).toBeNull();
  });
});

describe('bundles', () => {
  it('puts the main bundle first and the top-ups after it', () => {
    const split = splitBundles([bundle('t1', 'topup'), bundle('m', 'main'), bundle('t2', 'topup')]);
    expect(split.main?.id).toBe('m');
    expect(split.topups.map((b) => b.id)).toEqual(['t1', 't2']);
  });

  it('falls back to the first bundle for the plan name', () => {
    expect(mainBundleOf({ bundles: [bundle('t1', 'topup'), bundle('m', 'main')] })?.id).toBe('m');
    expect(mainBundleOf({ bundles: [bundle('t1', 'topup')] })?.id).toBe('t1');
    expect(mainBundleOf({ bundles: [] })).toBeUndefined();
  });
});

describe('dataAmountText', () => {
  it('applies the display rules and translates unlimited', () => {
    expect(dataAmountText('1GB', 'Sınırsız')).toBe('1GB');
    expect(dataAmountText('1024MB', 'Sınırsız')).toBe('1GB');
    expect(dataAmountText('Unlimited', 'Sınırsız')).toBe('Sınırsız');
  });
});
