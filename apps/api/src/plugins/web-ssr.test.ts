import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProductsResponse } from '@esim/contract/catalog';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test/helper.ts';
import { type AppServices, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { type AdminFields, CatalogRepository } from '../modules/catalog/catalog.repository.ts';
import { frameworkErrors, registerErrorHandler, setStorefrontPage } from './error-handler.ts';

/**
 * The storefront's server rendering through the whole app (decision record 0022): `plugins/web.ts` with
 * `plugins/ssr.ts`, the CSP of `plugins/security-headers.ts` and the not-found page of
 * `plugins/error-handler.ts`.
 *
 * The first part runs on a stand-in build written to a temporary folder (an `index.html`, a Vite
 * manifest and a `dist-ssr/entry-server.js` that renders from the API's JSON), so it needs no web
 * build: CI runs the unit tests before `npm run build -w apps/web`. The second part runs on the
 * real build in `apps/web/dist` and `apps/web/dist-ssr` and is skipped when there is none.
 */

/** The nonce placeholder of the stand-in build, as Vite's `html.cspNonce` writes it. */
const PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/** A stand-in for `apps/web/dist/index.html`, shaped like the real one. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Roamwise</title>
    <!--app-head-->
    <meta property="csp-nonce" nonce="${PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index-E.js" nonce="${PLACEHOLDER}"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-E.css" nonce="${PLACEHOLDER}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A stand-in for `dist/.vite/manifest.json`: the entry, the country screen and a chunk of each. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-E.css'] },
  '_react.js': { file: 'assets/react-R.js' },
  'src/app/routes/country.tsx': {
    file: 'assets/country-C.js',
    imports: ['_react.js', '_plans.js'],
    css: ['assets/country-C.css'],
  },
  '_plans.js': { file: 'assets/plans-P.js' },
  'src/app/routes/not-found.tsx': { file: 'assets/not-found-N.js' },
};

/**
 * A stand-in for `dist-ssr/entry-server.js`: a `/{lang}/{slug}` page reads the destination's plans
 * through `fetchJson` and shows the first plan's name and price (in cents) with two `style`
 * attributes; any other page is a plain not-found screen; `/boom` fails. It records each call in
 * `globalThis.__ssrCalls` and starts with a resource hint, as React 19 does.
 */
const ENTRY_SERVER = `
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render({ url, lang, fetchJson, cartSession }) {
  (globalThis.__ssrCalls ??= []).push(cartSession === undefined ? { url, lang } : { url, lang, cartSession });
  const [pathname] = url.split('?');
  if (pathname === '/boom') throw new Error('render failed');
  if (pathname === '/cart') {
    const cart = cartSession ? await fetchJson('/api/cart', { 'x-session-id': cartSession }) : null;
    const lines = cart ? cart.items.map((item) => escape(item.product.name) + ' x' + item.quantity).join(', ') : 'empty';
    return { html: '<main><h1>Cart</h1><p class="cart">' + lines + '</p></main>', state: { lang }, module: 'src/app/routes/cart.tsx' };
  }
  const hint = '<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin=""/>';
  const country = /^\\/[a-z]{2}\\/([a-z-]+)$/.exec(pathname);
  if (!country) {
    return { html: hint + '<main><h1>Page not found</h1></main>', state: { lang }, module: 'src/app/routes/not-found.tsx' };
  }
  const body = await fetchJson('/api/products?country=' + country[1]);
  const plan = body && body.products[0];
  const html = hint + '<main><h1>' + escape(country[1]) + '</h1>' +
    '<div style="min-height:24rem;width:50%"><p class="plan">' + (plan ? escape(plan.name) + ' ' + plan.priceCents : 'none') + '</p>' +
    '<span style="font-family:&quot;Inter&quot;"></span></div></main>';
  return { html, state: { lang, plan: plan ?? null }, module: 'src/app/routes/country.tsx' };
}
`;

/** The CSP hash source (`'sha256-…'`) of a text, as a browser computes it. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The response's CSP as a map of directive name -> source list. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The markup the page's `#root` holds (everything up to the state script). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf('</div>\n    <script id="ssr-preload"');
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The page's hydration state, parsed from its `<script id="ssr-state">`. */
function stateOf(html: string): unknown {
  const match = /<script id="ssr-state" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

/** The `style` attribute values of `markup`, decoded as a browser does (the entities React writes). */
function styleAttributes(markup: string): string[] {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return [...markup.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, ref: string) =>
      ref.startsWith('#x') || ref.startsWith('#X')
        ? String.fromCodePoint(Number.parseInt(ref.slice(2), 16))
        : ref.startsWith('#')
          ? String.fromCodePoint(Number(ref.slice(1)))
          : (named[ref] ?? entity),
    ),
  );
}

