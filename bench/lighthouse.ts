/**
 * The storefront in a phone's browser (decision record 0023): Lighthouse 12.2.3,
 * mobile, its default simulated throttling, on Debian's Chromium, for every server-rendered
 * screen of the store: home, a country page, a product page, the cart, the checkout and the
 * information pages.
 *
 * - Pages: `/`, `/tr/turkey`, `/products/{id}` (the first product of `GET /api/products?country=TR`),
 *   `/cart` and `/checkout` with that product in the cart, and one page of each other public
 *   screen ({@link INFORMATION_PAGES}); `BENCH_LIGHTHOUSE_PAGES` picks some. The cart is made with
 *   `POST /api/cart` and an `X-Session-Id` header; the browser gets the same id as local storage
 *   `sessionId` (apps/web/src/lib/session.ts) from a script Chromium runs at the start of every
 *   document of the store's origin (`Page.addScriptToEvaluateOnNewDocument` through Puppeteer),
 *   and its `visitor_session` cookie, which the store keeps beside it and the server reads to
 *   render the cart (Lighthouse's `extraHeaders`, sent with every request of the run).
 *   Lighthouse's own storage reset still runs before each load (cold HTTP cache, no cookies), and
 *   the script puts the id back before the app's code runs. After each cart and checkout run the
 *   page must show the item's price, or the run counts as an error.
 * - Runs: `BENCH_LIGHTHOUSE_RUNS` (default 5) per page, pages interleaved, each in a new Chromium
 *   with a new profile; one unrecorded warm-up run first (server caches, Chromium's disk pages). A
 *   run that Lighthouse failed to record (NO_NAVSTART and the like: its "run Lighthouse again"
 *   errors) is run again, at most twice, and says so; other errors count.
 *   Each figure is the median of its runs (independently: the median LCP need not come from the
 *   run with the median score).
 * - Figures: performance and accessibility scores (0-100), LCP (ms), CLS, TBT (ms), and the
 *   JavaScript the page downloads until the network is idle: every request of resource type
 *   `Script` in Lighthouse's `network-requests` audit (Lighthouse waits for network and CPU quiet
 *   before it stops recording). Its size is the gzip level 9 of the uncompressed body, fetched
 *   again with `Accept-Encoding: identity` (the server's brotli would look smaller, and a
 *   transfer size also depends on caching): the same measure as the bench's "initial assets".
 *   1 kB = 1,000 bytes.
 * - Nothing leaves 127.0.0.1: Chromium runs with the browser tests' flags (e2e/support/chromium.ts)
 *   and a host resolver that resolves no name, Lighthouse gathers only the performance and
 *   accessibility categories (no CrUX or PageSpeed Insights calls exist in a local run) without the
 *   full-page screenshot, and any request of a page to another origin counts as an error.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { VISITOR_SESSION_COOKIE } from '@esim/contract/visitor-session-cookie';
import type { Flags, Result } from 'lighthouse';
import type * as Puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS as TEST_CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { type Budget, margin } from './budget.ts';

/** Chromium, as in the browser tests: `CHROMIUM_PATH` or Debian's `/usr/bin/chromium`. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's flags: the browser tests' set (e2e/support/chromium.ts) plus the new headless mode
 * (Puppeteer adds `--headless=new` for `headless: true`, next to its usual automation flags) and
 * a host resolver that fails every name and address except 127.0.0.1 (the rules apply to IP
 * literals too), so nothing else can be reached.
 */
const CHROMIUM_ARGS = [...TEST_CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5));

/**
 * The public pages of the other server-rendered screens: every plan, how it works, support, about,
 * contact, FAQ and one of the policy pages (they share a screen).
 */
const INFORMATION_PAGES = [
  '/products?view=all',
  '/how-it-works',
  '/support',
  '/about-us',
  '/contact',
  '/faq',
  '/terms-conditions',
];

/**
 * `BENCH_LIGHTHOUSE_PAGES=/,/checkout` measures only the pages named (paths as in the table, the
 * product page as `/products/{id}`); unset, every page.
 */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());

/**
 * `BENCH_LIGHTHOUSE_KEEP=<folder>` writes each run's full Lighthouse report there (JSON), and the
 * trace it was computed from (`*.trace.json`, opens in Chromium's performance panel), to study a figure.
 */
