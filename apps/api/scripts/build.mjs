// The API's production build (docs/decisions/0021-production-build.md): esbuild bundles
// the server and the two command-line tools into plain ESM JavaScript under apps/api/dist, which
// `node` runs with no TypeScript loader (`npm run start:prod`).
//
//   node apps/api/scripts/build.mjs [--outdir <dir inside apps/api>]
//
// What the bundle keeps and what it leaves out:
// - Our TypeScript (apps/api/src and the workspace package @esim/contract, whose exports are .ts)
//   is compiled in; every other package stays an external `import` resolved from node_modules at
//   run time (native addons, JSON imports and packages that read their own files keep working).
// - Dynamic `import()`s (the marked blocks of app.ts, lazily loaded modules) become chunks
//   (code splitting), loaded only when reached, as under tsx.
// - Files read at run time by path (drizzle migrations, content/knowledge-base, the web dist)
//   are found from `import.meta.dirname`/`url`/`filename`.
//   In a bundle those name the output file, not the source file; the `source-paths` plugin below
//   rewrites each use to the source file's own folder, computed relative to the output folder at
//   run time. Every output file (entries and chunks) is written into that one folder, so the
//   relative path is the same from any chunk. The bundle therefore runs from its place in a
//   checkout (apps/api/dist next to apps/api/src, apps/api/drizzle, apps/web/dist): deploy the
//   checkout with its node_modules, not the dist folder alone.
import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api, the folder of this package. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository (the npm workspace root, whose node_modules the bundle imports from). */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

/**
 * The bundle's entry points: output name → source file (relative to apps/api).
 * `server.js` is the process entry; `admin-cli.js` is `npm run admin:create`; `db-cli.js` is
 * `npm run db:migrate` / `db:seed` (`node dist/db-cli.js migrate|seed`).
 */
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  'admin-cli': 'src/modules/auth/admin-cli.ts',
  'db-cli': 'src/db-cli.ts',
};

const IMPORT_META_PATH = /\bimport\.meta\.(dirname|filename|url)\b/g;

/**
 * esbuild plugin: rewrites `import.meta.dirname`, `.filename` and `.url` in our own sources to
 * the source file's folder, file and file URL, computed at run time from the output folder
 * (`import.meta.dirname` of the output file) and the relative path known at build time.
 * @param {string} outdir absolute output folder
 * @returns {import('esbuild').Plugin}
 */
function sourcePathsPlugin(outdir) {
  return {
    name: 'source-paths',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!IMPORT_META_PATH.test(source)) return undefined;
        IMPORT_META_PATH.lastIndex = 0;
        const relativeFile = path.relative(outdir, args.path).split(path.sep).join('/');
        const relativeDir = path.posix.dirname(relativeFile);
        const file = `__esimBuildPath.join(import.meta.dirname, ${JSON.stringify(relativeFile)})`;
        const replaced = source.replace(IMPORT_META_PATH, (_match, property) => {
          if (property === 'dirname')
            return `__esimBuildPath.join(import.meta.dirname, ${JSON.stringify(relativeDir)})`;
          if (property === 'filename') return file;
          return `__esimBuildUrl.pathToFileURL(${file}).href`;
        });
        const prelude = "import * as __esimBuildPath from 'node:path'; import * as __esimBuildUrl from 'node:url';\n";
        return { contents: prelude + replaced, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * esbuild plugin: every bare import stays external except `@esim/contract` (a workspace package
 * that exports TypeScript, which node could not load).
 * @returns {import('esbuild').Plugin}
 */
function externalPackagesPlugin() {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === '@esim/contract' || args.path.startsWith('@esim/contract/')) return undefined;
        if (path.isAbsolute(args.path)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Builds the API into `outdir` (emptied first): ESM for Node 20, code splitting, source maps
 * (`node --enable-source-maps` maps stack traces to the .ts sources), no minification (readable
 * stack traces and logs).
 * A `package.json` of `{"type":"module"}` is written next to the files so that node reads them
 * as ESM wherever the folder is.
 * @param {{ outdir?: string, quiet?: boolean }} [options] `outdir` absolute or relative to
 *   apps/api (default `dist`); it must lie inside the repository so that packages resolve from
 *   its node_modules (tests build into `node_modules/.cache/`).
 * @returns {Promise<{ outdir: string, files: string[] }>} the output folder and the files written
 * @throws Error when esbuild reports an error, or `outdir` is outside the repository
 */
export async function buildApi(options = {}) {
  const outdir = path.resolve(API_ROOT, options.outdir ?? 'dist');
  if (!outdir.startsWith(REPO_ROOT + path.sep)) throw new Error(`outdir must be inside ${REPO_ROOT}: ${outdir}`);
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: API_ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(API_ROOT, file)]),
    ),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // One folder for entries and chunks: the source-paths rewrite is relative to it.
    chunkNames: '[name]-[hash]',
    entryNames: '[name]',
    jsx: 'automatic',
    tsconfig: path.join(API_ROOT, 'tsconfig.json'),
    metafile: true,
    logLevel: options.quiet ? 'error' : 'warning',
    plugins: [externalPackagesPlugin(), sourcePathsPlugin(outdir)],
  });
  await writeFile(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const files = Object.keys(result.metafile.outputs).map((file) => path.resolve(API_ROOT, file));
  return { outdir, files };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const at = process.argv.indexOf('--outdir');
  const started = Date.now();
  const { outdir, files } = await buildApi(at > 0 ? { outdir: process.argv[at + 1] } : {});
  const scripts = files.filter((file) => file.endsWith('.js')).length;
  process.stdout.write(
    `api: ${scripts} files in ${path.relative(process.cwd(), outdir) || '.'} (${Date.now() - started} ms)\n`,
  );
}
