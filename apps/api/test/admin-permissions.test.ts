import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../src/app.ts';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { adminAuditLog } from '../src/modules/admin/admin.schema.ts';
import { emailMessages } from '../src/modules/email/email.schema.ts';
import { jobs } from '../src/lib/platform.schema.ts';
import { orders } from '../src/modules/orders/orders.schema.ts';
import { ADMIN_ROUTES } from '../src/modules/admin/admin-scope.ts';
import { type SignedIn, signIn } from './accounts.ts';
import { FlakySandboxPayments, checkoutBody, client, newKey, newSession } from './orders-fixtures.ts';
import { openTestDatabase, testConfig } from './helper.ts';

/**
 * The permission matrix of the admin area (docs/product-rules.md#admin-area; OWASP ASVS 4.0.3 V4.1.1, V4.1.3, V4.2.2): with `ADMIN_REQUIRE_2FA=true`, every route
 * registered in an `adminScope` (`ADMIN_ROUTES`, filled by each part as its routes land) plus the
 * admin branch of `GET /api/orders` is requested
 *
 * - anonymous → 401;
 * - as a customer → 403 `forbidden` 'Admin privileges required';
 * - as an admin without two-factor authentication → 403 `two_factor_setup_required`;
 * - for state-changing methods, as an admin from another site (`Origin` of another site,
 *   `Sec-Fetch-Site: cross-site`) → 403 `csrf_rejected`; with the store's own `Origin` → passes;
 * - as an admin → neither 401 nor 403, and the call is in `admin_audit_log`.
 *
 * It also proves that no route under `/api/admin/` escapes the scope: every route the app
 * registers is collected (an `onRoute` hook on the root instance, installed through Fastify's
 * `fastify.initialization` diagnostics channel before any plugin registers), and each one whose
 * path starts with `/api/admin/` must carry `config.admin` and be in `ADMIN_ROUTES`.
 */

const PUBLIC_URL = 'http://store.test';
const ADMIN_PREFIX = '/api/admin/';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const registered: RouteOptions[] = [];
const onInstance = (message: unknown) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    registered.push(route);
  });
};

let app: FastifyInstance;
let services: AppServices;
let database: Database;
let customer: SignedIn;
let adminNo2fa: SignedIn;
let admin: SignedIn;
/** Plausible values of path parameters (real ones where the store has them). */
const values = { orderNumber: '', emailId: '1', jobId: '1' };

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig({ ADMIN_REQUIRE_2FA: 'true', PUBLIC_URL });
  diagnostics.subscribe('fastify.initialization', onInstance);
  try {
    ({ app, services } = await buildApp({
      config,
      database,
      serveWeb: false,
      paymentProvider: new FlakySandboxPayments({ db: database.db, secret: config.paymentSandboxSecret }),
      jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
    }));
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInstance);
  }
  await services.catalog.ensureSeeded();
  await app.ready();
  customer = await signIn(app, services, database);
  adminNo2fa = await signIn(app, services, database, { admin: true });
  admin = await signIn(app, services, database, { admin: true, twoFactor: true });

  // A paid order with its e-mail and jobs, so that routes taking an order, a message or a job
  // find one (the matrix is about who may call, but a real target makes the admin call real).
  const api = client(app);
  const products = (await app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<{
    products: { productId: number }[];
  }>();
  const session = newSession();
  await api.addToCart(session, products.products[0]!.productId, 1);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  values.orderNumber = res.json<{ orderNumber: string }>().orderNumber;
  await services.jobs.runUntilIdle();
  const [email] = await database.db.select({ id: emailMessages.id }).from(emailMessages).limit(1);
  const [job] = await database.db.select({ id: jobs.id }).from(jobs).limit(1);
  values.emailId = String(email?.id ?? 1);
  values.jobId = String(job?.id ?? 1);
}, 60_000);

afterAll(async () => {
  await services?.jobs.stop();
  await app?.close();
  await database?.close();
});

/** `/api/orders/:id/status` with each parameter replaced by a plausible value. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const n = name.toLowerCase();
    if (n === 'ordernumber' || (n === 'id' && url.startsWith('/api/orders'))) return values.orderNumber;
    if (n === 'id' && url.startsWith('/api/admin/emails')) return values.emailId;
    if (n === 'id' && url.startsWith('/api/admin/jobs')) return values.jobId;
    if (n === 'iccid') return '8944000000123456783';
    return '1';
  });
}

/** A request of `route` with `headers`; state-changing methods send an empty JSON object. */
function request(method: string, url: string, headers: Record<string, string>): InjectOptions {
  return {
    method: method as NonNullable<InjectOptions['method']>,
    url,
    headers:
      STATE_CHANGING.has(method) && method !== 'DELETE' ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(STATE_CHANGING.has(method) && method !== 'DELETE' ? { payload: '{}' } : {}),
  };
}

const errorOf = (body: string) => (JSON.parse(body) as { error?: { code?: string; message?: string } }).error ?? {};

/** Every `METHOD /path` of the admin scope, sorted (computed once the app is built). */
const adminRoutes = () => [...ADMIN_ROUTES].sort();

