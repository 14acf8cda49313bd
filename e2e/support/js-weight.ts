/**
 * How much JavaScript a page of a running store makes the browser download before the network goes
 * idle (budget: at most 130 KB gzip on `/`, `/tr/turkey`, a product page, `/cart`, `/checkout`;
 * decision record 0023).
 *
 * Opens each page in Debian's Chromium (the browser tests' flags, `chromium.ts`) with an empty
 * cache, waits for the network to be idle (no request for 500 ms) and then `settleMs` more (what
 * the page loads when the browser is idle: the chat launcher, the toast region...), and lists every
 * JavaScript response: its URL, its size as served and its size compressed with gzip level 9
 * (computed here from the response body, so the result does not depend on how the server
 * compresses). Texts that the page loads as JSON are listed too (kind `json`) and counted in the
 * total, as the budget counts them; texts embedded in the HTML are not (the HTML is not JavaScript).
 *
 * Command line (from `e2e/`):
 *   `node --import tsx support/js-weight.ts [--base http://127.0.0.1:5350] [--viewport 360x780]
 *   [--settle 2000] [--json] [--chunks] [path ...]`
 * where a path `/products/first` stands for the first product the catalogue API lists. Without
 * paths it measures the five pages of the issue. Prints one table per page (with `--chunks`) and
 * a summary; `--json` prints the results as JSON instead. Exits with status 1 when the store cannot
 * be reached. The module also exports {@link measureJsWeight} for other scripts (the bench).
 */
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from './chromium.ts';

/** One script (or text) response of a page. Sizes in bytes. */
export interface JsResource {
  url: string;
  kind: 'js' | 'json';
  /** The body's length, uncompressed. */
  raw: number;
  /** The body's length after `gzip -9`. */
  gzip: number;
  /** Milliseconds after navigation start when the response arrived. */
  at: number;
}

/** The JavaScript a page downloaded until idle: every resource, and the totals in bytes. */
export interface JsWeight {
  path: string;
  resources: JsResource[];
  totalRaw: number;
  totalGzip: number;
}

/** What {@link measureJsWeight} needs: the store's origin and the page's settings. */
export interface MeasureOptions {
  base: string;
  /** Width and height of the viewport in CSS pixels (default 360 x 780, a phone). */
  viewport?: { width: number; height: number };
  /** Milliseconds to keep listening after the network went idle (default 2000). */
  settleMs?: number;
}

const SCRIPT_TYPE = /\b(javascript|ecmascript)\b/i;
const JSON_TYPE = /\bjson\b/i;

/**
 * Loads `path` of the store at `options.base` in a fresh browser context (empty cache, no cookies)
 * and measures its JavaScript, see the module comment. JSON responses of `/api/` are data, not
 * code or texts, and are left out. Rejects when the page cannot be loaded.
 */
export async function measureJsWeight(browser: Browser, path: string, options: MeasureOptions): Promise<JsWeight> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 360, height: 780 } });
  const page = await context.newPage();
  const pending: Promise<JsResource | undefined>[] = [];
  let start = Date.now();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const url = new URL(response.url());
    const kind = SCRIPT_TYPE.test(type)
      ? 'js'
      : JSON_TYPE.test(type) && !url.pathname.startsWith('/api/')
        ? 'json'
        : undefined;
    if (!kind || response.status() >= 300) return;
    const at = Date.now() - start;
    pending.push(
      response.body().then(
        (body) => ({
          url: url.pathname + url.search,
          kind,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          at,
        }),
        () => undefined,
      ),
    );
  });
  try {
    start = Date.now();
    await page.goto(new URL(path, options.base).href, { waitUntil: 'networkidle' });
    await page.waitForTimeout(options.settleMs ?? 2000);
    const resources = (await Promise.all(pending)).filter((r): r is JsResource => r !== undefined);
    resources.sort((a, b) => a.at - b.at);
    return {
      path,
      resources,
      totalRaw: resources.reduce((sum, r) => sum + r.raw, 0),
      totalGzip: resources.reduce((sum, r) => sum + r.gzip, 0),
    };
  } finally {
    await context.close();
  }
}

/** `/products/first` becomes the path of the first product the store's catalogue API lists. */
async function resolvePath(base: string, path: string): Promise<string> {
  if (path !== '/products/first') return path;
  const response = await fetch(new URL('/api/products?limit=1', base));
  if (!response.ok) throw new Error(`GET /api/products: ${response.status}`);
  const { products } = (await response.json()) as { products: { productId: number }[] };
  if (!products[0]) throw new Error('The catalogue lists no product');
  return `/products/${products[0].productId}`;
}

/** Writes a line of the report on standard output. */
const print = (line: string) => void process.stdout.write(`${line}\n`);

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

async function main(argv: string[]) {
  let base = 'http://127.0.0.1:5350';
  let viewport = { width: 360, height: 780 };
  let settleMs = 2000;
  let json = false;
  let chunks = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--base') base = argv[++i];
    else if (arg === '--viewport') {
      const [width, height] = argv[++i].split('x').map(Number);
      viewport = { width, height };
    } else if (arg === '--settle') settleMs = Number(argv[++i]);
    else if (arg === '--json') json = true;
    else if (arg === '--chunks') chunks = true;
    else paths.push(arg);
  }
  if (paths.length === 0) paths.push('/', '/tr/turkey', '/products/first', '/cart', '/checkout');

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const results: JsWeight[] = [];
  try {
    for (const path of paths)
      results.push(await measureJsWeight(browser, await resolvePath(base, path), { base, viewport, settleMs }));
  } finally {
    await browser.close();
  }
  if (json) {
    print(JSON.stringify(results, null, 2));
    return;
  }
  if (chunks) {
    for (const result of results) {
      print(`\n${result.path}  (KB: raw, gzip -9; ms after navigation)`);
      for (const r of result.resources)
        print(`${kb(r.raw)} ${kb(r.gzip)} ${String(r.at).padStart(6)}  ${r.kind === 'json' ? '[json] ' : ''}${r.url}`);
    }
  }
  print(`\n${'page'.padEnd(40)} files   raw KB  gzip KB`);
  for (const r of results)
    print(`${r.path.padEnd(40)} ${String(r.resources.length).padStart(5)} ${kb(r.totalRaw)}  ${kb(r.totalGzip)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
