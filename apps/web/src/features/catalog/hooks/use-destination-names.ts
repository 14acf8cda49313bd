import { useCallback, useMemo } from 'react';
import { useCountries } from '../api/get-countries.ts';
import { destinationName, indexByCode } from './destination-names.ts';
import { useCatalogLanguage } from './use-catalog-language.ts';

/**
 * A function from destination code to its localised name in the current language, backed by
 * the destinations query (with the fallbacks of `destination-names.ts`), plus the destination index.
 */
export function useDestinationNames() {
  const lang = useCatalogLanguage();
  const countries = useCountries();
  const byCode = useMemo(() => indexByCode(countries.data), [countries.data]);
  const nameOf = useCallback((code: string) => destinationName(code, lang, byCode), [lang, byCode]);
  return { nameOf, byCode, lang };
}
