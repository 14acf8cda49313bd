import { describe, expect, it } from 'vitest';
import { BILLING_COUNTRY_CODES, billingCountryOptions } from './billing-countries.ts';

describe('billing countries', () => {
  it('lists the ISO alpha-2 codes without special codes or uninhabited territories', () => {
    expect(BILLING_COUNTRY_CODES).toContain('TR');
    expect(BILLING_COUNTRY_CODES).toContain('US');
    expect(BILLING_COUNTRY_CODES).not.toContain('US-HI');
    expect(BILLING_COUNTRY_CODES).not.toContain('CYP');
    expect(BILLING_COUNTRY_CODES).not.toContain('AQ');
    expect(BILLING_COUNTRY_CODES.length).toBeGreaterThan(240);
  });

  it('sorts by the localised name in the interface language', () => {
    const names: Record<string, string> = { DE: 'Deutschland', AT: 'Österreich', EG: 'Ägypten', AL: 'Albanien' };
    const options = billingCountryOptions((code) => names[code] ?? `Z-${code}`, 'de').slice(0, 4);
    expect(options.map((o) => o.code)).toEqual(['EG', 'AL', 'DE', 'AT']);
  });
});
