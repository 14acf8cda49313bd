import { ENGLISH_COUNTRY_NAMES } from '@esim/contract/country-names';
import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { GLOBAL, REGION_LABELS, SPECIAL_COUNTRIES, isRegionName } from '@esim/contract/regions';
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' };

for (const locale of [en, tr, es, fr, de]) countries.registerLocale(locale);

/** Names of one destination in every interface language. */
export type LocalisedNames = Record<Language, string>;

/**
 * Localised name of a destination: an ISO 3166-1 alpha-2 code (CLDR names via
 * i18n-iso-countries), a special code (CYP, US-HI), a region name or `Global`.
 * Falls back from the language to English to the raw code, so a destination always has a name.
 */
export function destinationNames(code: string): LocalisedNames {
  const special = (SPECIAL_COUNTRIES as Record<string, LocalisedNames | undefined>)[code];
  if (special) return special;
  if (code === GLOBAL || isRegionName(code)) return REGION_LABELS[code as keyof typeof REGION_LABELS];
  const english = ENGLISH_COUNTRY_NAMES[code] ?? countries.getName(code, 'en') ?? code;
  return Object.fromEntries(
    LANGUAGE_CODES.map((lang) => [lang, lang === 'en' ? english : (countries.getName(code, lang) ?? english)]),
  ) as LocalisedNames;
}

/** Every ISO 3166-1 alpha-2 code i18n-iso-countries knows (250). */
export function isoAlpha2Codes(): string[] {
  return Object.keys(countries.getAlpha2Codes());
}
