/**
 * English country names travellers type and recognise, where the ISO 3166-1 short name in
 * CLDR (i18n-iso-countries) is formal or dated, for example "Islamic Republic of Iran" or
 * "People's Republic of China". Keyed by ISO 3166-1 alpha-2 code. Used by the catalogue (names
 * the store shows) and the sandbox provider (names in bundle descriptions), so both agree.
 */
export const ENGLISH_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  TR: 'Turkey',
  US: 'United States',
  CN: 'China',
  TW: 'Taiwan',
  IR: 'Iran',
  MK: 'North Macedonia',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  GM: 'Gambia',
  VA: 'Vatican City',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  LA: 'Laos',
  BO: 'Bolivia',
  VE: 'Venezuela',
  TZ: 'Tanzania',
  MD: 'Moldova',
  FM: 'Micronesia',
  KP: 'North Korea',
  KR: 'South Korea',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  CZ: 'Czechia',
};
