import { useCallback } from 'react';
import { useDestinationNames } from '../features/catalog/hooks/use-destination-names.ts';

/** A destination code's name in the interface language and its flag (`null` for regions and Global). */
export interface PortalDestination {
  name: string;
  flag: string | null;
}

/**
 * The catalogue's destination names for the portal pages (composed here: features do not import
 * each other): `destinationOf(code)` gives the localised name and flag code, `lang` the
 * interface language.
 */
export function usePortalDestinations() {
  const { nameOf, byCode, lang } = useDestinationNames();
  const destinationOf = useCallback(
    (code: string): PortalDestination => ({
      name: nameOf(code),
      flag: byCode.get(code)?.flag ?? (/^[A-Z]{2}$/i.test(code) ? code.toLowerCase() : null),
    }),
    [nameOf, byCode],
  );
  return { destinationOf, lang };
}