/** Expects the CSP to allow exactly the page's own `style` attributes, by hash. */
function expectStyleAttributesAllowed(res: LightMyRequestResponse, markup: string) {
  const values = styleAttributes(markup);
  expect(values.length).toBeGreaterThan(0);
  const csp = directives(res);
  expect(csp.get('style-src-attr')).toEqual(["'unsafe-hashes'", ...new Set(values.map(hashSource))]);
  expect(String(res.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
  // The page's nonce stays in style-src.
  const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp.get('style-src')).toContain(`'nonce-${nonce}'`);
}

/** The calls the stand-in renderer recorded. */
type SsrCall = { url: string; lang: string; cartSession?: string | null };
const ssrCalls = (): SsrCall[] => ((globalThis as { __ssrCalls?: SsrCall[] }).__ssrCalls ??= []);

/**
 * Makes the first plan of Turkey cost `cents` (a fixed price, as the admin sets it) and tells the
 * catalogue. Returns a function that puts the plan's fields back (and tells the catalogue again).
 */
async function changeTurkeyPrice(app: FastifyInstance, database: Database, services: AppServices, cents: number) {
  const repo = new CatalogRepository(database.db);
  const { productId } = await firstTurkeyPlan(app);
  const fieldsOf = async (): Promise<AdminFields> => {
    const row = (await repo.allProducts()).find((r) => r.id === productId);
    expect(row).toBeDefined();
    const { displayName, fixedPriceCents, discountPercent, enabled, featured, priceCents } = row!;
    return { displayName, fixedPriceCents, discountPercent, enabled, featured, priceCents };
  };
  const original = await fieldsOf();
  await repo.writeAdminFields([
    { id: productId, expected: original, next: { ...original, fixedPriceCents: cents, priceCents: cents } },
  ]);
  services.catalog.invalidate();
  return async () => {
    await repo.writeAdminFields([{ id: productId, expected: await fieldsOf(), next: original }]);
    services.catalog.invalidate();
  };
}

/** The price of the plan the Turkey page shows first, through the API. */
async function firstTurkeyPlan(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/products?country=turkey' });
  return res.json<ProductsResponse>().products[0]!;
}

describe('server rendering with a stand-in build (no web build needed)', () => {
  let root: string;
  let database: Database;
  let app: FastifyInstance;
  let services: AppServices;

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ssr-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'package.json'), '{"type":"module"}');
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
    database = await openTestDatabase();
    ({ app, services } = await buildApp({ config: testConfig({ WEB_DIST: dist }), database, serveWeb: true }));
    await services.catalog.ensureSeeded();
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    // Each test starts with no page rendered (the catalogue's change listener empties the cache).
    services.catalog.invalidate();
    ssrCalls().length = 0;
  });

  describe('canonical destination addresses', () => {
    it.each([
      ['/en/Turkey', '/en/turkey'],
      ['/en/TurKey', '/en/turkey'],
      ['/en/uk', '/en/united-kingdom'],
      ['/fr/tr', '/fr/turkey'],
      ['/de/t%C3%BCrkei', '/de/turkey'],
      ['/en/Turkey?utm_source=mail&ref=a%20b', '/en/turkey?utm_source=mail&ref=a%20b'],
    ])('redirects %s to %s (301) without rendering', async (url, location) => {
      const res = await page(url);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(location);
      expect(ssrCalls()).toEqual([]);
    });

    it.each(['/en/turkey', '/en/united-kingdom', '/tr/turkey?ref=x', '/en/turkey/'])(
      'serves %s as it is',
      async (url) => {
        const res = await page(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers.location).toBeUndefined();
      },
    );

    it.each(['/en/%2F%2Fevil.example', '/en/..%2F..%2Fadmin', '/en/nowhere-land'])(
      'never redirects %s outside the store (404 page instead)',
      async (url) => {
        const res = await page(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      },
    );
  });

  it('serves /en/turkey rendered: markup in #root, hints and preloads in the head, state for hydration', async () => {
    const plan = await firstTurkeyPlan(app);
    const res = await page('/en/turkey');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(ssrCalls()).toEqual([{ url: '/en/turkey', lang: 'en' }]);

    const markup = rootOf(res.body);
    expect(markup).toMatch(/^<main><h1>turkey<\/h1>/);
    expect(markup).toContain(`${plan.priceCents}</p>`);
    expect(markup).not.toContain('<link');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/country-C.css">');
    expect(res.body).toContain(
      '<script id="ssr-preload" type="application/json">["/assets/country-C.js","/assets/plans-P.js"',
    );
    expect(head).not.toContain('href="/assets/react-R.js"');
    expect(head).toContain(
      '<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin=""/>',
    );
    expect(head).toContain('<link rel="canonical"');
    expect(res.body).toContain('<html lang="en"');
    expect(stateOf(res.body)).toMatchObject({
      lang: 'en',
      plan: { productId: plan.productId, priceCents: plan.priceCents },
    });
  });

  it('renders each language separately and serves the second request from the cache', async () => {
    const first = await page('/tr/turkey');
    const again = await page('/tr/turkey');
    expect(rootOf(again.body)).toBe(rootOf(first.body));
    expect(ssrCalls()).toEqual([{ url: '/tr/turkey', lang: 'tr' }]);
    expect(again.body).toContain('<html lang="tr"');
    // A fresh nonce each time, although the markup comes from the cache.
    expect(directives(again).get('style-src')).not.toEqual(directives(first).get('style-src'));
  });

  it("allows exactly the page's style attributes in the CSP (style-src-attr 'unsafe-hashes')", async () => {
    const res = await page('/en/turkey');
    const markup = rootOf(res.body);
    expect(styleAttributes(markup)).toEqual(['min-height:24rem;width:50%', 'font-family:"Inter"']);
    expectStyleAttributesAllowed(res, markup);
  });

  it('has no style-src-attr on a page without style attributes, and none on the API', async () => {
    const res = await page('/faq');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('<main><h1>Page not found</h1></main>');
    expect(directives(res).has('style-src-attr')).toBe(false);
    const api = await app.inject({ method: 'GET', url: '/api/countries' });
    expect(directives(api).has('style-src-attr')).toBe(false);
  });

  it('shows the new price on the next page after the catalogue changes', async () => {
    const before = await firstTurkeyPlan(app);
    expect(rootOf((await page('/en/turkey')).body)).toContain(`${before.priceCents}</p>`);
    expect(rootOf((await page('/en/turkey')).body)).toContain(`${before.priceCents}</p>`);
    expect(ssrCalls()).toHaveLength(1);

    const newPrice = before.priceCents + 1234;
    const restore = await changeTurkeyPrice(app, database, services, newPrice);
    try {
      const after = await page('/en/turkey');
      expect(rootOf(after.body)).toContain(`${newPrice}</p>`);
      expect(rootOf(after.body)).not.toContain(`${before.priceCents}</p>`);
      expect(stateOf(after.body)).toMatchObject({ plan: { priceCents: newPrice } });
      expect(ssrCalls()).toHaveLength(2);
    } finally {
      await restore();
    }
    expect(rootOf((await page('/en/turkey')).body)).toContain(`${before.priceCents}</p>`);
  });

  it('escapes catalogue text in the state script, so a plan name cannot close it', async () => {
    const repo = new CatalogRepository(database.db);
    const first = await firstTurkeyPlan(app);
    const row = (await repo.allProducts()).find((r) => r.id === first.productId)!;
    const expected: AdminFields = {
      displayName: row.displayName,
      fixedPriceCents: row.fixedPriceCents,
      discountPercent: row.discountPercent,
      enabled: row.enabled,
      featured: row.featured,
      priceCents: row.priceCents,
    };
    const hostile = '</script><script>alert(1)</script>';
    await repo.writeAdminFields([{ id: row.id, expected, next: { ...expected, displayName: hostile } }]);
    services.catalog.invalidate();
    try {
      const res = await page('/en/turkey');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      const state = res.body.slice(res.body.indexOf('<script id="ssr-state"'));
      // The state script's text runs to the first `</script`: it holds the whole state.
      expect(stateOf(res.body)).toMatchObject({ plan: { name: hostile } });
      expect(state.indexOf('</script>')).toBe(state.lastIndexOf('</script>'));
    } finally {
      const now = (await repo.allProducts()).find((r) => r.id === first.productId)!;
      await repo.writeAdminFields([
        { id: row.id, expected: { ...expected, displayName: now.displayName }, next: expected },
      ]);
      services.catalog.invalidate();
    }
  });

  it('answers an undecodable page address from a browser with the not-found page (HTML 404)', async () => {
    const res = await page('/en/%E0%A4%A');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('<meta name="robots" content="noindex');
    // A page like any other: its own nonce in the CSP and the document.
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(PLACEHOLDER);
    expect(directives(res).get('style-src')).toContain(`'nonce-${nonce}'`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it.each([
    ['an /api/ path from a browser', '/api/products/%ZZ', { accept: 'text/html' }],
    ['an /api/ path', '/api/products/%ZZ', { accept: 'application/json' }],
    ['a page address from a client that does not ask for HTML', '/en/%E0%A4%A', { accept: 'application/json' }],
    ['a page address without Accept', '/en/%E0%A4%A', {}],
  ])('keeps the JSON 400 bad_url for %s', async (_name, url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ error: { code: 'bad_url', field: 'path' } });
    expect(ssrCalls()).toEqual([]);
  });

  it('keeps the JSON answer for a POST to an undecodable address', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/en/%E0%A4%A',
      headers: { accept: 'text/html' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_url' } });
  });

  it('sends the page unrendered when the render fails, and tries again next time', async () => {
    for (let i = 1; i <= 2; i += 1) {
      const res = await page('/boom');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('id="ssr-state"');
      expect(directives(res).has('style-src-attr')).toBe(false);
      expect(ssrCalls()).toHaveLength(i);
    }
  });

  it.each(['/admin', '/admin/products', '/setup-admin', '/auth/reset', '/profile', '/portal', '/portal/topup?iccid=1'])(
    'leaves the client-only screen %s to the browser',
    async (url) => {
      const res = await page(url);
      expect(res.body).toContain('<div id="root"></div>');
      expect(ssrCalls()).toEqual([]);
    },
  );

  it('renders a path that only starts like a client-only one (/administration)', async () => {
    await page('/administration');
    expect(ssrCalls()).toEqual([{ url: '/administration', lang: 'en' }]);
  });

  describe("the visitor's cart in the first HTML of /cart (visitor_session cookie)", () => {
    const alice = 'a11ce000-0000-4000-8000-000000000001';
    const product = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/products?country=TR' });
      return (res.json() as { products: { productId: number; name: string }[] }).products[0]!;
    };

    it("renders the cookie's session cart, privately and never from the cache", async () => {
      const plan = await product();
      const added = await app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'x-session-id': alice },
        payload: { productId: plan.productId, quantity: 2 },
      });
      expect(added.statusCode).toBe(201);
      const first = await page('/cart', { cookie: `theme=dark; visitor_session=${alice}` });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain(`<p class="cart">${plan.name} x2</p>`);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      // Another visitor right after: the empty cart, not Alice's page from a cache.
      const bob = await page('/cart');
      expect(bob.body).toContain('<p class="cart">empty</p>');
      expect(bob.body).not.toContain(plan.name);
      expect(bob.headers['cache-control']).toBe('no-cache');
      await page('/cart', { cookie: `visitor_session=${alice}` });
      expect(ssrCalls()).toEqual([
        { url: '/cart', lang: 'en', cartSession: alice },
        { url: '/cart', lang: 'en', cartSession: null },
        { url: '/cart', lang: 'en', cartSession: alice },
      ]);
    });

    it('treats a malformed cookie as no session, and never passes the cookie to other pages', async () => {
      for (const cookie of [
        'visitor_session=short',
        'visitor_session=a%0d%0ab',
        `visitor_session=${'x'.repeat(200)}`,
      ]) {
        const res = await page('/cart', { cookie });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<p class="cart">empty</p>');
      }
      await page('/en/turkey', { cookie: `visitor_session=${alice}` });
      expect(ssrCalls()).toEqual([
        { url: '/cart', lang: 'en', cartSession: null },
        { url: '/en/turkey', lang: 'en' },
      ]);
    });
  });
});

