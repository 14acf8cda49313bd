import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiErrorSchema } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { LANGUAGE_CODES } from '@esim/contract/languages';
import { portalViewSchema, topupResponseSchema } from '@esim/contract/portal';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES } from '../src/modules/email/email-templates.ts';
import { SANDBOX_TEST_CARDS } from '../src/providers/payment/sandbox.ts';
import {
  type FuzzRequest,
  type Hints,
  type RouteSpec,
  otherMethodsFor,
  requestsFor,
  show,
  systematicRequestsFor,
  toJsonSchema,
  validRequestsFor,
} from './fuzz-arbitraries.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from './orders-fixtures.ts';

/**
 * Generated-input test of every route the app registers: no 5xx and no stack trace for any
 * malformed request (ARCHITECTURE.md "No 5xx from what a client sends"; OWASP ASVS 4.0.3
 * V5.1, V7.4, V13.1). Routes are collected with an `onRoute` hook on every Fastify instance (the
 * OpenAPI document's and the hidden ones: sandbox pages, e-mail preview, robots.txt, sitemap, the
 * OpenAPI UI's assets, HEAD twins); static files of one folder are one family. For each route:
 *
 * - `FUZZ_RUNS` (default 100) requests with its method: about a third valid (from the route's zod
 *   schemas, with real ids, tokens and sessions of a seeded store: orders, eSIMs in use, top-ups,
 *   PayPal payments), the rest mutations of valid ones (see `fuzz-arbitraries.ts`);
 * - a systematic pass: NUL, lone surrogates and other hostile texts in every text field, and every
 *   hostile path segment (`%00`, `%ZZ`, over-long...) in every path parameter;
 * - `FUZZ_RUNS / 10` requests with other methods on its path;
 * - concurrent bursts: identical valid requests at once (double submits), then different ones.
 *
 * It fails on any 5xx, any error under `/api` whose body is not the API's `{ error: { code,
 * message, field? } }` (contract `apiErrorSchema`), and any answer slower than 2 s.
 *
 * Deterministic: `FUZZ_SEED` (default below) seeds fast-check; each route's seed is derived from it
 * and the route's name, so adding a route does not change the others' requests (ids, tokens and
 * sessions are the fixtures' of the run). `FUZZ_ROUTE=<substring>` runs only matching routes;
 * `FUZZ_STATS=1` prints the statuses each route answered. Failures print the seed and each failing
 * request (method, URL, headers, body, what was mutated), the answer, and the server's log of the
 * error (its cause and our first stack frame), grouped.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 100));
if (!Number.isSafeInteger(SEED) || !Number.isSafeInteger(RUNS))
  throw new Error('FUZZ_SEED and FUZZ_RUNS must be integers');
/** Requests per route with another method on its path. */
const OTHER_METHOD_RUNS = Math.max(1, Math.ceil(RUNS / 10));
const ONLY = process.env.FUZZ_ROUTE;
/** The latency budgets of `npm run bench` are far lower; this only catches hangs and pathological inputs. */
const SLOW_MS = 2_000;
/**
 * Concurrent bursts per route: `BURSTS` valid requests each sent `BURST_COPIES` times at once
 * (double submits, idempotency races), then `BURST_COPIES` different valid requests at once.
 */
const BURSTS = 3;
const BURST_COPIES = 5;
/** Static-file routes sharing a folder (one route per file, one handler) are fuzzed as a family past this many. */
const FAMILY_MIN = 10;

// ---------------------------------------------------------------------------------------------
// Every route every Fastify instance registers: the app's, its plugins' (OpenAPI UI, static files)
// and the HEAD twins of GET routes. Fastify publishes each new instance on this channel.

