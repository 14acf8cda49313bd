import { UNINHABITED_TERRITORIES } from '@esim/contract/regions';
import { COUNTRY_REGION, REGION_MEMBERS } from '@esim/contract/region-members';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { buildSandboxCatalogue } from './sandbox-catalogue.ts';

const catalogue = buildSandboxCatalogue();
const NAME = /^esim_(\d+GB|UL|ULP)_\d+D_[A-Z]+_V2$/;

describe('region table completeness', () => {
  it('gives every ISO 3166-1 alpha-2 code of i18n-iso-countries a home region entry', () => {
    const codes = Object.keys(countries.getAlpha2Codes());
    expect(codes.length).toBeGreaterThanOrEqual(249);
    const missing = codes.filter((code) => !Object.hasOwn(COUNTRY_REGION, code));
    expect(missing).toEqual([]);
    // Only the two special codes come on top of the ISO list.
    const extra = Object.keys(COUNTRY_REGION).filter((code) => !codes.includes(code));
    expect(extra.sort()).toEqual(['CYP', 'US-HI']);
  });
});

describe('buildSandboxCatalogue', () => {
  it('is deterministic', () => {
    expect(buildSandboxCatalogue()).toEqual(catalogue);
  });

  it('uses unique eSIM Go style bundle names', () => {
    const names = catalogue.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(NAME);
  });

  it('sells Turkey fixed, unlimited lite and unlimited plus plans', () => {
    const tr = catalogue.filter((b) => b.countryCode === 'TR');
    const oneGb = tr.find((b) => b.name === 'esim_1GB_7D_TR_V2');
    expect(oneGb).toMatchObject({ type: 'local', dataMb: 1024, durationDays: 7, unlimited: false, tier: null });
    expect(oneGb?.description).toBe('1GB, 7 days, Turkey');
    expect(tr.find((b) => b.name === 'esim_UL_7D_TR_V2')).toMatchObject({
      unlimited: true,
      dataMb: null,
      tier: 'unlimited',
    });
    expect(tr.find((b) => b.name === 'esim_ULP_30D_TR_V2')).toMatchObject({ unlimited: true, tier: 'unlimited_plus' });
    expect(oneGb?.countries).toHaveLength(1);
    expect(oneGb?.countries[0]).toMatchObject({ iso: 'TR', name: 'Turkey', region: 'Europe+' });
    expect(oneGb?.countries[0]?.networks.map((n) => n.name)).toContain('Turkcell');
  });

  it('has unlimited plans in popular destinations', () => {
    for (const code of ['TR', 'US', 'GB', 'FR', 'DE', 'JP', 'ES', 'IT', 'TH', 'AE']) {
      const names = catalogue.filter((b) => b.countryCode === code).map((b) => b.name);
      expect(names, code).toContain(`esim_UL_1D_${code}_V2`);
      expect(names, code).toContain(`esim_ULP_30D_${code}_V2`);
      expect(names, code).toContain(`esim_50GB_30D_${code}_V2`);
    }
  });

  it('gives every inhabited destination at least three local plans and none to uninhabited ones', () => {
    const localCount = new Map<string, number>();
    for (const b of catalogue.filter((b) => b.type === 'local')) {
      localCount.set(b.countryCode, (localCount.get(b.countryCode) ?? 0) + 1);
    }
    for (const code of Object.keys(COUNTRY_REGION)) {
      if (UNINHABITED_TERRITORIES.includes(code)) expect(localCount.has(code), code).toBe(false);
      else expect(localCount.get(code) ?? 0, code).toBeGreaterThanOrEqual(3);
    }
  });

  it('covers FR and TR with Europe+ regional plans', () => {
    const europe = catalogue.filter((b) => b.countryCode === 'Europe+');
    expect(europe.length).toBeGreaterThan(0);
    for (const b of europe) {
      expect(b.type).toBe('regional');
      const isos = b.countries.map((c) => c.iso);
      expect(isos).toEqual(expect.arrayContaining(['FR', 'TR']));
      expect(isos).toEqual([...REGION_MEMBERS['Europe+']]);
    }
    expect(europe.map((b) => b.name)).toContain('esim_5GB_30D_EU_V2');
  });

  it('covers JP and US with Global plans and no uninhabited territory', () => {
    const global = catalogue.filter((b) => b.countryCode === 'Global');
    expect(global).toHaveLength(5);
    for (const b of global) {
      expect(b.type).toBe('global');
      const isos = b.countries.map((c) => c.iso);
      expect(isos).toEqual(expect.arrayContaining(['JP', 'US']));
      for (const code of UNINHABITED_TERRITORIES) expect(isos).not.toContain(code);
    }
  });

  it('prices every bundle as a positive integer of cents', () => {
    for (const b of catalogue) {
      expect(Number.isInteger(b.priceCents), b.name).toBe(true);
      expect(b.priceCents, b.name).toBeGreaterThan(0);
    }
  });

  it('keeps prices consistent: more data or days costs more, plus costs more than lite', () => {
    const price = (name: string) => catalogue.find((b) => b.name === name)?.priceCents ?? Number.NaN;
    expect(price('esim_1GB_7D_TR_V2')).toBeLessThan(price('esim_3GB_15D_TR_V2'));
    expect(price('esim_20GB_30D_TR_V2')).toBeLessThan(price('esim_50GB_30D_TR_V2'));
    expect(price('esim_UL_7D_TR_V2')).toBeLessThan(price('esim_ULP_7D_TR_V2'));
    expect(price('esim_UL_1D_TR_V2')).toBeLessThan(price('esim_UL_30D_TR_V2'));
    expect(price('esim_5GB_30D_TR_V2')).toBeLessThan(price('esim_5GB_30D_EU_V2'));
    expect(price('esim_5GB_30D_EU_V2')).toBeLessThan(price('esim_5GB_30D_GLOBAL_V2'));
  });

  it('includes Northern Cyprus and Hawaii under their special codes', () => {
    const cyp = catalogue.filter((b) => b.countryCode === 'CYP');
    const hawaii = catalogue.filter((b) => b.countryCode === 'US-HI');
    expect(cyp.map((b) => b.name)).toContain('esim_1GB_7D_CYP_V2');
    expect(hawaii.map((b) => b.name)).toContain('esim_1GB_7D_USHI_V2');
    expect(cyp[0]?.countries[0]).toMatchObject({ iso: 'CYP', name: 'Northern Cyprus', region: 'Europe+' });
    expect(hawaii[0]?.countries[0]).toMatchObject({ iso: 'US-HI', name: 'Hawaii', region: 'Oceania' });
    expect(hawaii[0]?.countries[0]?.networks.length).toBeGreaterThan(0);
  });

  it('derives network speeds from the operator bands', () => {
    const problems: string[] = [];
    for (const b of catalogue) {
      for (const c of b.countries) {
        if (c.networks.length > 3) problems.push(`${b.name} ${c.iso}: more than 3 networks`);
        for (const n of c.networks) {
          if (!n.name || n.speeds.length === 0) problems.push(`${b.name} ${c.iso}: bad network ${n.name}`);
          if (n.speeds.some((s) => !['2G', '3G', '4G', '5G'].includes(s))) problems.push(`${b.name} ${c.iso}: speeds`);
        }
      }
    }
    expect(problems).toEqual([]);
    const germany = catalogue.find((b) => b.name === 'esim_1GB_7D_DE_V2')?.countries[0];
    expect(germany?.networks.some((n) => n.speeds.includes('5G'))).toBe(true);
  });

  it('does not share country objects between bundles', () => {
    const [first, second] = catalogue.filter((b) => b.countryCode === 'Global');
    expect(first?.countries[0]).not.toBe(second?.countries[0]);
  });
});
