import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './vite-chunks.ts';
import { localeFiles } from './vite-locale-files.ts';
import { lucideIconImports } from './vite-lucide-imports.ts';
import { precompress } from './vite-precompress.ts';
import { sonnerStylesheet } from './vite-sonner-stylesheet.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

/**
 * Two builds (decision record 0022): the browser's (`dist/`, with a manifest that names each
 * screen's chunks for `<link rel="modulepreload">`), and with `--ssr` the server renderer
 * (`dist-ssr/entry-server.js`, every dependency bundled in, so it runs wherever the API runs).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), sonnerStylesheet()]
    : [react(), tailwindcss(), sonnerStylesheet(), lucideIconImports(), localeFiles(), precompress()],
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
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
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
      '/flags': api,
      '/sitemap.xml': api,
      '/robots.txt': api,
      '/sandbox': api,
      '/email-preview': api,
    },
  },
}));