const KEEP = process.env.BENCH_LIGHTHOUSE_KEEP || undefined;

/** How many times a run is repeated when Lighthouse failed to record it (not the page's fault). */
const LIGHTHOUSE_RETRIES = 2;

/**
 * Lighthouse's runtime errors that ask to run it again: the trace or the navigation was not
 * recorded (seen here on a 2-core machine: NO_NAVSTART in 4 of 75 runs).
 */
const RETRYABLE = /^(?:NO_NAVSTART|NO_TRACING_STARTED|NO_DOCUMENT_REQUEST|PROTOCOL_TIMEOUT):/;

/** The storefront's phone budgets (decision record 0023; mobile, simulated throttling). */
export const LIGHTHOUSE_BUDGET = {
  /** Performance score, at least. */
  minPerformance: 95,
  /** Accessibility score, exactly. */
  accessibility: 100,
  /** Largest Contentful Paint, ms, at most. */
  maxLcpMs: 1_500,
  /** Cumulative Layout Shift, at most. */
  maxCls: 0.02,
  /** Total Blocking Time, ms, at most. */
  maxTbtMs: 100,
  /** JavaScript the home page downloads until idle, gzip -9 bytes, at most. */
  maxHomeJsGzip: 130_000,
};

/** The figures of one Lighthouse run of one page (or their medians). */
export interface LighthouseFigures {
  /** 0-100 */
  performance: number;
  /** 0-100 */
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Sum of gzip -9 sizes of every script the page requested until idle. */
  jsGzipBytes: number;
  /** Number of those scripts. */
  jsFiles: number;
  /**
   * Main-thread script time, ms: evaluation plus parsing and compiling (Lighthouse's
   * `mainthread-work-breakdown`, which scales the observed time by the simulated 4x CPU slowdown).
   */
  scriptMs: number;
  /** The longest main-thread task, ms, on the same scale (`long-tasks`; 0 when none was over 50 ms). */
  longestTaskMs: number;
  /**
   * Lighthouse's measure of the machine's speed during the run (`environment.benchmarkIndex`, a
   * fixed JavaScript workload: higher is faster). Not a figure of the page: it tells a slow or
   * busy machine from a slow page.
   */
  benchmarkIndex: number;
}