describe('the not-found page of an undecodable address (frameworkErrors)', () => {
  it('falls back to the JSON 400 bad_url when the page itself fails', async () => {
    const app = Fastify({ frameworkErrors, logger: false });
    registerErrorHandler(app);
    app.get('/*', async () => 'page');
    let calls = 0;
    setStorefrontPage(app, async () => {
      calls += 1;
      throw new Error('catalogue unavailable');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/en/%E0%A4%A', headers: { accept: 'text/html' } });
      expect(calls).toBe(1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'bad_url', field: 'path' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});

/** The real storefront build (`npm run build -w apps/web`), when there is one. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WEB_DIST = path.join(repoRoot, 'apps/web/dist');
const BUILD_FILES = [
  path.join(WEB_DIST, 'index.html'),
  path.join(WEB_DIST, '.vite', 'manifest.json'),
  path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
];
const missing = BUILD_FILES.filter((file) => !fs.existsSync(file)).map((file) => path.relative(repoRoot, file));
const REAL_BUILD_TITLE = missing.length
  ? `server rendering with the real build - SKIPPED: no ${missing.join(', ')} (run "npm run build -w apps/web" first)`
  : 'server rendering with the real build';

describe.skipIf(missing.length > 0)(REAL_BUILD_TITLE, () => {
  let database: Database;
  let app: FastifyInstance;
  let services: AppServices;

  const page = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en' },
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, services } = await buildApp({ config: testConfig({ WEB_DIST }), database, serveWeb: true }));
    await services.catalog.ensureSeeded();
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('redirects /en/Turkey and /en/uk to the canonical slug, keeping the query string', async () => {
    for (const [url, location] of [
      ['/en/Turkey', '/en/turkey'],
      ['/en/uk', '/en/united-kingdom'],
      ['/en/Turkey?ref=mail', '/en/turkey?ref=mail'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('renders /en/turkey with its plans, the state for hydration and a CSP for its style attributes', async () => {
    const plan = await firstTurkeyPlan(app);
    const res = await page('/en/turkey');
    expect(res.statusCode).toBe(200);
    const markup = rootOf(res.body);
    expect(markup).toContain('<h1');
    expect(markup).toContain(`$${(plan.priceCents / 100).toFixed(2)}`);
    const state = stateOf(res.body) as {
      lang: string;
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(state.lang).toBe('en');
    const plans = state.queries.queries.find((q) =>
      JSON.stringify(q.state.data).includes(`"productId":${plan.productId}`),
    );
    expect(plans).toBeDefined();
    if (styleAttributes(markup).length > 0) expectStyleAttributesAllowed(res, markup);
    else expect(directives(res).has('style-src-attr')).toBe(false);
    // The screen's own chunk is named for the browser to preload.
    expect(res.body).toMatch(/<script id="ssr-preload" type="application\/json">\["\/assets\/country-[\w-]+\.js"/);
  }, 30_000);

  it("carries /checkout's billing countries named and sorted in the page's language, and says the page's direction", async () => {
    // Sorting and naming 245 countries in the browser would load ICU's locale data for an
    // Intl.Collator and an Intl.DisplayNames while the page hydrates (decision record 0030).
    const res = await app.inject({
      method: 'GET',
      url: '/checkout',
      headers: { accept: 'text/html', cookie: 'i18next=tr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="tr" dir="ltr">/);
    const state = stateOf(res.body) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    const countries = state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["billing-countries","tr"]')
      ?.state.data as { code: string; name: string }[] | undefined;
    expect(countries?.length).toBeGreaterThan(240);
    const collator = new Intl.Collator('tr', { sensitivity: 'base' });
    const names = countries!.map((c) => c.name);
    expect(names).toEqual([...names].sort(collator.compare));
    expect(countries).toContainEqual({ code: 'DE', name: 'Almanya' });
  }, 30_000);

  it('leaves the destination list out of the state of the information pages, and keeps it where the first render shows it', async () => {
    // Some 60 kB of JSON the phone would parse before hydrating, for nothing on these screens
    // (docs/decisions/0028-main-thread-and-catalogue-read-path.md).
    const queryKeys = async (url: string) => {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const state = stateOf(res.body) as { queries: { queries: { queryKey: unknown[] }[] } };
      return state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    };
    for (const url of ['/how-it-works', '/support', '/contact', '/faq', '/terms-conditions', '/refund']) {
      expect(await queryKeys(url), url).not.toContain('["/api/countries"]');
    }
    for (const url of ['/', '/en/turkey', '/about-us', '/cart', '/checkout']) {
      expect(await queryKeys(url), url).toContain('["/api/countries"]');
    }
  }, 30_000);

  it('renders the general plan list (/products?view=all) with its plans from a screen of its own, and the home page without it', async () => {
    const all = await page('/products?view=all');
    expect(all.statusCode).toBe(200);
    // The first 24 plans, each with its add button.
    expect(rootOf(all.body).match(/aria-label="Add to cart: /g)?.length).toBe(24);
    const { products } = (await app.inject({ method: 'GET', url: '/api/products' })).json<ProductsResponse>();
    // Not every plan in the page's state (3 MB of JSON for the phone to parse), but the preview the
    // first render shows from: the first 24 plans and the plan count per filter-band combination
    // (docs/decisions/0028-main-thread-and-catalogue-read-path.md).
    const state = stateOf(all.body) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const preview = state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["plan-list-preview"]')?.state
      .data as { plans: { productId: number }[]; bandCounts: Record<string, number> } | undefined;
    expect(preview?.plans.map((p) => p.productId)).toEqual(products.slice(0, 24).map((p) => p.productId));
    expect(Object.values(preview?.bandCounts ?? {}).reduce((a, b) => a + b, 0)).toBe(products.length);
    expect(
      state.queries.queries.some((q) => Array.isArray(q.state.data) && q.state.data.length === products.length),
    ).toBe(false);
    expect(all.body.length).toBeLessThan(400_000);
    expect(all.body).toMatch(/<script id="ssr-preload" type="application\/json">\["\/assets\/all-plans-[\w-]+\.js"/);
    // The home screen is part of the app's shell (docs/decisions/0027-storefront-build.md): the home
    // page names no screen chunk, and none of the plan list's (their JavaScript waits until idle).
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    const preload = /<script id="ssr-preload" type="application\/json">(\[[^<]*\])<\/script>/.exec(home.body)?.[1];
    const chunks = JSON.parse(preload ?? '[]') as string[];
    expect(chunks.some((chunk) => /\/products-/.test(chunk))).toBe(false);
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const planList = ['src/app/routes/all-plans.tsx', 'src/app/routes/country.tsx'].map(
      (key) => `/${manifest[key]!.file}`,
    );
    expect(planList.some((file) => chunks.includes(file))).toBe(false);
    expect(chunks.some((chunk) => /\/plans-page-/.test(chunk))).toBe(false);
  }, 30_000);

  it('renders the footer in the element the browser keeps it in, and names no footer code for the home page', async () => {
    const home = await page('/');
    expect(rootOf(home.body)).toMatch(/<div id="site-footer"><footer[^>]*>[\s\S]*<\/footer><\/div>/);
    const preload = /<script id="ssr-preload" type="application\/json">(\[[^<]*\])<\/script>/.exec(home.body)?.[1];
    expect(JSON.parse(preload ?? '[]') as string[]).not.toContainEqual(expect.stringMatching(/\/footer-/));
  }, 30_000);

  it('serves the texts as static JSON files in a folder named by their hash, cached for a year', async () => {
    const assets = path.join(WEB_DIST, 'assets');
    const folders = fs.readdirSync(assets).filter((name) => /^locales-[0-9a-f]{10}$/.test(name));
    expect(folders).toHaveLength(1);
    const source = path.join(repoRoot, 'apps/web/src/locales');
    for (const lang of fs.readdirSync(source)) {
      if (!fs.statSync(path.join(source, lang)).isDirectory()) continue;
      for (const file of fs.readdirSync(path.join(source, lang))) {
        const res = await app.inject({ method: 'GET', url: `/assets/${folders[0]}/${lang}/${file}` });
        expect(res.statusCode, `${lang}/${file}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.json()).toEqual(JSON.parse(fs.readFileSync(path.join(source, lang, file), 'utf8')));
      }
    }
  }, 30_000);

  it('answers an undecodable page address with the rendered not-found page', async () => {
    const res = await page('/en/%E0%A4%A');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/api/products/%ZZ', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: { code: 'bad_url' } });
  }, 30_000);

  it('shows the new price on the next page after the catalogue changes', async () => {
    const before = await firstTurkeyPlan(app);
    const priceText = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(rootOf((await page('/en/turkey')).body)).toContain(priceText(before.priceCents));
    const newPrice = 98_765;
    const restore = await changeTurkeyPrice(app, database, services, newPrice);
    try {
      const after = rootOf((await page('/en/turkey')).body);
      expect(after).toContain(priceText(newPrice));
    } finally {
      await restore();
    }
    expect(rootOf((await page('/en/turkey')).body)).not.toContain(priceText(newPrice));
  }, 30_000);
});
