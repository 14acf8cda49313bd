import { UNINHABITED_TERRITORIES } from '@esim/contract/regions';
import { COUNTRY_REGION } from '@esim/contract/region-members';

/** A billing country option: ISO 3166-1 alpha-2 code and its name in the interface language. */
export interface CountryOption {
  code: string;
  name: string;
}

/** Every inhabited ISO 3166-1 alpha-2 code of the store's country table (the special codes excluded). */
export const BILLING_COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_REGION).filter(
  (code) => /^[A-Z]{2}$/.test(code) && !UNINHABITED_TERRITORIES.includes(code),
);

/**
 * The billing country options named by `nameOf` (the catalogue's localised names with their
 * CLDR fallbacks) and sorted alphabetically in `language`.
 */
export function billingCountryOptions(nameOf: (code: string) => string, language: string): CountryOption[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return BILLING_COUNTRY_CODES.map((code) => ({ code, name: nameOf(code) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/**
 * Query key of the billing country options in `language` as the server's render named and sorted
 * them: the page's state carries them (`entry-server.tsx`) and the checkout uses them as they are,
 * so hydrating `/checkout` builds neither an `Intl.Collator` nor the `Intl.DisplayNames` behind
 * the names the catalogue lacks (a browser loads locale data for the first of each, some 20 to
 * 50 ms on a phone). A tab that reaches the checkout without them sorts the list itself.
 */
export const billingCountriesKey = (language: string) => ['billing-countries', language] as const;