interface Script {
  /** Path of the script on the store's origin. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** One page's runs, medians and findings. */
export interface LighthousePage {
  /** What the page is ('home', 'product', '1 item' in the cart). */
  label: string;
  path: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures | null;
  /** Scripts of the last successful run, largest first. */
  scripts: Script[];
  /** Ids of accessibility audits that failed in any run. */
  accessibilityFailures: string[];
  /** Runtime errors, requests to other origins, a cart that did not show its item. */
  errors: string[];
  /** Lighthouse's run warnings (any run, deduplicated). */
  warnings: string[];
}

/** What `bench/run.ts` prints and stores. */
export interface LighthouseBench {
  pages: LighthousePage[];
  /** Lines for the report (a table and notes). */
  lines: string[];
  budgets: Budget[];
  errors: number;
  results: {
    lighthouse: string;
    chromium: string;
    settings: { runs: number; formFactor: string; throttling: string; chromiumArgs: string[] };
    budget: typeof LIGHTHOUSE_BUDGET;
    productId: number;
    pages: LighthousePage[];
  };
}

type Lighthouse = (
  url: string,
  flags: Flags,
  config: undefined,
  page: Puppeteer.Page,
) => Promise<{ lhr: Result } | undefined>;

/** Lighthouse and the Puppeteer it was built against (its own dependency, resolved from its folder). */
async function load(): Promise<{ lighthouse: Lighthouse; puppeteer: Puppeteer.PuppeteerNode }> {
  const lighthouseUrl = import.meta.resolve('lighthouse');
  const lighthouse = ((await import(lighthouseUrl)) as { default: Lighthouse }).default;
  const fromLighthouse = createRequire(lighthouseUrl);
  const puppeteerModule = (await import(pathToFileURL(fromLighthouse.resolve('puppeteer-core')).href)) as {
    default: Puppeteer.PuppeteerNode;
  };
  return { lighthouse, puppeteer: puppeteerModule.default };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** GET without compression: the exact bytes of the file (or an error for a non-200 answer). */
function getPlain(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: 10_000, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
        else if (res.headers['content-encoding'] && res.headers['content-encoding'] !== 'identity') {
          reject(new Error(`GET ${url} came ${res.headers['content-encoding']}-encoded`));
        } else resolve(Buffer.concat(chunks));
      });
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

async function api(baseUrl: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(baseUrl + path, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** `network-requests` items (the fields used here). */
interface NetworkRequest {
  url: string;
  resourceType?: string;
}

/**
 * Measures the pages and builds the report. `baseUrl` is the store under test
 * (`http://127.0.0.1:{port}`, production build of apps/web served by the API).
 */
export async function lighthouseBench(baseUrl: string): Promise<LighthouseBench> {
  const origin = new URL(baseUrl).origin;
  const { lighthouse, puppeteer } = await load();
  const lighthouseVersion = (createRequire(import.meta.resolve('lighthouse'))('../package.json') as { version: string })
    .version;

  // A product of the country page, and a cart holding it.
  const { products } = (await api(baseUrl, '/api/products?country=TR')) as {
    products: { productId: number; priceCents: number }[];
  };
  const product = products[0];
  if (!product) throw new Error('GET /api/products?country=TR returned no product');
  const sessionId = randomUUID();
  await api(baseUrl, '/api/cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-Id': sessionId },
    body: JSON.stringify({ productId: product.productId, quantity: 1 }),
  });
  const price = (product.priceCents / 100).toFixed(2);

  const targets = [
    { label: 'home', path: '/', cart: false },
    { label: 'country', path: '/tr/turkey', cart: false },
    { label: 'product', path: `/products/${product.productId}`, cart: false },
    { label: '1 item', path: '/cart', cart: true },
    { label: '1 item', path: '/checkout', cart: true },
    // One page of each other server-rendered screen (the policy pages share one).
    ...INFORMATION_PAGES.map((path) => ({ label: 'information', path, cart: false })),
  ].filter((target) => !PAGES || PAGES.includes(target.path));
  if (targets.length === 0)
    throw new Error(`BENCH_LIGHTHOUSE_PAGES=${process.env.BENCH_LIGHTHOUSE_PAGES} names no page`);
  // Server-side warm-up: the first request of a page may render and cache it.
  for (const target of targets) await getPlain(baseUrl + target.path).catch(() => undefined);

  const gzipCache = new Map<string, Script>();
  const measureScript = async (url: string): Promise<Script> => {
    let script = gzipCache.get(url);
    if (!script) {
      const body = await getPlain(url);
      script = {
        path: new URL(url).pathname + new URL(url).search,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      };
      gzipCache.set(url, script);
    }
    return script;
  };

  let chromiumVersion = '';
  /** One Lighthouse run in a new Chromium; figures, or an error message. */
  const runOnce = async (target: (typeof targets)[number]) => {
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      defaultViewport: null,
    });
    try {
      chromiumVersion ||= await browser.version();
      const page = await browser.newPage();
      if (target.cart) {
        await page.evaluateOnNewDocument(
          // Runs in the page (the bench is typed without the DOM library).
          (storeOrigin: string, id: string) => {
            const page = globalThis as unknown as {
              location: { origin: string };
              localStorage: { setItem(key: string, value: string): void };
            };
            if (page.location.origin === storeOrigin) page.localStorage.setItem('sessionId', id);
          },
          origin,
          sessionId,
        );
      }
      const result = await lighthouse(
        baseUrl + target.path,
        {
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
          disableFullPageScreenshot: true,
          ...(target.cart ? { extraHeaders: { Cookie: `${VISITOR_SESSION_COOKIE}=${sessionId}` } } : {}),
        },
        undefined,
        page,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const errors: string[] = [];

      const requests = (
        (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []
      ).filter((r) => /^https?:/.test(r.url));
      for (const r of requests) if (new URL(r.url).origin !== origin) errors.push(`requested another origin: ${r.url}`);
      const scriptUrls = [...new Set(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url))].filter(
        (url) => new URL(url).origin === origin,
      );
      const scripts = await Promise.all(scriptUrls.map(measureScript));

      if (target.cart) {
        const text = await page.evaluate(
          () => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText,
        );
        if (!text.includes(price)) errors.push(`the page did not show the cart item's price ${price}`);
      }

      const audit = (id: string) => {
        const value = lhr.audits[id]?.numericValue;
        if (typeof value !== 'number') throw new Error(`no ${id} figure`);
        return value;
      };
      const items = <T>(id: string) => ((lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
      const scriptMs = items<{ group: string; duration: number }>('mainthread-work-breakdown')
        .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
        .reduce((total, item) => total + item.duration, 0);
      const longestTaskMs = Math.max(0, ...items<{ duration: number }>('long-tasks').map((task) => task.duration));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
      const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      const figures: LighthouseFigures = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        jsGzipBytes: scripts.reduce((total, s) => total + s.gzipBytes, 0),
        jsFiles: scripts.length,
        scriptMs,
        longestTaskMs,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
      if (KEEP) {
        fs.mkdirSync(KEEP, { recursive: true });
        const name = `${target.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${Date.now()}.json`;
        fs.writeFileSync(path.join(KEEP, name), JSON.stringify(lhr));
        // The unthrottled trace the figures were simulated from: every task, with what ran in it.
        const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
        if (trace) fs.writeFileSync(path.join(KEEP, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
      }
      const warnings = lhr.runWarnings.map(String);
      return { figures, scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes), a11yFailures, errors, warnings };
    } finally {
      await browser.close();
    }
  };

  const pages: LighthousePage[] = targets.map((t) => ({
    label: t.label,
    path: t.path,
    runs: [],
    median: null,
    scripts: [],
    accessibilityFailures: [],
    errors: [],
    warnings: [],
  }));

  /**
   * A run, again (at most {@link LIGHTHOUSE_RETRIES} times) when Lighthouse failed to record it
   * (its own "please run Lighthouse again" errors, {@link RETRYABLE}): a fault of the recording,
   * not of the page. Any other error ends the run.
   */
  const runWithRetries = async (target: (typeof targets)[number], onRetry: (message: string) => void) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await runOnce(target);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= LIGHTHOUSE_RETRIES || !RETRYABLE.test(message)) throw error;
        onRetry(message);
      }
    }
  };

  console.error(
    `Lighthouse ${lighthouseVersion} (mobile, simulated throttling; ${RUNS} runs of ${targets.length} pages, plus a warm-up)...`,
  );
  await runOnce(targets[0]!).catch((error: unknown) =>
    console.error(`  warm-up failed: ${error instanceof Error ? error.message : error}`),
  );
  for (let run = 0; run < RUNS; run++) {
    for (const [i, target] of targets.entries()) {
      const page = pages[i]!;
      const started = Date.now();
      try {
        const outcome = await runWithRetries(target, (message) =>
          console.error(`  run ${run + 1}/${RUNS} ${target.path}: ${message}; running it again`),
        );
        page.runs.push(outcome.figures);
        page.scripts = outcome.scripts;
        page.accessibilityFailures = [...new Set([...page.accessibilityFailures, ...outcome.a11yFailures])];
        page.errors.push(...outcome.errors.map((e) => `run ${run + 1}: ${e}`));
        page.warnings = [...new Set([...page.warnings, ...outcome.warnings])];
        const f = outcome.figures;
        console.error(
          `  run ${run + 1}/${RUNS} ${target.path}: performance ${f.performance}, accessibility ${f.accessibility}, ` +
            `LCP ${Math.round(f.lcpMs)} ms, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbtMs)} ms, JS ${kB(f.jsGzipBytes)}, ` +
            `script ${Math.round(f.scriptMs)} ms, longest task ${Math.round(f.longestTaskMs)} ms, ` +
            `benchmarkIndex ${Math.round(f.benchmarkIndex)} ` +
            `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
        for (const e of outcome.errors) console.error(`    ${e}`);
        for (const w of outcome.warnings) console.error(`    Lighthouse warning: ${w}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        page.errors.push(`run ${run + 1}: ${message}`);
        console.error(`  run ${run + 1}/${RUNS} ${target.path}: ${message}`);
      }
    }
  }

  for (const page of pages) {
    if (page.runs.length === 0) continue;
    const of = (key: keyof LighthouseFigures) => median(page.runs.map((r) => r[key]));
    page.median = {
      performance: of('performance'),
      accessibility: of('accessibility'),
      lcpMs: of('lcpMs'),
      cls: of('cls'),
      tbtMs: of('tbtMs'),
      jsGzipBytes: of('jsGzipBytes'),
      jsFiles: of('jsFiles'),
      scriptMs: of('scriptMs'),
      longestTaskMs: of('longestTaskMs'),
      benchmarkIndex: of('benchmarkIndex'),
    };
  }

  return report(pages, {
    lighthouse: lighthouseVersion,
    chromium: chromiumVersion,
    settings: {
      runs: RUNS,
      formFactor: 'mobile (Moto G Power, 412 x 823)',
      throttling: 'simulate (Lighthouse default: 150 ms RTT, 1,638.4 kbit/s, 4x CPU slowdown)',
      chromiumArgs: CHROMIUM_ARGS,
    },
    budget: LIGHTHOUSE_BUDGET,
    productId: product.productId,
    pages,
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Cells of the table, with `*` on a figure over its budget. */
function report(pages: LighthousePage[], results: LighthouseBench['results']): LighthouseBench {
  const B = LIGHTHOUSE_BUDGET;
  const over = {
    performance: (v: number) => v < B.minPerformance,
    accessibility: (v: number) => v !== B.accessibility,
    lcpMs: (v: number) => v > B.maxLcpMs,
    cls: (v: number) => v > B.maxCls,
    tbtMs: (v: number) => v > B.maxTbtMs,
  };
  const mark = (text: string, bad: boolean) => (bad ? `${text}*` : `${text} `);
  const rows = [
    [
      'page',
      'runs',
      'performance',
      'accessibility',
      'LCP s',
      'CLS',
      'TBT ms',
      'JS gzip',
      'JS files',
      'script ms',
      'longest task ms',
    ],
    [
      'budget',
      '',
      `>= ${B.minPerformance} `,
      `= ${B.accessibility} `,
      `<= ${(B.maxLcpMs / 1000).toFixed(1)} `,
      `<= ${B.maxCls} `,
      `<= ${B.maxTbtMs} `,
      `home <= ${kB(B.maxHomeJsGzip)} `,
      '',
      '',
      '',
    ],
    ...pages.map((p) => {
      const m = p.median;
      if (!m) return [`${p.path} (${p.label})`, '0', ...Array<string>(9).fill('—')];
      return [
        `${p.path} (${p.label})`,
        String(p.runs.length),
        mark(String(m.performance), over.performance(m.performance)),
        mark(String(m.accessibility), over.accessibility(m.accessibility)),
        mark((m.lcpMs / 1000).toFixed(2), over.lcpMs(m.lcpMs)),
        mark(m.cls.toFixed(3), over.cls(m.cls)),
        mark(String(Math.round(m.tbtMs)), over.tbtMs(m.tbtMs)),
        mark(kB(m.jsGzipBytes), p.path === '/' && m.jsGzipBytes > B.maxHomeJsGzip),
        String(m.jsFiles),
        String(Math.round(m.scriptMs)),
        String(Math.round(m.longestTaskMs)),
      ];
    }),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const table = rows.map((row) =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
  );

  const measured = pages.filter((p) => p.median);
  /** The worst page's median of `key` against the budget's `limit` (a ceiling or a floor). */
  const worst = <K extends keyof typeof over>(
    key: K,
    limit: number,
    kind: 'max' | 'min',
    format: (v: number) => string,
  ): Omit<Budget, 'name'> => {
    if (measured.length === 0) return { value: 'not measured', pass: false };
    const bad = kind === 'max' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
    const page = measured.reduce((a, b) => (bad(b.median![key], a.median![key]) ? b : a));
    const failing = measured.filter((p) => over[key](p.median![key])).length;
    return {
      value: `worst ${format(page.median![key])} (${page.path})${failing ? `, ${failing} of ${measured.length} pages over` : ''}`,
      pass: failing === 0 && measured.length === pages.length,
      // From the figure as printed (TBT in whole ms), so that the two agree.
      margin: margin(key === 'tbtMs' ? Math.round(page.median![key]) : page.median![key], limit, kind, format),
    };
  };
  const home = pages.find((p) => p.path === '/')?.median;
  const budgets = [
    {
      name: `Lighthouse performance >= ${B.minPerformance} on every page (mobile)`,
      ...worst('performance', B.minPerformance, 'min', String),
    },
    {
      name: `Lighthouse accessibility = ${B.accessibility} on every page`,
      ...worst('accessibility', B.accessibility, 'min', String),
    },
    {
      name: `LCP <= ${(B.maxLcpMs / 1000).toFixed(1)} s on every page`,
      ...worst('lcpMs', B.maxLcpMs, 'max', (v) => `${(v / 1000).toFixed(2)} s`),
    },
    { name: `CLS <= ${B.maxCls} on every page`, ...worst('cls', B.maxCls, 'max', (v) => v.toFixed(3)) },
    {
      name: `TBT <= ${B.maxTbtMs} ms on every page`,
      ...worst('tbtMs', B.maxTbtMs, 'max', (v) => `${Math.round(v)} ms`),
    },
    {
      name: `home page JavaScript until idle <= ${kB(B.maxHomeJsGzip)} gzip`,
      value: home ? kB(home.jsGzipBytes) : 'not measured',
      pass: !!home && home.jsGzipBytes <= B.maxHomeJsGzip,
      ...(home ? { margin: margin(home.jsGzipBytes, B.maxHomeJsGzip, 'max', kB) } : {}),
    },
  ];

  const errors = pages.reduce((total, p) => total + p.errors.length, 0);
  const lines = [
    `Lighthouse ${results.lighthouse} on Chromium ${results.chromium || '?'}: mobile, simulated throttling (the default), ` +
      `medians of ${results.settings.runs} runs; * = over budget`,
    'JS gzip = every script the page requested until the network was idle, gzip -9 of its uncompressed body.',
    "script ms = main-thread script evaluation, parsing and compiling; longest task ms: both on Lighthouse's 4x slower CPU.",
    ...table,
  ];
  const speeds = pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)).sort((a, b) => a - b);
  if (speeds.length) {
    lines.push(
      `Machine speed (Lighthouse benchmarkIndex, higher is faster; see bench/README.md): median ` +
        `${Math.round(median(speeds))}, ${Math.round(speeds[0]!)} to ${Math.round(speeds.at(-1)!)} over ${speeds.length} runs`,
    );
  }
  const findings = pages.filter((p) => p.accessibilityFailures.length);
  if (findings.length) {
    lines.push('Failed accessibility audits (any run):');
    for (const p of findings) lines.push(`  ${p.path}: ${p.accessibilityFailures.join(', ')}`);
  }
  // A median within budget can hide single runs over it (an intermittent layout shift, say).
  const names = { performance: 'performance', accessibility: 'accessibility', lcpMs: 'LCP', cls: 'CLS', tbtMs: 'TBT' };
  for (const p of measured) {
    for (const key of Object.keys(over) as (keyof typeof over)[]) {
      const bad = p.runs.filter((r) => over[key](r[key]));
      if (bad.length && !over[key](p.median![key])) {
        const shown = bad.map((r) => (key === 'cls' ? r.cls.toFixed(3) : String(Math.round(r[key]))));
        lines.push(
          `Within budget as a median, over it in ${bad.length} of ${p.runs.length} runs: ${p.path} ${names[key]} ${shown.join(', ')}`,
        );
      }
    }
  }
  const homeScripts = pages.find((p) => p.path === '/')?.scripts ?? [];
  if (homeScripts.length) {
    const top = homeScripts.slice(0, 8).map((s) => `${s.path} ${kB(s.gzipBytes)}`);
    const rest = homeScripts.slice(8);
    if (rest.length) top.push(`${rest.length} more ${kB(rest.reduce((total, s) => total + s.gzipBytes, 0))}`);
    lines.push(`Home page scripts, largest first (gzip -9): ${top.join(', ')}`);
  }
  for (const p of pages) for (const w of p.warnings) lines.push(`Lighthouse warning on ${p.path}: ${w}`);
  for (const p of pages) for (const e of p.errors) lines.push(`ERROR ${p.path} ${e}`);
  lines.push('');
  return { pages, lines, budgets, errors, results };
}
