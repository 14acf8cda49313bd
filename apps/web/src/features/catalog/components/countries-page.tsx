import { useCatalogLanguage } from '../hooks/use-catalog-language.ts';
import { useCatalogState } from '../hooks/use-catalog-state.ts';
import { CountriesView } from './countries-view.tsx';

/**
 * The countries view of `/` and `/products`: destination tabs,
 * region chips and search, with 'Browse all plans' leading to the general list
 * (`/products?view=all`, {@link PlansPage}). A screen of its own so that the home page loads none
 * of the plan list's code.
 */
export function CountriesPage() {
  const lang = useCatalogLanguage();
  const { state, chooseRegion, browseAll, setTab, setDestinationQuery } = useCatalogState(undefined, 'countries');
  return (
    <CountriesView
      lang={lang}
      tab={state.tab}
      region={state.region}
      query={state.destinationQuery}
      onQueryChange={setDestinationQuery}
      onTabChange={setTab}
      onRegionChange={chooseRegion}
      onBrowseAll={browseAll}
    />
  );
}
