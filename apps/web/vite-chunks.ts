/** React itself: a chunk of its own, the largest module every page runs (`src/framework.ts`). */
const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/** The other libraries every page runs (i18n, queries, router): one chunk, fetched with the entry. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:i18next|react-i18next|@tanstack[\\/][^\\/]+|wouter|regexparam|use-sync-external-store)[\\/]/;
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

/** The app's start: every page runs it and what it imports (`main.tsx` imports it lazily). */
const BOOT = /[\\/]src[\\/]boot\.tsx$/;
/** The browser's entry, kept tiny: what it imports stays out of the shell. */
const MAIN = /[\\/]src[\\/]main\.tsx$/;
/** The home page's screen, the page most visits start on. */
const HOME = /[\\/]src[\\/]app[\\/]routes[\\/]products\.tsx$/;
/** The modules whose icons the first page shows: the app shell and the home screen. */
const FIRST_PAGE = new RegExp(`${BOOT.source}|${HOME.source}`);
/** A library's module. */
const LIBRARY = /[\\/]node_modules[\\/]/;
/** A bundler's module (Vite's preload helper, Rolldown's runtime). */
const VIRTUAL = /^\0/;

/** What the bundler tells a chunk-naming function about a module. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * Whether `id` is one of `roots` or is imported by one of them through static imports; dynamic
 * imports (lazy screens, menus opened later) end the walk, and so does an import cycle.
 */
function importedBy(roots: RegExp, id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (roots.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => importedBy(roots, importer, ctx, seen));
}

/**
 * The chunk a module goes to (Rolldown `output.codeSplitting.groups[].name`; issue 13), or `null`
 * for the bundler's own choice.
 *
 * Left alone, the bundler makes a chunk of each icon and of each small module that two lazy
 * screens share: a page made 80 requests, and the home page 46, each compressed on its own (the
 * app's modules of the home page weigh 42.6 KB gzipped one by one, 32.8 KB in one file). So:
 * - React in a chunk of its own, the other libraries every page runs (i18n, queries, router,
 *   lucide's own code) in `framework`;
 * - the app shell, `shell`: every module `boot.tsx` imports, directly or through static imports
 *   (layout, router, cart, i18n set-up, API client, chat launcher...), which every page runs
 *   anyway; the modules the home screen shares with other screens (page metadata, formats, the
 *   catalogue's state), which most pages use; and the icons of the shell and the home screen. The
 *   home screen's own modules stay in its chunk, the other screens' in theirs;
 * - the few modules both the entry (`main.tsx`) and the shell import, in `entry-shared`: the
 *   shell itself must not be the entry's static import (it would run before React is loaded);
 * - the other icons by the areas of the app that use them (catalogue, checkout, portal,
 *   admin...): an icon of one storefront area goes with that area, one of several storefront areas
 *   into `icons-shared`, one of the admin area alone into `icons-admin`, so a page loads its icons
 *   in a request or two and never the admin's. The icons' importers are the app's modules because
 *   `vite-lucide-imports.ts` imports each icon from its own module.
 */
export function chunkGroup(id: string, ctx: ChunkingContext): string | null {
  if (REACT.test(id)) return 'react';
  if (isFramework(id)) return 'framework';
  if (ICON.test(id)) return importedBy(FIRST_PAGE, id, ctx) ? 'shell' : iconGroup(id, ctx);
  // The entry and the app's start stay chunks of their own: `boot.tsx` awaits the screen's chunk at
  // its top level, and that chunk imports the shell, so the shell must not wait for `boot.tsx`.
  if (LIBRARY.test(id) || MAIN.test(id) || BOOT.test(id)) return null;
  const shell = importedBy(BOOT, id, ctx);
  if (importedBy(MAIN, id, ctx)) return shell ? 'entry-shared' : null;
  if (VIRTUAL.test(id)) return null;
  if (shell || (importedBy(HOME, id, ctx) && !onlyUnder(HOME, id, ctx))) return 'shell';
  return null;
}

/**
 * Whether every static import chain that reaches `id` starts at `root` (a module the screen at
 * `root` alone uses); a module nothing imports statically (an entry, a lazy screen) is not.
 */
function onlyUnder(root: RegExp, id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (root.test(id) || seen.has(id)) return true;
  seen.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.length > 0 && importers.every((importer) => onlyUnder(root, importer, ctx, seen));
}

/** Whether `id` is one of the libraries every page runs (React aside), or lucide's own code. */
function isFramework(id: string): boolean {
  return (FRAMEWORK.test(id) && !NOT_FRAMEWORK.test(id)) || ICON_RUNTIME.test(id);
}

/** The icons' chunk of an icon that the first page does not show: by the areas that import it. */
function iconGroup(id: string, ctx: ChunkingContext): string | null {
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

/**
 * Rolldown's `output.codeSplitting.groups`, in the order they claim modules: a group takes the
 * modules it names and, not yet claimed, what they import. So the libraries are claimed first
 * (React, then the framework), then what the entry shares with the shell, then the shell (its
 * libraries are in the framework already), then the icons.
 */
export const chunkGroups = [
  { name: 'react', test: REACT, priority: 50 },
  { name: 'framework', test: isFramework, priority: 40 },
  {
    name: (id: string, ctx: ChunkingContext) => (chunkGroup(id, ctx) === 'entry-shared' ? 'entry-shared' : null),
    debugName: 'entry-shared',
    priority: 35,
  },
  {
    name: (id: string, ctx: ChunkingContext) => (chunkGroup(id, ctx) === 'shell' ? 'shell' : null),
    debugName: 'shell',
    priority: 30,
  },
  // Groups named by a function say their name to Rolldown's timing report (else it warns at each build).
  { name: chunkGroup, debugName: 'per-area', priority: 10 },
];