const registered: RouteOptions[] = [];
const onInstance = (message: unknown) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    registered.push(route);
  });
};
diagnostics.subscribe('fastify.initialization', onInstance);
const logs: string[] = [];
// A stand-in storefront build, so that the storefront's pages (the not-found handler rendering
// `index.html` with each route's metadata) are served and fuzzed too, without `vite build`.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta property="csp-nonce" nonce="NONCE"><title>Roamwise</title><!--app-head--></head><body><div id="root"></div><script type="module" nonce="NONCE" src="/assets/app.js"></script></body></html>',
);
const ctx: OrdersTestApp = await createOrdersTestApp({
  // The portal's per-IP limit (60/min) would answer every request after the 60th 429; raised so
  // that the fuzzer's requests reach the routes. 429 stays a valid answer.
  env: { LOG_LEVEL: 'error', PORTAL_RATE_LIMIT_PER_MINUTE: '100000', WEB_DIST: webDist },
  deps: { serveWeb: true, logStream: { write: (line: string) => void logs.push(line) } },
});
diagnostics.unsubscribe('fastify.initialization', onInstance);
const fixtures = await seedStore(ctx);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Ids, tokens and sessions of a store with orders, eSIMs, top-ups and PayPal payments in every state. */
async function seedStore({ app, services }: OrdersTestApp) {
  const api = client(app);
  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const turkey = (
    await get<{ products: { productId: number }[] }>('/api/products?country=TR&type=prepaid')
  ).products.map((p) => p.productId);
  const all = (await get<{ products: { productId: number }[] }>('/api/products')).products.map((p) => p.productId);
  const countries = (await get<{ countries: { code?: string; slug?: string }[] }>('/api/countries')).countries;

  const checkout = async (payment: 'card' | 'paypal') => {
    const session = newSession();
    await api.addToCart(session, turkey[0]!, 1);
    const pay =
      payment === 'card' ? { method: 'card' as const, token: await api.cardToken() } : { method: 'paypal' as const };
    const res = await api.checkout(session, newKey(), checkoutBody(pay));
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    return { session, ...checkoutResponseSchema.parse(res.json()) };
  };
  const paypalId = (approvalUrl: string) => approvalUrl.split('/').at(-1)!;

  const buyerA = await checkout('card');
  const buyerB = await checkout('card');
  const buyerC = await checkout('paypal');
  await services.jobs.runUntilIdle();
  const iccidOf = async (token: string) =>
    portalViewSchema.parse(await get('/api/portal', { 'x-access-token': token })).esims[0]!.iccid;
  const iccidA = await iccidOf(buyerA.accessToken);
  const iccidB = await iccidOf(buyerB.accessToken);
  // Buyer A's eSIM in use, so that its top-up routes work.
  const first = await app.inject({
    method: 'POST',
    url: `/api/sandbox/esims/${iccidA}/actions`,
    payload: { action: 'first-use' },
  });
  if (first.statusCode !== 200) throw new Error(`first-use: ${first.statusCode} ${first.body}`);
  const sync = await app.inject({
    method: 'POST',
    url: `/api/portal/esims/${iccidA}/sync`,
    headers: { 'x-access-token': buyerA.accessToken },
  });
  if (sync.statusCode !== 200) throw new Error(`sync: ${sync.statusCode} ${sync.body}`);
  const topup = async (payment: 'card' | 'paypal') => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccidA}/topups`,
      headers: { 'x-access-token': buyerA.accessToken, 'x-session-id': newSession(), 'idempotency-key': newKey() },
      payload: {
        productId: turkey[1] ?? turkey[0]!,
        payment: payment === 'card' ? { method: 'card', token: await api.cardToken() } : { method: 'paypal' },
        acceptTerms: true,
        language: 'en',
      },
    });
    if (res.statusCode !== 201) throw new Error(`top-up: ${res.statusCode} ${res.body}`);
    return topupResponseSchema.parse(res.json());
  };
  const topupCard = await topup('card');
  const topupPaypal = await topup('paypal');
  await services.jobs.runUntilIdle();

  // Sessions with a cart: one owning several lines for the cart routes, fresh ones for checkouts
  // (which close them). Refilled before each cart or checkout route (`refill`), since requests of
  // earlier routes (e.g. `DELETE /api/cart` as another method) empty them.
  const withCart = async (n: number) => {
    const sessions: string[] = [];
    for (let i = 0; i < n; i++) {
      const session = newSession();
      await api.addToCart(session, turkey[i % turkey.length]!, 1 + (i % 3));
      sessions.push(session);
    }
    return sessions;
  };
  const cartOwner = newSession();
  const carts = { cartSessions: [] as string[], checkoutSessions: [] as string[], cartLineIds: [] as number[] };
  const refill = async () => {
    for (const productId of turkey.slice(0, 4)) await api.addToCart(cartOwner, productId, 1);
    carts.cartSessions = [cartOwner, cartOwner, cartOwner, ...(await withCart(2))];
    carts.checkoutSessions = await withCart(60);
    carts.cartLineIds = (await api.getCart(cartOwner)).json<{ items: { id: number }[] }>().items.map((i) => i.id);
  };
  // Card tokens are single-use: enough for the checkouts and top-ups that get that far.
  const cardTokens: string[] = [
    await api.cardToken(SANDBOX_TEST_CARDS.declined),
    await api.cardToken(SANDBOX_TEST_CARDS.insufficientFunds),
  ];
  for (let i = 0; i < 20; i++) cardTokens.push(await api.cardToken());
  const paypalIds = [buyerC.payment, topupPaypal.payment].flatMap((p) =>
    p.status === 'requires_approval' ? [paypalId(p.approvalUrl)] : [],
  );
  // The first-admin link's token, so that valid `POST /api/setup-admin` requests get past it (one admin, then 409).
  const adminSetup = await services.auth.createAdminSetupLink();
  const adminSetupToken = adminSetup ? new URL(adminSetup.url).hash.replace(/^#token=/, '') : 'no-admin-setup-token';

  return {
    turkey,
    productIds: [...turkey.slice(0, 4), ...all.filter((_, i) => i % 50 === 0), 999_999_999],
    /** Storefront paths (without the leading slash) for the not-found handler that renders the pages. */
    pages: [
      '',
      'products',
      `products/${turkey[0]}`,
      'products/999999999',
      'products/abc',
      ...countries.slice(0, 8).flatMap((c) => (c.slug ? [`tr/${c.slug}`, `de/${c.slug}`, `xx/${c.slug}`] : [])),
      'en/nowhere',
      'cart',
      'checkout',
      'checkout/success',
      'portal',
      'portal/topup',
      'how-it-works',
      'support',
      'faq',
      'order-confirmation/ORD-7K3F9Q2X4M',
      'index.html',
      'assets/app.js',
      'API/products',
      'sandbox',
      'flags/4x3/nope.svg',
    ],
    countryCodes: [
      'TR',
      'tr',
      'US',
      'turkey',
      'Europe',
      'Global',
      ...countries.slice(0, 10).flatMap((c) => [c.code, c.slug].filter((v): v is string => !!v)),
    ],
    buyers: [buyerA, buyerB, buyerC],
    tokens: [buyerA.accessToken, buyerB.accessToken, buyerC.accessToken],
    iccidA,
    iccidB,
    orderNumbers: [buyerA.orderNumber, buyerB.orderNumber, buyerC.orderNumber],
    topupNumbers: [topupCard.orderNumber, topupPaypal.orderNumber],
    paypalIds,
    /** Sessions and cart lines, replaced by `refill()`. */
    carts,
    refill,
    cardTokens,
    adminSetupToken,
    /** Fresh keys, plus two reused ones (replays and 422 `idempotency_key_reused`). */
    idempotencyKeys: [...Array.from({ length: 40 }, () => newKey()), 'key-fuzz-reused-1', 'key-fuzz-reused-2'],
  };
}

// ---------------------------------------------------------------------------------------------
// Known-good inputs by route and name, so that valid requests get past validation into services.

function hintsFor(route: RouteSpec): Hints {
  const f = fixtures;
  const url = route.url;
  const device = url.includes('/sandbox/esims');
  const nextYear = new Date().getUTCFullYear() + 2;
  return (location, rawName) => {
    const name = rawName.toLowerCase();
    if (location === 'params') {
      if (name === 'iccid') return device ? [f.iccidB] : [f.iccidA, f.iccidA, f.iccidB];
      if (name === 'ordernumber') return [...f.topupNumbers, f.orderNumbers[0]!];
      if (name === 'template') return Object.keys(EMAIL_TEMPLATES);
      if (name === 'lang') return LANGUAGE_CODES;
      if (name === 'file') return undefined;
      if (name === '*')
        return [
          'static/index.html',
          'static/swagger-initializer.js',
          'static/swagger-ui.css',
          'static/nope.js',
          'json',
          'yaml',
          'uiConfig',
          'initOAuth',
          '',
        ];
      if (name === 'id') {
        if (url.startsWith('/api/products')) return f.productIds;
        if (url.startsWith('/api/cart')) return f.carts.cartLineIds;
        if (url.startsWith('/api/orders')) return f.orderNumbers;
        if (url.startsWith('/sandbox/paypal')) return f.paypalIds;
      }
      return undefined;
    }
    if (location === 'headers') {
      if (name === 'x-access-token')
        return url.startsWith('/api/orders')
          ? f.tokens
          : [f.buyers[0]!.accessToken, f.buyers[0]!.accessToken, f.buyers[1]!.accessToken];
      if (name === 'idempotency-key') return f.idempotencyKeys;
      if (name === 'x-session-id') {
        if (url.startsWith('/api/cart')) return f.carts.cartSessions;
        if (url.startsWith('/api/checkout')) return f.carts.checkoutSessions;
        if (url.startsWith('/api/orders')) return f.buyers.map((b) => b.session);
        return [newSession()];
      }
      return undefined;
    }
    if (location === 'querystring') {
      if (name === 'country') return f.countryCodes;
      if (name === 'q') return ['turkey', '1GB', 'Europe', 'unlimited'];
      return undefined;
    }
    switch (name) {
      case 'productid':
        return url.includes('/topups') ? f.turkey : f.productIds;
      case 'token':
        return url === '/api/setup-admin' ? [f.adminSetupToken] : f.cardTokens;
      case 'password':
      case 'confirmpassword':
        // One strong password for both fields, so that valid account requests pass the `passwordMismatch` rule.
        return ['violet-harbour-tram-42'];
      case 'quantity':
        return [1, 2, 3];
      case 'email':
        return ['ada@example.com', 'zoe+test@example.org'];
      case 'fullname':
        return ['Ada Lovelace', 'Zoë Ñandú-O’Brien'];
      case 'phone':
        return ['+44 20 7946 0000', ''];
      case 'country':
        return ['GB', 'TR', 'US'];
      case 'cardnumber':
        return Object.values(SANDBOX_TEST_CARDS);
      case 'expirymonth':
        return [1, 12];
      case 'expiryyear':
        return [nextYear];
      case 'cvv':
        return ['123', '1234'];
      case 'cardholdername':
        return ['Ada Lovelace'];
      case 'acceptterms':
        return [true];
      case 'mb':
        return [100, 500];
      case 'days':
        return [1, 2];
      default:
        return undefined;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Routes

interface Target {
  /** Test name, e.g. `GET /api/products/:id` or `GET /flags/4x3/:file (271 static files)`. */
  name: string;
  spec: RouteSpec;
  hints: Hints;
  /** Every member of a static-file family, each requested once besides the fuzzing. */
  members: string[];
}

function targets(): Target[] {
  const appBodyLimit = ctx.app.initialConfig.bodyLimit ?? 1_048_576;
  const seen = new Map<string, RouteSpec>();
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      seen.set(key, {
        method,
        url: route.url,
        params: toJsonSchema(schema.params),
        querystring: toJsonSchema(schema.querystring),
        headers: toJsonSchema(schema.headers),
        body: toJsonSchema(schema.body),
        bodyLimit: route.bodyLimit ?? appBodyLimit,
      });
    }
  }
  // Static files: one route per file in a folder with many, fuzzed together as `<folder>/:file`.
  const byFolder = new Map<string, RouteSpec[]>();
  for (const spec of seen.values()) {
    const match = /^(.*)\/([^/:*]+\.[A-Za-z0-9]+)$/.exec(spec.url);
    if (match && !spec.params) {
      const folder = `${spec.method} ${match[1]}`;
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), spec]);
    }
  }
  const list: Target[] = [];
  const inFamily = new Set<RouteSpec>();
  for (const [folder, specs] of byFolder) {
    if (specs.length < FAMILY_MIN) continue;
    specs.forEach((s) => inFamily.add(s));
    const [method, dir] = folder.split(' ') as [string, string];
    const files = specs.map((s) => s.url.slice(dir.length + 1));
    const spec: RouteSpec = { method, url: `${dir}/:file`, bodyLimit: specs[0]!.bodyLimit };
    const base = hintsFor(spec);
    list.push({
      name: `${method} ${dir}/:file (${specs.length} static files)`,
      spec,
      hints: (location, name) => (location === 'params' && name === 'file' ? files : base(location, name)),
      members: specs.map((s) => s.url),
    });
  }
  for (const spec of seen.values()) {
    if (!inFamily.has(spec))
      list.push({ name: `${spec.method} ${spec.url}`, spec, hints: hintsFor(spec), members: [] });
  }
  // Not a route: the storefront's not-found handler, which renders every page of the SPA.
  for (const method of ['GET', 'HEAD']) {
    const spec: RouteSpec = { method, url: '/*', bodyLimit: appBodyLimit };
    const base = hintsFor(spec);
    list.push({
      name: `${method} /* (storefront pages, not-found handler)`,
      spec,
      hints: (location, name) => (location === 'params' && name === '*' ? fixtures.pages : base(location, name)),
      members: [],
    });
  }
  return list.filter((t) => !ONLY || t.name.includes(ONLY));
}

/** A stable 31-bit hash of a route name, mixed into the seed. */
function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 1;
}

