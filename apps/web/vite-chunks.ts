/** The libraries every page runs (React, i18n, queries, router): one chunk, fetched with the entry. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|i18next|react-i18next|i18next-browser-languagedetector|@tanstack[\\/][^\\/]+|wouter|regexparam|use-sync-external-store)[\\/]/;
const ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const AREA = /[\\/]src[\\/](?:features[\\/]([a-z-]+)|app[\\/](layout|routes)|components[\\/]([a-z-]+))[\\/]/;

/** What the bundler tells a chunk-naming function about a module. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * The chunk a module goes to (Rolldown `output.codeSplitting.groups[].name`; issue 13), or `null`
 * for the bundler's own choice. Left alone, the bundler makes a chunk of each icon and small
 * module shared by two screens, and a phone on a slow connection pays a round trip for each (a
 * page made 80 requests). The framework libraries go into one chunk, and the icons into one chunk
 * per area of the app that uses them first (catalogue, checkout, layout, admin...), so a page
 * loads its icons in a request or two and never the admin's.
 */
export function chunkGroup(id: string, ctx: ChunkingContext): string | null {
  if (FRAMEWORK.test(id)) return 'framework';
  if (!ICON.test(id)) return null;
  const areas = (ctx.getModuleInfo(id)?.importers ?? []).map((importer) => {
    const match = AREA.exec(importer);
    const area = match?.[1] ?? match?.[2] ?? match?.[3] ?? 'shared';
    return area.startsWith('admin') ? 'admin' : area;
  });
  if (areas.length === 0) return null;
  // An icon the storefront uses goes with the first storefront area that uses it.
  return `icons-${areas.find((area) => area !== 'admin') ?? 'admin'}`;
}