describe('the admin permission matrix', () => {
  it('has admin routes to check (the admin area registered its scope)', () => {
    expect(adminRoutes()).toEqual(
      expect.arrayContaining([
        'GET /api/admin/ping',
        'GET /api/admin/dashboard',
        'GET /api/admin/emails',
        'GET /api/admin/emails/:id',
        'GET /api/admin/emails/:id/html',
        'POST /api/admin/emails/:id/resend',
        'GET /api/admin/jobs',
        'POST /api/admin/jobs/:id/retry',
        'POST /api/admin/jobs/:id/cancel',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('puts every route under /api/admin/ in the admin scope', () => {
    const underAdmin = registered.filter((r) => r.url.startsWith(ADMIN_PREFIX));
    expect(underAdmin.length).toBeGreaterThan(0);
    for (const route of underAdmin) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        expect((route.config as { admin?: boolean } | undefined)?.admin, `${key} has config.admin`).toBe(true);
        expect(ADMIN_ROUTES.has(key), `${key} is in ADMIN_ROUTES`).toBe(true);
        expect(app.hasRoute({ method: method as HTTPMethods, url: route.url }), key).toBe(true);
      }
    }
    // And nothing in ADMIN_ROUTES that the app does not serve.
    for (const key of ADMIN_ROUTES) {
      const [method, url] = key.split(' ') as [HTTPMethods, string];
      expect(app.hasRoute({ method, url }), `${key} is served`).toBe(true);
    }
  });

  it('refuses every admin route to anonymous, customers, admins without 2FA and cross-site requests, and lets admins through, audited', async () => {
    const problems: string[] = [];
    const started = new Date();
    for (const key of adminRoutes()) {
      const [method, pattern] = key.split(' ') as [string, string];
      const url = concrete(pattern);
      const say = (who: string, status: number, body: string) =>
        problems.push(`${key} as ${who}: ${status} ${body.slice(0, 200)}`);

      const anonymous = await app.inject(request(method, url, {}));
      if (anonymous.statusCode !== 401) say('anonymous', anonymous.statusCode, anonymous.body);

      const asCustomer = await app.inject(request(method, url, customer.headers));
      if (asCustomer.statusCode !== 403 || errorOf(asCustomer.body).message !== 'Admin privileges required')
        say('customer', asCustomer.statusCode, asCustomer.body);

      const without2fa = await app.inject(request(method, url, adminNo2fa.headers));
      if (without2fa.statusCode !== 403 || errorOf(without2fa.body).code !== 'two_factor_setup_required')
        say('admin without 2FA', without2fa.statusCode, without2fa.body);

      if (STATE_CHANGING.has(method)) {
        const crossSite = await app.inject(
          request(method, url, {
            cookie: admin.cookie,
            origin: 'https://attacker.example',
            'sec-fetch-site': 'cross-site',
          }),
        );
        if (crossSite.statusCode !== 403 || errorOf(crossSite.body).code !== 'csrf_rejected')
          say('admin, cross-site', crossSite.statusCode, crossSite.body);
        const noProof = await app.inject(request(method, url, { cookie: admin.cookie }));
        if (noProof.statusCode !== 403 || errorOf(noProof.body).code !== 'csrf_rejected')
          say('admin, no Origin', noProof.statusCode, noProof.body);
        const sameOrigin = await app.inject(request(method, url, { cookie: admin.cookie, origin: PUBLIC_URL }));
        if (sameOrigin.statusCode === 401 || sameOrigin.statusCode === 403)
          say('admin, own Origin', sameOrigin.statusCode, sameOrigin.body);
      } else {
        const asAdmin = await app.inject(request(method, url, admin.headers));
        if (asAdmin.statusCode === 401 || asAdmin.statusCode === 403 || asAdmin.statusCode >= 500)
          say('admin', asAdmin.statusCode, asAdmin.body);
        else if (asAdmin.headers['cache-control'] !== 'no-store')
          say('admin (Cache-Control)', asAdmin.statusCode, String(asAdmin.headers['cache-control']));
      }
    }
    expect(problems).toEqual([]);

    // Every admin call is in the audit log (written just after each answer).
    const expected = adminRoutes();
    let missing: string[] = expected;
    for (let i = 0; i < 50 && missing.length > 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const rows = await database.db
        .select({ action: adminAuditLog.action, at: adminAuditLog.at })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.username, admin.username));
      const logged = new Set(rows.filter((r) => r.at >= new Date(started.getTime() - 1000)).map((r) => r.action));
      missing = expected.filter((key) => !logged.has(key));
    }
    expect(missing, 'admin calls missing from the audit log').toEqual([]);
    // Refused calls are not admin calls: nothing is logged for the customer or the admin without 2FA.
    const others = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.username, customer.username));
    expect(others).toEqual([]);
  }, 120_000);

  it('GET /api/orders: 401 anonymous, own orders for a customer, 403 for an admin without 2FA, every order for an admin (audited)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);

    const own = await app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(values.orderNumber);

    const without2fa = await app.inject({ method: 'GET', url: '/api/orders', headers: adminNo2fa.headers });
    expect(without2fa.statusCode, without2fa.body).toBe(403);
    expect(errorOf(without2fa.body).code).toBe('two_factor_setup_required');

    const all = await app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.body).toContain(values.orderNumber);
    let logged = 0;
    for (let i = 0; i < 50 && logged === 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      logged = (
        await database.db
          .select({ id: adminAuditLog.id })
          .from(adminAuditLog)
          .where(and(eq(adminAuditLog.username, admin.username), eq(adminAuditLog.action, 'GET /api/orders')))
      ).length;
    }
    expect(logged, 'the admin reading every order is audited').toBeGreaterThan(0);
    // The customer's own list was not audited (not an admin call).
    const [order] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, values.orderNumber));
    expect(order).toBeDefined();
  });
});