// ---------------------------------------------------------------------------------------------
// Sending and judging

interface Failure {
  kind: '5xx' | 'error body' | 'slow' | 'not sent';
  request: FuzzRequest;
  status?: number;
  body?: string;
  ms: number;
  log?: string;
}

const strictError = apiErrorSchema.extend({ error: apiErrorSchema.shape.error.strict() }).strict();

function judge(
  request: FuzzRequest,
  status: number,
  headers: Record<string, unknown>,
  body: string,
  ms: number,
): Failure['kind'] | undefined {
  if (status >= 500) return '5xx';
  if (ms > SLOW_MS) return 'slow';
  const path = request.url.split('?')[0] ?? '';
  if ((path === '/api' || path.startsWith('/api/')) && status >= 400) {
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) return 'error body';
    if (request.method === 'HEAD') return undefined;
    try {
      if (!strictError.safeParse(JSON.parse(body)).success) return 'error body';
    } catch {
      return 'error body';
    }
  }
  return undefined;
}

/**
 * The server's error log lines written since `from`, each as `Type: message (caused by: reason)
 * at first frame of ours`, e.g. `DrizzleQueryError: Failed query: update "sandbox_charges"…
 * (caused by: error: invalid byte sequence for encoding "UTF8": 0x00) at … sandbox.ts:368:11`.
 */
