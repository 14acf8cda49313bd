#!/usr/bin/env node
/**
 * Builds the storefront with Vite's API: the browser bundle (`vite build` into `dist/`) and the
 * server renderer (`vite build --ssr src/entry-server.tsx` into `dist-ssr/`), then writes
 * `dist/.build-stamp.json` with a SHA-256 of every input of the build.
 *
 * `--if-changed` (what `npm start` runs): when the stamp matches the inputs as they are now, builds
 * nothing and says so in one line; otherwise builds with Vite's warnings only and says how long it
 * took. Without it (`npm run build`), always builds with Vite's full report.
 *
 * Inputs: this workspace's sources, public files, HTML, Vite and TypeScript configuration and
 * package.json; `packages/contract`'s sources; the lockfile (library versions); `VITE_*` and
 * `NODE_ENV` variables. Tests (`*.test.ts`) are not inputs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webRoot, '../..');
const stampFile = path.join(webRoot, 'dist', '.build-stamp.json');
const ssrEntry = path.join(webRoot, 'dist-ssr', 'entry-server.js');

/** Files and folders whose contents make the build (relative to the repository root). */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/scripts/build.mjs',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

function* files(relative) {
  const absolute = path.join(repoRoot, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    yield* files(path.join(relative, entry.name));
  }
}

/** SHA-256 over the inputs' paths and contents, in a stable order, and the build's variables. */
function inputsHash() {
  const hash = createHash('sha256');
  const viteConfigs = fs.readdirSync(webRoot).filter((name) => /^vite.*\.ts$/.test(name) && !name.endsWith('.test.ts'));
  const all = [
    ...INPUTS.flatMap((input) => [...files(input)]),
    ...viteConfigs.map((name) => path.join('apps/web', name)),
  ].sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(repoRoot, file)));
    hash.update('\0');
  }
  const variables = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(variables));
  return { hash: hash.digest('hex'), files: all.length };
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

async function main() {
  const ifChanged = process.argv.includes('--if-changed');
  const inputs = inputsHash();
  const stamp = readStamp();
  if (ifChanged && stamp?.hash === inputs.hash && fs.existsSync(ssrEntry)) {
    process.stdout.write(
      `Storefront: up to date (built ${new Date(stamp.builtAt).toLocaleString()}; no source changed since)\n`,
    );
    return;
  }
  if (ifChanged)
    process.stdout.write(
      `Storefront: building (${stamp ? 'sources changed' : 'first build'}, about half a minute)...\n`,
    );
  const started = performance.now();
  fs.rmSync(stampFile, { force: true });
  const logLevel = ifChanged ? 'warn' : 'info';
  await build({ root: webRoot, logLevel });
  await build({ root: webRoot, logLevel, build: { ssr: 'src/entry-server.tsx' } });
  fs.writeFileSync(
    stampFile,
    `${JSON.stringify({ hash: inputs.hash, files: inputs.files, builtAt: new Date().toISOString() })}\n`,
  );
  if (ifChanged) process.stdout.write(`Storefront: built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
