import { describe, expect, it } from 'vitest';
import {
  GLOBAL,
  GLOBAL_CODE,
  GLOBAL_SLUG,
  REGION_LABELS,
  REGION_NAMES,
  REGIONS,
  SPECIAL_COUNTRIES,
  UNINHABITED_TERRITORIES,
  isRegionName,
  regionBySlug,
} from './regions.ts';
import { COUNTRY_REGION, GLOBAL_MEMBERS, REGION_MEMBERS, regionOf } from './region-members.ts';

describe('regions', () => {
  it('lists the seven regions in REGIONS with unique slugs and codes', () => {
    expect(REGIONS.map((r) => r.name)).toEqual([...REGION_NAMES]);
    const slugs = [...REGIONS.map((r) => r.slug), GLOBAL_SLUG];
    const codes = [...REGIONS.map((r) => r.code), GLOBAL_CODE];
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]+$/);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z-]+$/);
  });

  it('uses region codes that never collide with a country code in bundle names', () => {
    const countryCodes = new Set(Object.keys(COUNTRY_REGION).map((c) => c.replace('-', '')));
    for (const code of [...REGIONS.map((r) => r.code), GLOBAL_CODE]) expect(countryCodes.has(code)).toBe(false);
  });

  it('maps countries to their home region', () => {
    expect(regionOf('TR')).toBe('Europe+');
    expect(regionOf('JP')).toBe('Asia');
    expect(regionOf('BR')).toBe('LATAM');
    expect(regionOf('JM')).toBe('Caribbean');
    expect(regionOf('AU')).toBe('Oceania');
    expect(regionOf('RS')).toBe('Balkans');
    expect(regionOf('NG')).toBe('Africa');
    expect(regionOf('US')).toBeNull();
    expect(regionOf('CYP')).toBe('Europe+');
    expect(regionOf('US-HI')).toBe('Oceania');
    expect(regionOf('tr')).toBe('Europe+');
    expect(regionOf('ZZ')).toBeNull();
    expect(regionOf('constructor')).toBeNull();
  });

  it('has every value in the table a region name or null', () => {
    for (const [code, region] of Object.entries(COUNTRY_REGION)) {
      expect(code).toMatch(/^([A-Z]{2}|CYP|US-HI)$/);
      if (region !== null) expect(isRegionName(region)).toBe(true);
    }
    expect(Object.keys(COUNTRY_REGION)).toHaveLength(252);
  });

  it('derives regional members, with Europe+ covering the Balkans and uninhabited places nowhere', () => {
    expect(REGION_MEMBERS['Europe+']).toEqual(expect.arrayContaining(['FR', 'TR', 'GB', 'CYP', 'RS', 'AL']));
    expect([...REGION_MEMBERS.Balkans].sort()).toEqual(
      ['AL', 'BA', 'BG', 'GR', 'HR', 'ME', 'MK', 'RO', 'RS', 'SI', 'XK'].sort(),
    );
    expect(REGION_MEMBERS.Oceania).toContain('US-HI');
    for (const members of [...Object.values(REGION_MEMBERS), GLOBAL_MEMBERS]) {
      for (const code of UNINHABITED_TERRITORIES) expect(members).not.toContain(code);
      expect(new Set(members).size).toBe(members.length);
    }
    expect(GLOBAL_MEMBERS).toEqual(expect.arrayContaining(['US', 'CA', 'JP', 'TR', 'CYP', 'US-HI']));
    expect(GLOBAL_MEMBERS).toHaveLength(252 - UNINHABITED_TERRITORIES.length);
  });

  it('looks regions up by slug and name', () => {
    expect(regionBySlug('europe-plus')?.name).toBe('Europe+');
    expect(regionBySlug('latam')?.name).toBe('LATAM');
    expect(regionBySlug('global')).toBeUndefined();
    expect(isRegionName('Europe+')).toBe(true);
    expect(isRegionName(GLOBAL)).toBe(false);
    expect(isRegionName('TR')).toBe(false);
  });

  it('labels regions, Global and special countries in every language', () => {
    for (const key of [...REGION_NAMES, GLOBAL] as const) {
      expect(Object.keys(REGION_LABELS[key]).sort()).toEqual(['de', 'en', 'es', 'fr', 'tr']);
    }
    expect(REGION_LABELS.Global.tr).toBe('Küresel');
    expect(REGION_LABELS.LATAM.en).toBe('Latin America');
    expect(SPECIAL_COUNTRIES.CYP.tr).toBe('Kuzey Kıbrıs');
    expect(SPECIAL_COUNTRIES['US-HI'].en).toBe('Hawaii');
  });
});
