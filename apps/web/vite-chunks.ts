/** React itself: a chunk of its own, the largest module every page runs (`src/framework.ts`). */
const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/** The other libraries every page runs (i18n, queries, router): one chunk, fetched with the entry. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:i18next|react-i18next|i18next-browser-languagedetector|@tanstack[\\/][^\\/]+|wouter|regexparam|use-sync-external-store)[\\/]/;
/**
 * Library code only some screens use, which goes with those screens rather than into every
 * page's framework chunk: react-i18next's `<Trans>` and the HTML parser it brings (checkout,
 * portal), and TanStack Query's infinite lists (the admin area's logs).
 */
const NOT_FRAMEWORK =
  /[\\/]node_modules[\\/](?:react-i18next[\\/]dist[\\/]es[\\/](?:Icu)?Trans|html-parse-stringify|void-elements|@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery|useSuspenseInfiniteQuery|usePrefetchInfiniteQuery)\.)/;
const ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** lucide-react's own code (`createLucideIcon`, `Icon`, its helpers), which every icon imports. */
const ICON_RUNTIME = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;
const AREA = /[\\/]src[\\/](?:features[\\/]([a-z-]+)|app[\\/](layout|routes)|components[\\/]([a-z-]+))[\\/]/;

/**
 * The modules a visitor's first page starts from: the app shell every page runs (`boot.tsx`,
 * with the layout), the chat launcher every page loads once idle, and the home page's screen,
 * the page most visits start on.
 */
const FIRST_PAGE =
  /[\\/]src[\\/](?:boot\.tsx|features[\\/]chat[\\/]components[\\/]chat-widget\.tsx|app[\\/]routes[\\/]products\.tsx)$/;

/** What the bundler tells a chunk-naming function about a module. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * Whether `id` is imported, directly or through other static imports, by the app shell or the
 * home screen ({@link FIRST_PAGE}); dynamic imports (lazy screens, menus opened later) end the walk.
 */
function onFirstPage(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (FIRST_PAGE.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => onFirstPage(importer, ctx, seen));
}

/**
 * The chunk a module goes to (Rolldown `output.codeSplitting.groups[].name`; issue 13), or `null`
 * for the bundler's own choice. Left alone, the bundler makes a chunk of each icon and small
 * module shared by two screens, and a phone on a slow connection pays a round trip for each (a
 * page made 80 requests). The framework libraries go into one chunk (with lucide's own code,
 * which the header's icons need on every page). The icons that the app shell or the home page
 * shows go into `icons-first`, so the first page loads only its own icons; the others by the
 * areas of the app that use them (catalogue, checkout, portal, admin...): an icon of one
 * storefront area goes with that area, one of several storefront areas into `icons-shared`, one
 * of the admin area alone into `icons-admin`, so a page loads its icons in a request or two and
 * never the admin's. The icons' importers are the app's modules because `vite-lucide-imports.ts`
 * imports each icon from its own module.
 */
export function chunkGroup(id: string, ctx: ChunkingContext): string | null {
  if (REACT.test(id)) return 'react';
  if ((FRAMEWORK.test(id) && !NOT_FRAMEWORK.test(id)) || ICON_RUNTIME.test(id)) return 'framework';
  if (!ICON.test(id)) return null;
  if (onFirstPage(id, ctx)) return 'icons-first';
  const areas = (ctx.getModuleInfo(id)?.importers ?? []).map((importer) => {
    const match = AREA.exec(importer);
    const area = match?.[1] ?? match?.[2] ?? match?.[3] ?? 'shared';
    return area.startsWith('admin') ? 'admin' : area;
  });
  if (areas.length === 0) return null;
  const storefront = new Set(areas.filter((area) => area !== 'admin'));
  if (storefront.size === 0) return 'icons-admin';
  return storefront.size === 1 ? `icons-${[...storefront][0]}` : 'icons-shared';
}