function serverLog(from: number): string | undefined {
  const lines = logs.slice(from).map((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
      const stack = entry.err?.stack ?? '';
      const frame = stack
        .split('\n')
        .find((l) => /\/(apps|packages)\//.test(l))
        ?.trim();
      const cause = /caused by: ([^\n]+)/.exec(stack)?.[1];
      const message = (entry.err?.message ?? '').split('\n')[0] ?? '';
      return `${entry.err?.type ?? entry.msg ?? ''}: ${show(message, 80)}${cause ? ` (caused by: ${show(cause, 160)})` : ''}${frame ? ` ${frame}` : ''}`;
    } catch {
      return line.slice(0, 200);
    }
  });
  return lines.length > 0 ? lines.join(' | ') : undefined;
}

let sent = 0;
/** `FUZZ_STATS=1`: statuses per route (valid, mutated, burst), printed at the end, to see how deep requests get. */
const STATS = process.env.FUZZ_STATS === '1';
const stats = new Map<string, Map<string, number>>();

function count(route: string, request: FuzzRequest, status: number, body: string): void {
  if (!STATS) return;
  let code = '';
  try {
    code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    // not JSON
  }
  const kind = request.note === 'valid' ? 'valid' : request.note.endsWith('at once') ? 'burst' : 'mutated';
  const key = `${kind} ${status}${code ? ` ${code}` : ''}`;
  const table = stats.get(route) ?? new Map<string, number>();
  table.set(key, (table.get(key) ?? 0) + 1);
  stats.set(route, table);
}

