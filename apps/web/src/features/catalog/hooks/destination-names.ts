import type { Country } from '@esim/contract/catalog';
import type { Language } from '@esim/contract/languages';
import { GLOBAL, REGION_LABELS, SPECIAL_COUNTRIES, isRegionName } from '@esim/contract/regions';

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** `Intl.DisplayNames` for regions in `lang`, or null where the browser lacks it. */
function regionDisplayNames(lang: string): Intl.DisplayNames | null {
  if (!displayNames.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(lang, names);
  }
  return displayNames.get(lang) ?? null;
}

/**
 * Localised name of a destination code (`docs/product-rules.md#destinations-and-regions`): the
 * destination list's name in `lang`, then the region and special-code tables, then the
 * browser's CLDR names (`Intl.DisplayNames`), then the English name, then the code itself.
 */
export function destinationName(code: string, lang: Language, byCode?: ReadonlyMap<string, Country>): string {
  const known = byCode?.get(code) ?? byCode?.get(code.toUpperCase());
  if (known) return known.names[lang] || known.names.en || code;
  if (code === GLOBAL || isRegionName(code)) return REGION_LABELS[code][lang];
  if (code in SPECIAL_COUNTRIES) return SPECIAL_COUNTRIES[code as keyof typeof SPECIAL_COUNTRIES][lang];
  if (/^[A-Za-z]{2}$/.test(code)) {
    const upper = code.toUpperCase();
    const name = regionDisplayNames(lang)?.of(upper) ?? regionDisplayNames('en')?.of(upper);
    if (name) return name;
  }
  return code;
}

/** Index of destinations by code (upper-cased ISO codes and region names as sent by the API). */
export function indexByCode(countries: readonly Country[] | undefined): Map<string, Country> {
  return new Map((countries ?? []).map((c) => [c.code, c]));
}

/** Lower-cases and strips diacritics, so that "turkiye" finds "Türkiye" and "cote" finds "Côte". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

/** Whether a destination matches a search in the current language or in English (folded). */
export function matchesDestination(country: Country, lang: Language, query: string): boolean {
  const needle = foldText(query);
  if (!needle) return true;
  return [country.names[lang], country.names.en, country.code].some((name) => foldText(name).includes(needle));
}
