import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build (docs/decisions/0021-production-build.md): `scripts/build.mjs`
 * bundles the API to plain JavaScript, which node 20 runs with no TypeScript loader. Node 20 has
 * no built-in TypeScript support, so a server that answers at all ran compiled code; the test also
 * checks that the process had no `--import`/`--loader`/`--require` and no `NODE_OPTIONS`, that no
 * output file imports a `.ts` file or tsx, and that the files read at run time by path (migrations,
 * knowledge base, web dist) are found from the bundle.
 *
 * The bundle is built into `node_modules/.cache/` (inside the repository, so packages resolve),
 * the web into a temporary folder, so that parallel runs and `apps/*\/dist` are left alone.
 */
const run = promisify(execFile);
const API_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const outdir = path.join(REPO_ROOT, 'node_modules/.cache', `esim-api-build-test-${randomBytes(4).toString('hex')}`);
const webDist = mkdtempSync(path.join(os.tmpdir(), 'esim-web-build-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esim-prod-data-'));

/** The environment of the built processes: loopback, PGlite in a temporary folder, no loader. */
function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: '' };
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    CATALOGUE_SYNC_INTERVAL: 'off',
    SHUTDOWN_DRAIN_MS: '200',
    ...extra,
  };
}

let server: ChildProcess | undefined;
let origin = '';
let output = '';

beforeAll(async () => {
  await Promise.all([
    run(process.execPath, [path.join(API_ROOT, 'scripts/build.mjs'), '--outdir', outdir], { cwd: REPO_ROOT }),
    run(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        webDist,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: path.join(REPO_ROOT, 'apps/web'),
      },
    ),
  ]);
  // Migrations through the built db CLI first (what an operator runs before a deploy), then the server.
  await run(process.execPath, [path.join(outdir, 'db-cli.js'), 'migrate'], { env: productionEnv() });
  server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'server.js')], {
    env: productionEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('production build', () => {
  it('writes plain JavaScript: the three entries, chunks, no import of a .ts file or of tsx', () => {
    const files = readdirSync(outdir).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['server.js', 'admin-cli.js', 'db-cli.js']));
    expect(files.length).toBeGreaterThan(3); // code splitting of the dynamic imports
    for (const file of files) {
      const code = readFileSync(path.join(outdir, file), 'utf8');
      expect(code, file).not.toMatch(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'][^"']+\.(?:ts|tsx|mts)["']/);
      expect(code, file).not.toMatch(/["']tsx(?:\/[^"']*)?["']/);
      expect(code, file).not.toMatch(/["']@esim\/contract/); // the workspace package is compiled in
    }
    expect(JSON.parse(readFileSync(path.join(outdir, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  });

  it('runs under plain node: no loader flag, no NODE_OPTIONS', () => {
    const pid = server!.pid!;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv.slice(1)).toEqual(['--enable-source-maps', path.join(outdir, 'server.js')]);
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((entry) => entry.startsWith('NODE_OPTIONS=') && entry !== 'NODE_OPTIONS=')).toEqual([]);
    expect(argv.join(' ')).not.toMatch(/tsx|--import|--loader|--require|--experimental/);
  });

  it('serves the API, the catalogue (migrations and seed found), the storefront and the flag images', async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const products = await fetch(`${origin}/api/products?country=TR`);
    expect(products.status).toBe(200);
    const body = (await products.json()) as { products: { countryCode: string }[] };
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((product) => product.countryCode === 'TR')).toBe(true);

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-[^"]+\.js"/);

    // The flags are images of the web build (apps/web/vite-flag-images.ts), served as assets.
    const flags = readdirSync(path.join(webDist, 'assets')).find((name) => name.startsWith('flags-'));
    expect(flags).toBeDefined();
    const flag = await fetch(`${origin}/assets/${flags}/small/tr.webp`);
    expect(flag.status).toBe(200);
    expect(flag.headers.get('content-type')).toBe('image/webp');
    expect(flag.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await flag.arrayBuffer());
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual([
      'RIFF',
      'WEBP',
    ]);
  });

  it('seeded the knowledge base from apps/api/content (a path read at run time)', () => {
    expect(output).toMatch(/"msg":"knowledge base seeded"/);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('the built admin CLI creates the first admin in the same database (after the server stopped)', async () => {
    const { stdout } = await run(process.execPath, [path.join(outdir, 'admin-cli.js')], {
      env: productionEnv({
        ADMIN_USERNAME: 'prodadmin',
        ADMIN_EMAIL: 'prod-admin@example.com',
        ADMIN_PASSWORD: 'correct horse battery staple 42',
      }),
    });
    expect(stdout).toMatch(/^created admin prodadmin <prod-admin@example\.com> \(pglite\)/m);
  }, 60_000);
});