async function run(app: FastifyInstance, route: string, request: FuzzRequest, failures: Failure[]): Promise<void> {
  const from = logs.length;
  const start = performance.now();
  let res;
  try {
    res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  } catch (error) {
    failures.push({ kind: 'not sent', request, ms: performance.now() - start, body: String(error) });
    return;
  }
  const ms = performance.now() - start;
  sent++;
  count(route, request, res.statusCode, res.body);
  const kind = judge(request, res.statusCode, res.headers, res.body, ms);
  if (kind) failures.push({ kind, request, status: res.statusCode, body: res.body, ms, log: serverLog(from) });
}

function report(target: Target, seed: number, total: number, failures: Failure[]): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    let code = '';
    try {
      code = (JSON.parse(f.body ?? '') as { error?: { code?: string } }).error?.code ?? '';
    } catch {
      // not JSON
    }
    // Same kind, status, code, cause and place in our code: one group.
    const log = f.log ? `${/\(caused by: [^)]*\)/.exec(f.log)?.[0] ?? ''} ${/ at \S+/.exec(f.log)?.[0] ?? ''}` : '';
    const key = `${f.kind} ${f.status ?? ''} ${code}${log}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [
    `${target.name}: ${failures.length} of ${total} requests failed (FUZZ_SEED=${SEED}, route seed ${seed}; rerun: FUZZ_SEED=${SEED} FUZZ_ROUTE='${target.name.split(' (')[0]}' npx vitest run apps/api/test/fuzz.test.ts)`,
  ];
  for (const [key, list] of groups) {
    lines.push(`  [${list.length}x] ${key.trim()}`);
    for (const f of list.slice(0, 3)) {
      const url =
        f.request.url.length > 160 ? `${f.request.url.slice(0, 160)}… (${f.request.url.length} chars)` : f.request.url;
      lines.push(`    ${f.request.method} ${url}  (${f.ms.toFixed(0)} ms)`);
      lines.push(`      made by: ${f.request.note}`);
      const headers = Object.entries(f.request.headers).map(([k, v]) => `${k}: ${show(v, 60)}`);
      if (headers.length > 0) lines.push(`      headers: ${headers.join(', ')}`);
      if (f.request.payload !== undefined) lines.push(`      body: ${show(f.request.payload, 200)}`);
      lines.push(`      answer: ${f.status ?? '-'} ${show(f.body ?? '', 240)}`);
      if (f.log) lines.push(`      server log: ${f.log}`);
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

const all = targets();
const started = performance.now();

afterAll(() => {
  if (!STATS) return;
  const lines = [...stats].map(
    ([route, table]) =>
      `${route}\n${[...table]
        .sort()
        .map(([k, n]) => `  ${String(n).padStart(4)} ${k}`)
        .join('\n')}`,
  );
  lines.push(
    `fuzz: ${sent} requests to ${all.length} routes in ${((performance.now() - started) / 1000).toFixed(1)} s (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
  );
  console.warn(lines.join('\n'));
});

