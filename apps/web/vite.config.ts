import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { flagImages } from './vite-flag-images.ts';
import { localeFiles } from './vite-locale-files.ts';
import { lucideIconImports } from './vite-lucide-imports.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

/** A module of one of the named npm packages (`a|b|@scope/c`). */
const inPackages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/** The libraries every page runs besides React: i18n, queries, router. */
const FRAMEWORK = inPackages('i18next|react-i18next|@tanstack[\\\\/][^\\\\/]+|wouter|regexparam');
/**
 * The parts of those libraries that only some screens use, left to go with them: react-i18next's
 * `<Trans>` and the HTML parser it brings (checkout, portal), TanStack Query's infinite lists (the
 * admin area's logs).
 */
const NOT_FRAMEWORK =
  /[\\/]node_modules[\\/](?:react-i18next[\\/]dist[\\/]es[\\/](?:Icu)?Trans|html-parse-stringify|void-elements|@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery|useSuspenseInfiniteQuery|usePrefetchInfiniteQuery)\.)/;

/**
 * Rolldown's chunk groups, claimed in order of priority, each with what its modules import
 * (`includeDependenciesRecursively`, on by default) unless a group before it took that already.
 * Left alone, Rolldown makes a chunk of every set of modules two lazy screens share: the home page
 * loaded 40 to 60 files, each compressed on its own, about 140 KiB gzipped against a budget of
 * 130 kB. So the home page loads 7 files:
 * - `react`, then `framework`: the libraries every page runs, apart, so that `main.tsx` imports
 *   and runs them one task each (`framework-react.ts`, `framework.ts`);
 * - `entry`: what the entry (`main.tsx`) imports statically (`$initial`), so that the shell is not
 *   a static import of the entry, which would load React before the first paint;
 * - `shell`: the app's start (`boot.tsx`) and the home screen, the page most visits start on, with
 *   everything they import: layout, router, cart, i18n, API client, chat launcher, the icons of the
 *   header and of the home screen. Other screens keep their own chunks.
 */
const chunkGroups = [
  { name: 'react', test: inPackages('react|react-dom|scheduler'), priority: 40 },
  { name: 'framework', test: (id: string) => FRAMEWORK.test(id) && !NOT_FRAMEWORK.test(id), priority: 30 },
  { name: 'entry', tags: ['$initial' as const], priority: 20 },
  { name: 'shell', test: /[\\/]src[\\/](?:boot\.tsx|app[\\/]routes[\\/]products\.tsx)$/, priority: 10 },
];

/**
 * V8's explicit compile hint (Chrome 136 and later; ignored elsewhere), at the top of the chunks
 * every page runs as it loads: the browser compiles all their functions while the file downloads,
 * on a background thread, instead of each on the main thread the first time hydration calls it.
 * Measured on `/` here: main-thread compiling from 115-174 ms to 11-32 ms (decision record 0030).
 * After minification (`postBanner`), which would drop a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const EAGER_CHUNKS = new Set(['react', 'framework', 'shell']);

/**
 * Two builds (decision record 0022): the browser's (`dist/`, with a manifest that names each
 * screen's chunks for `<link rel="modulepreload">`), and with `--ssr` the server renderer
 * (`dist-ssr/entry-server.js`, every dependency bundled in, so it runs wherever the API runs).
 * Decision record 0027 says what each setting and plugin is for.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), flagImages()]
    : [
        react(),
        flagImages(),
        tailwindcss(),
        lucideIconImports(),
        localeFiles(),
        // `.br` and `.gz` beside each text asset, which the server sends as they are
        // (`@fastify/static` `preCompressed`): brotli 11 and gzip 9, the plugin's defaults.
        compression({ include: /\.(?:js|css|html|svg|json|txt|xml)$/, threshold: 1024 }),
      ],
  // A nonce placeholder on the built tags and in `<meta property="csp-nonce">`: the server puts a
  // fresh nonce in its place in every page and in the page's CSP (apps/api plugins/web.ts).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        manifest: true,
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // sonner adds its CSS as a `<style>` element when its module runs (`__insertCSS(...)`),
          // which the CSP refuses (decision record 0010); as a call without effect the bundler drops
          // it, and `app/toaster-region.tsx` imports the same rules as a stylesheet. Shown by the
          // CSP browser test (a styled toast, no violation).
          treeshake: { manualPureFunctions: ['__insertCSS'] },
          output: {
            codeSplitting: { groups: chunkGroups },
            postBanner: (chunk) => (EAGER_CHUNKS.has(chunk.name) ? COMPILE_HINT : ''),
          },
        },
      },
  // React 19 has useSyncExternalStore: wouter's and react-i18next's imports of the compatibility
  // shim get React's own (`src/lib/use-sync-external-store.ts`), not the shim's copy.
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/sitemap.xml': api,
      '/robots.txt': api,
      '/sandbox': api,
      '/email-preview': api,
    },
  },
}));