describe('generated requests to every route: no 5xx, API error bodies under /api, none slower than 2 s', () => {
  it('covers the OpenAPI document and the hidden routes', () => {
    if (ONLY) return;
    const names = new Set(all.map((t) => t.name.split(' (')[0]));
    const documented = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, operations] of Object.entries(documented)) {
      for (const method of Object.keys(operations)) {
        expect(names, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      }
    }
    for (const hidden of [
      'GET /sandbox/paypal/:id',
      'POST /sandbox/paypal/:id/approve',
      'POST /sandbox/paypal/:id/cancel',
      'GET /sandbox/esims/:iccid',
      'POST /sandbox/esims/:iccid/:action',
      'POST /api/payments/sandbox/tokens',
      'GET /email-preview',
      'GET /email-preview/:template/:lang',
      'GET /robots.txt',
      'GET /sitemap.xml',
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/docs',
      'HEAD /api/products',
    ]) {
      expect(names).toContain(hidden);
    }
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all.map((t) => [t.name, t] as const))('%s', { timeout: 120_000 }, async (_name, target) => {
    const seed = (SEED ^ hash(target.name)) >>> 0;
    if (/^\S+ \/api\/(cart|checkout)/.test(target.name)) await fixtures.refill();
    const requests = [
      ...target.members.map((url): FuzzRequest => ({
        method: target.spec.method,
        url,
        headers: {},
        note: 'each static file once',
      })),
      ...fc.sample(requestsFor(target.spec, target.hints), { seed, numRuns: RUNS }),
      ...fc.sample(otherMethodsFor(target.spec, target.hints), { seed: seed + 1, numRuns: OTHER_METHOD_RUNS }),
      ...systematicRequestsFor(target.spec, target.hints, seed + 3),
    ];
    const failures: Failure[] = [];
    for (const request of requests) await run(ctx.app, target.name, request, failures);
    const valid = fc.sample(validRequestsFor(target.spec, target.hints), {
      seed: seed + 2,
      numRuns: BURSTS + BURST_COPIES,
    });
    const bursts = [
      ...valid
        .slice(0, BURSTS)
        .map((request) =>
          Array.from({ length: BURST_COPIES }, () => ({ ...request, note: `${BURST_COPIES} identical at once` })),
        ),
      valid.slice(BURSTS).map((request) => ({ ...request, note: `${BURST_COPIES} different at once` })),
    ];
    for (const burst of bursts) await Promise.all(burst.map((request) => run(ctx.app, target.name, request, failures)));
    const total = requests.length + bursts.flat().length;
    if (failures.length > 0) throw new Error(report(target, seed, total, failures));
    expect(requests.length).toBeGreaterThanOrEqual(RUNS);
  });
});
