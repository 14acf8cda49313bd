import type {
  PriceExplanation,
  PricingRunsResponse,
  PricingSetting,
  PricingSettingsResponse,
  RecalculationReport,
} from '@esim/contract/admin-pricing';
import { and, count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { adminAuditLog } from '../../admin/admin.schema.ts';
import { pricingRuns, pricingSettings, products } from '../catalog.schema.ts';
import { type SignedIn, signIn } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/helper.ts';
import { pricedItem } from './pricing.plan.ts';
import { PricingRepository } from './pricing.repository.ts';
import { type PricingRule, productPriceCents } from './pricing.rules.ts';
import { PricingService } from './pricing.service.ts';

/**
 * Pricing routes: permissions, validation of every field, CRUD that reprices
 * nothing, the dry run that changes nothing, the applied run that changes and records, fixed
 * prices kept, ladder and below-wholesale warnings, the price explanation of every product, the
 * product search; and two admins at once (PostgreSQL: `DATABASE_URL`).
 */
let app: FastifyInstance;
let services: AppServices;
let database: Database;
let close: () => Promise<void>;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ({ app, services, database, close } = await createTestApp());
  admin = await signIn(app, services, database, { admin: true, twoFactor: true });
  customer = await signIn(app, services, database);
});
afterAll(async () => close());

/** A request as the admin (same-origin browser headers) unless `as` says otherwise. */
async function call<T = unknown>(
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  as: SignedIn | null = admin,
) {
  const res = await app.inject({
    method,
    url,
    headers: as ? as.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
}

type ErrorBody = { error: { code: string; message: string; field?: string } };

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'Test rule',
  scope: 'country',
  scopeValue: 'IS',
  markupBps: 30_000,
  ...over,
});

async function createRule(over: Record<string, unknown> = {}): Promise<PricingSetting> {
  const res = await call<{ setting: PricingSetting }>('POST', '/api/pricing-settings', rule(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.setting;
}

async function deleteRule(id: number): Promise<void> {
  expect((await call('DELETE', `/api/pricing-settings/${id}`)).status).toBe(200);
}

async function productRow(name: string) {
  const [row] = await database.db.select().from(products).where(eq(products.apiBundleName, name));
  return row!;
}

async function runCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(pricingRuns);
  return Number(row?.n ?? 0);
}

async function recalculate(query = '') {
  return call<RecalculationReport>('POST', `/api/pricing-settings/recalculate${query}`);
}

/**
 * The audit log entries of `target` once one entry of each of `actions` is there: the
 * `onResponse` hook writes just after the answer has gone, so a test may read before it has.
 */
async function auditEntries(target: string, ...actions: string[]) {
  let rows: (typeof adminAuditLog.$inferSelect)[] = [];
  for (let i = 0; i < 100; i++) {
    rows = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, target))
      .orderBy(adminAuditLog.id);
    if (actions.every((action) => rows.some((row) => row.action === action))) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return rows;
}

describe('permissions', () => {
  const routes: [InjectOptions['method'], string][] = [
    ['GET', '/api/pricing-settings'],
    ['POST', '/api/pricing-settings'],
    ['PATCH', '/api/pricing-settings/1'],
    ['DELETE', '/api/pricing-settings/1'],
    ['POST', '/api/pricing-settings/recalculate?dryRun=true'],
    ['GET', '/api/pricing-runs'],
    ['GET', '/api/admin/products?q=IS'],
    ['GET', '/api/admin/products/1/price'],
  ];

  it('refuses anonymous visitors (401) and customers (403), and cross-site changes (403 csrf_rejected)', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PATCH' ? rule() : undefined;
      expect((await call<ErrorBody>(method, url, payload, null)).status, `${method} ${url}`).toBe(401);
      const refused = await call<ErrorBody>(method, url, payload, customer);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'forbidden', message: 'Admin privileges required' });
    }
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/pricing-settings/recalculate',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
    expect(await runCount()).toBe(0);
  });

  it('answers admins with no-store', async () => {
    const res = await call('GET', '/api/pricing-settings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('pricing settings CRUD', () => {
  it('lists the default rule with the rules version and no run yet', async () => {
    const res = await call<PricingSettingsResponse>('GET', '/api/pricing-settings');
    expect(res.body.settings).toMatchObject([
      {
        name: 'Default markup',
        scope: 'all',
        scopeValue: null,
        markupBps: 8000,
        fixedMarginCents: 50,
        endingCents: 99,
        floorCents: 199,
        priority: 0,
        active: true,
      },
    ]);
    expect(res.body.rulesVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body.lastRun).toBeNull();
    expect(res.body.changedSinceLastRun).toBeNull();
  });

  it('refuses every bad field with 400 naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'two\nlines' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ scope: undefined }, 'scope'],
      [{ scope: 'planet' }, 'scope'],
      [{ scope: 'all', scopeValue: 'IS' }, 'scopeValue'],
      [{ scope: 'country', scopeValue: undefined }, 'scopeValue'],
      [{ scope: 'country', scopeValue: '' }, 'scopeValue'],
      [{ scope: 'country', scopeValue: null }, 'scopeValue'],
      [{ scope: 'country', scopeValue: 'XQ' }, 'scopeValue'],
      [{ scope: 'country', scopeValue: 12 }, 'scopeValue'],
      [{ scope: 'country', scopeValue: 'x'.repeat(121) }, 'scopeValue'],
      [{ scope: 'region', scopeValue: 'Mars' }, 'scopeValue'],
      [{ scope: 'bundle_type', scopeValue: 'postpaid' }, 'scopeValue'],
      [{ scope: 'bundle', scopeValue: 'esim_nope_V2' }, 'scopeValue'],
      [{ markupBps: -1 }, 'markupBps'],
      [{ markupBps: 100_001 }, 'markupBps'],
      [{ markupBps: 12.5 }, 'markupBps'],
      [{ markupBps: '100' }, 'markupBps'],
      [{ markupBps: null }, 'markupBps'],
      [{ fixedMarginCents: -1 }, 'fixedMarginCents'],
      [{ fixedMarginCents: 100_001 }, 'fixedMarginCents'],
      [{ fixedMarginCents: 0.5 }, 'fixedMarginCents'],
      [{ floorCents: -1 }, 'floorCents'],
      [{ floorCents: 100_001 }, 'floorCents'],
      [{ floorCents: 1e30 }, 'floorCents'],
      [{ endingCents: 100 }, 'endingCents'],
      [{ endingCents: -1 }, 'endingCents'],
      [{ endingCents: 9.5 }, 'endingCents'],
      [{ endingCents: '99' }, 'endingCents'],
      [{ priority: 1001 }, 'priority'],
      [{ priority: -1001 }, 'priority'],
      [{ priority: 1.5 }, 'priority'],
      [{ active: 'yes' }, 'active'],
    ];
    for (const [over, field] of cases) {
      const res = await call<ErrorBody>('POST', '/api/pricing-settings', rule(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error, JSON.stringify(over)).toMatchObject({ code: 'validation_error', field });
      expect(res.body.error.message.startsWith(`${field}: `), res.body.error.message).toBe(true);
    }
    const unknownKey = await call<ErrorBody>('POST', '/api/pricing-settings', rule({ markup: 10 }));
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.error.message).toContain('markup');
    expect((await call('POST', '/api/pricing-settings', [rule()])).status).toBe(400);
    const list = await call<PricingSettingsResponse>('GET', '/api/pricing-settings');
    expect(list.body.settings).toHaveLength(1);
  });

  it('writes scope values as the catalogue does and defaults the rest', async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ scope: 'country', scopeValue: ' is ' }, 'IS'],
      [{ scope: 'country', scopeValue: 'us-hi' }, 'US-HI'],
      [{ scope: 'country', scopeValue: 'global' }, 'Global'],
      [{ scope: 'region', scopeValue: 'europe+' }, 'Europe+'],
      [{ scope: 'bundle_type', scopeValue: 'UNLIMITED' }, 'unlimited'],
      [{ scope: 'bundle', scopeValue: 'ESIM_1GB_7D_IS_V2' }, 'esim_1GB_7D_IS_V2'],
      [{ scope: 'all', scopeValue: '', priority: 4 }, null],
      [{ scope: 'all', scopeValue: null, priority: 5 }, null],
    ];
    for (const [over, expected] of cases) {
      const created = await createRule({ name: '  Spaced  ', markupBps: undefined, ...over });
      expect(created).toMatchObject({
        name: 'Spaced',
        scopeValue: expected,
        markupBps: 0,
        fixedMarginCents: 0,
        endingCents: null,
        floorCents: 0,
        active: true,
      });
      await deleteRule(created.id);
    }
  });

  it('refuses a second active rule with the same scope, value and priority (409 duplicate_rule)', async () => {
    const first = await createRule({ priority: 3 });
    const twin = await call<ErrorBody>('POST', '/api/pricing-settings', rule({ priority: 3, scopeValue: 'is' }));
    expect(twin.status).toBe(409);
    expect(twin.body.error).toMatchObject({ code: 'duplicate_rule', field: 'priority' });
    const inactive = await createRule({ priority: 3, active: false });
    const activate = await call<ErrorBody>('PATCH', `/api/pricing-settings/${inactive.id}`, { active: true });
    expect(activate.status).toBe(409);
    expect((await call('PATCH', `/api/pricing-settings/${inactive.id}`, { active: true, priority: 4 })).status).toBe(
      200,
    );
    // Changing a rule's own fields is not a clash with itself.
    expect((await call('PATCH', `/api/pricing-settings/${first.id}`, { markupBps: 1 })).status).toBe(200);
    await deleteRule(first.id);
    await deleteRule(inactive.id);
  });

  it('changes only the fields sent, checks the result as a whole, and audits before/after', async () => {
    const created = await createRule({ scope: 'region', scopeValue: 'Europe+', endingCents: 49, priority: 7 });
    const patched = await call<{ setting: PricingSetting }>('PATCH', `/api/pricing-settings/${created.id}`, {
      name: 'Renamed',
      endingCents: null,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.setting).toMatchObject({
      name: 'Renamed',
      scope: 'region',
      scopeValue: 'Europe+',
      markupBps: 30_000,
      endingCents: null,
      priority: 7,
    });
    // A new scope needs a value that fits it: the region name is no destination code.
    const mismatch = await call<ErrorBody>('PATCH', `/api/pricing-settings/${created.id}`, { scope: 'bundle_type' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.field).toBe('scopeValue');
    const toAll = await call<{ setting: PricingSetting }>('PATCH', `/api/pricing-settings/${created.id}`, {
      scope: 'all',
    });
    expect(toAll.body.setting).toMatchObject({ scope: 'all', scopeValue: null });
    const back = await call<{ setting: PricingSetting }>('PATCH', `/api/pricing-settings/${created.id}`, {
      scope: 'bundle_type',
      scopeValue: 'prepaid',
    });
    expect(back.body.setting).toMatchObject({ scope: 'bundle_type', scopeValue: 'prepaid' });

    for (const [body, field] of [
      [{}, 'body'],
      [{ markupBps: 100_001 }, 'markupBps'],
      [{ name: '' }, 'name'],
      [{ scopeValue: 'free' }, 'scopeValue'],
      [{ id: 5 }, 'body'],
    ] as const) {
      const res = await call<ErrorBody>('PATCH', `/api/pricing-settings/${created.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field, JSON.stringify(body)).toBe(field);
    }
    for (const id of ['0', 'abc', '1.5', '99999999999', '-1']) {
      const res = await call<ErrorBody>('PATCH', `/api/pricing-settings/${id}`, { name: 'x' });
      expect(res.status, id).toBe(400);
      expect(res.body.error.field).toBe('id');
    }
    const missing = await call<ErrorBody>('PATCH', '/api/pricing-settings/999999', { name: 'x' });
    expect(missing.status).toBe(404);
    expect((await call<ErrorBody>('DELETE', '/api/pricing-settings/999999')).status).toBe(404);

    const entries = await auditEntries(
      `pricing-setting:${created.id}`,
      'POST /api/pricing-settings',
      'PATCH /api/pricing-settings/:id',
    );
    const rename = entries.find((e) => e.action === 'PATCH /api/pricing-settings/:id' && e.statusCode === 200);
    expect(rename).toMatchObject({
      username: admin.username,
      before: { name: 'Test rule', endingCents: 49 },
      after: { name: 'Renamed', endingCents: null },
    });
    expect(entries.find((e) => e.action === 'POST /api/pricing-settings')).toMatchObject({
      after: { id: created.id },
      statusCode: 201,
    });

    const deleted = await call<{ setting: PricingSetting }>('DELETE', `/api/pricing-settings/${created.id}`);
    expect(deleted.body.setting.id).toBe(created.id);
    const list = await call<PricingSettingsResponse>('GET', '/api/pricing-settings');
    expect(list.body.settings.map((s) => s.id)).not.toContain(created.id);
    const removal = (await auditEntries(`pricing-setting:${created.id}`, 'DELETE /api/pricing-settings/:id')).find(
      (e) => e.action === 'DELETE /api/pricing-settings/:id',
    );
    expect(removal).toMatchObject({ before: { id: created.id, name: 'Renamed' }, after: null });
  });

  it('reprices nothing when rules change', async () => {
    const before = await productRow('esim_1GB_7D_IS_V2');
    const created = await createRule();
    await call('PATCH', `/api/pricing-settings/${created.id}`, { markupBps: 50_000 });
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(before.priceCents);
    const storefront = await app.inject({ method: 'GET', url: `/api/products/${before.id}` });
    expect(storefront.json()).toMatchObject({ product: { priceCents: before.priceCents } });
    await deleteRule(created.id);
  });
});

describe('recalculation', () => {
  it('dry run changes nothing and reports the diff; the real run applies it, records it and the storefront shows it', async () => {
    const created = await createRule({ name: 'Iceland +300%', markupBps: 30_000, endingCents: 99 });
    const allBefore = await database.db
      .select({ id: products.id, priceCents: products.priceCents, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(products.id);
    const runsBefore = await runCount();

    const dry = await recalculate('?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, run: null, actor: `admin:${admin.username}` });
    const isCount =
      allBefore.length > 0
        ? (await database.db.select({ n: count() }).from(products).where(eq(products.countryCode, 'IS')))[0]!.n
        : 0;
    expect(dry.body.counts).toMatchObject({
      checked: allBefore.length,
      changed: Number(isCount),
      up: Number(isCount),
      down: 0,
      belowWholesale: 0,
      ladderViolations: 0,
    });
    expect(dry.body.counts.unchanged).toBe(allBefore.length - Number(isCount));
    const oneGb = dry.body.changes.find((c) => c.apiBundleName === 'esim_1GB_7D_IS_V2');
    // 245 x 4 = 980, rounded up to .99: 999 (the default rule gave 245 x 1.8 + 50 = 491 -> 499).
    expect(oneGb).toMatchObject({
      wholesaleCents: 245,
      oldPriceCents: 499,
      newPriceCents: 999,
      ruleId: created.id,
      countryCode: 'IS',
      onSale: true,
    });
    expect(dry.body.changes.every((c) => c.countryCode === 'IS')).toBe(true);
    const deltas = dry.body.changes.map((c) => Math.abs(c.newPriceCents - c.oldPriceCents));
    expect(deltas).toEqual([...deltas].sort((a, b) => b - a));
    expect(dry.body.netChangeCents).toBe(
      dry.body.changes.reduce((sum, c) => sum + c.newPriceCents - c.oldPriceCents, 0),
    );
    expect(dry.body.rules.map((r) => r.id)).toEqual([created.id, 1]);

    // Nothing changed: prices, their update times, runs.
    const allAfterDry = await database.db
      .select({ id: products.id, priceCents: products.priceCents, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(products.id);
    expect(allAfterDry).toEqual(allBefore);
    expect(await runCount()).toBe(runsBefore);
    const storefrontDry = await app.inject({ method: 'GET', url: '/api/products?country=IS' });
    expect(
      storefrontDry.json().products.find((p: { apiBundleName: string }) => p.apiBundleName === 'esim_1GB_7D_IS_V2'),
    ).toMatchObject({ priceCents: 499 });

    const applied = await recalculate(`?rulesVersion=${dry.body.rulesVersion}`);
    expect(applied.status).toBe(200);
    expect(applied.body.dryRun).toBe(false);
    expect(applied.body.counts).toEqual(dry.body.counts);
    expect(applied.body.changes).toEqual(dry.body.changes);
    expect(applied.body.run).toMatchObject({
      actor: `admin:${admin.username}`,
      checked: allBefore.length,
      changed: Number(isCount),
      belowWholesale: 0,
      ladderViolations: 0,
      ruleCount: 2,
    });
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(999);
    expect(await runCount()).toBe(runsBefore + 1);
    const [run] = await database.db.select().from(pricingRuns).where(eq(pricingRuns.id, applied.body.run!.id));
    expect(run).toMatchObject({ actor: `admin:${admin.username}`, changed: Number(isCount) });
    expect((run!.rules as PricingSetting[]).map((r) => r.name)).toEqual(['Iceland +300%', 'Default markup']);
    // Untouched products kept their update time (the catalogue's fingerprint follows real changes only).
    const afterApply = await database.db
      .select({ id: products.id, updatedAt: products.updatedAt, countryCode: products.countryCode })
      .from(products)
      .orderBy(products.id);
    const updatedAtBefore = new Map(allBefore.map((p) => [p.id, p.updatedAt.getTime()]));
    for (const p of afterApply)
      if (p.countryCode !== 'IS') expect(p.updatedAt.getTime()).toBe(updatedAtBefore.get(p.id));

    // The storefront sees the new price at once.
    const storefront = await app.inject({ method: 'GET', url: '/api/products?country=IS' });
    expect(
      storefront.json().products.find((p: { apiBundleName: string }) => p.apiBundleName === 'esim_1GB_7D_IS_V2'),
    ).toMatchObject({ priceCents: 999 });

    const runs = await call<PricingRunsResponse>('GET', '/api/pricing-runs');
    expect(runs.body.runs[0]).toMatchObject({ id: applied.body.run!.id, actor: `admin:${admin.username}` });
    const list = await call<PricingSettingsResponse>('GET', '/api/pricing-settings');
    expect(list.body).toMatchObject({ lastRun: { id: applied.body.run!.id }, changedSinceLastRun: false });
    const audit = await auditEntries(`pricing-run:${applied.body.run!.id}`, 'POST /api/pricing-settings/recalculate');
    expect(audit[0]).toMatchObject({
      action: 'POST /api/pricing-settings/recalculate',
      after: { dryRun: false, counts: { changed: Number(isCount) } },
    });

    // A second run finds nothing to change.
    const again = await recalculate();
    expect(again.body.counts).toMatchObject({ changed: 0, unchanged: allBefore.length });

    // Renaming keeps the rules version; a price change makes the preview stale.
    await call('PATCH', `/api/pricing-settings/${created.id}`, { name: 'Iceland renamed' });
    expect((await call<PricingSettingsResponse>('GET', '/api/pricing-settings')).body.changedSinceLastRun).toBe(false);
    const preview = await recalculate('?dryRun=true');
    await call('PATCH', `/api/pricing-settings/${created.id}`, { markupBps: 100 });
    expect((await call<PricingSettingsResponse>('GET', '/api/pricing-settings')).body.changedSinceLastRun).toBe(true);
    const runsNow = await runCount();
    const stale = await recalculate(`?rulesVersion=${preview.body.rulesVersion}`);
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as ErrorBody).error).toMatchObject({ code: 'rules_changed', field: 'rulesVersion' });
    expect(await runCount()).toBe(runsNow);

    await deleteRule(created.id);
    const restored = await recalculate();
    expect(restored.body.counts.changed).toBe(Number(isCount));
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(499);
  });

  it('validates its query', async () => {
    for (const query of ['?dryRun=yes', '?dryRun=1', '?rulesVersion=abc', `?rulesVersion=${'g'.repeat(16)}`]) {
      const res = await recalculate(query);
      expect(res.status, query).toBe(400);
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=x']) {
      const res = await call<ErrorBody>('GET', `/api/pricing-runs${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.field).toBe('limit');
    }
  });

  it('keeps fixed prices, and warns of products below wholesale and of ladder violations', async () => {
    const fixed = await productRow('esim_3GB_15D_IS_V2');
    const cheap = await productRow('esim_1GB_7D_IS_V2');
    await database.db
      .update(products)
      .set({ fixedPriceCents: 1234, priceCents: 1234 })
      .where(eq(products.id, fixed.id));
    // An admin's fixed price under the wholesale price (245).
    await database.db.update(products).set({ fixedPriceCents: 100, priceCents: 100 }).where(eq(products.id, cheap.id));
    // 5GB/30D at 830 x 6 -> 4980 -> 4999: dearer than 10GB/30D (1455 x 1.8 = 2619) and 20GB/30D
    // (2425 x 1.8 = 4365), cheaper than 50GB/30D (8163).
    const bundle = await createRule({
      name: '5GB dear',
      scope: 'bundle',
      scopeValue: 'esim_5GB_30D_IS_V2',
      markupBps: 50_000,
      endingCents: 99,
    });
    const country = await createRule({ name: 'Iceland', markupBps: 8_000 });

    const report = (await recalculate('?dryRun=true')).body;
    expect(report.changes.find((c) => c.productId === fixed.id)).toBeUndefined();
    expect(report.counts.fixedPrice).toBe(2);
    expect(report.belowWholesale).toMatchObject([
      { productId: cheap.id, priceCents: 100, wholesaleCents: 245, fixedPrice: true },
    ]);
    expect(report.counts.belowWholesale).toBe(1);
    expect(
      report.ladderViolations.map((v) => [
        v.smaller.apiBundleName,
        v.smaller.priceCents,
        v.larger.apiBundleName,
        v.larger.priceCents,
      ]),
    ).toEqual([
      ['esim_5GB_30D_IS_V2', 4999, 'esim_10GB_30D_IS_V2', 2619],
      ['esim_5GB_30D_IS_V2', 4999, 'esim_20GB_30D_IS_V2', 4365],
    ]);
    expect(report.counts.ladderViolations).toBe(2);

    const applied = (await recalculate()).body;
    expect(applied.run).toMatchObject({ belowWholesale: 1, ladderViolations: report.counts.ladderViolations });
    expect((await productRow('esim_3GB_15D_IS_V2')).priceCents).toBe(1234);
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(100);

    const explained = (await call<PriceExplanation>('GET', `/api/admin/products/${fixed.id}/price`)).body;
    expect(explained.steps.map((s) => s.kind)).toEqual(['wholesale', 'fixed_price']);
    expect(explained.candidates[0]).toMatchObject({ rule: { id: country.id }, outcome: 'overridden_by_fixed_price' });

    await database.db
      .update(products)
      .set({ fixedPriceCents: null })
      .where(sql`${products.id} in (${fixed.id}, ${cheap.id})`);
    await deleteRule(bundle.id);
    await deleteRule(country.id);
    await recalculate();
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(499);
  });

  it('is what the catalogue calls after a sync', async () => {
    // The service as the catalogue block uses it: same report, actor `sync`.
    let invalidated = 0;
    const service = new PricingService({
      repo: new PricingRepository(database.db),
      invalidateCatalogue: () => invalidated++,
    });
    const report = await service.recalculate({ dryRun: false, actor: 'sync' });
    expect(report.run).toMatchObject({ actor: 'sync' });
    expect(invalidated).toBe(1);
    await service.recalculate({ dryRun: true, actor: 'sync' });
    expect(invalidated).toBe(1);
  });
});

describe('why this price?', () => {
  it('explains every product: the steps end at productPriceCents, and at the stored price after a run', async () => {
    const made = [
      await createRule({
        name: 'Prepaid',
        scope: 'bundle_type',
        scopeValue: 'prepaid',
        markupBps: 9000,
        fixedMarginCents: 25,
        endingCents: 49,
        floorCents: 299,
      }),
      await createRule({
        name: 'Asia',
        scope: 'region',
        scopeValue: 'Asia',
        markupBps: 7000,
        endingCents: null,
        floorCents: 0,
      }),
      await createRule({ name: 'Global', scope: 'country', scopeValue: 'Global', markupBps: 6000, endingCents: 0 }),
      await createRule({
        name: 'One bundle',
        scope: 'bundle',
        scopeValue: 'esim_UL_7D_IS_V2',
        markupBps: 100_000,
        fixedMarginCents: 100_000,
      }),
      await createRule({ name: 'Off', scope: 'country', scopeValue: 'TR', markupBps: 1, active: false }),
    ];
    const rules = (await database.db.select().from(pricingSettings)).map((r) => ({
      ...r,
      scope: r.scope as PricingRule['scope'],
    }));
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThan(3000);
    // Every product through the service's explanation, with its reads served from memory (3,500
    // requests would take a minute on PGlite); every 50th through the route as well.
    const repo = new PricingRepository(database.db);
    const [settingRows, productRows] = await Promise.all([repo.settings(), repo.allProducts()]);
    const byId = new Map(productRows.map((p) => [p.id, p]));
    const memory = Object.assign(Object.create(repo) as PricingRepository, {
      settings: async () => settingRows,
      productById: async (id: number) => byId.get(id),
    });
    const service = new PricingService({ repo: memory, invalidateCatalogue: () => {} });
    for (const [i, row] of rows.entries()) {
      const body =
        i % 50 === 0
          ? (await call<PriceExplanation>('GET', `/api/admin/products/${row.id}/price`)).body
          : await service.explain(String(row.id));
      const expected = productPriceCents(
        {
          ...pricedItem({
            apiBundleName: row.apiBundleName,
            countryCode: row.countryCode,
            bundleType: row.bundleType as 'prepaid' | 'unlimited',
          }),
          wholesaleCents: row.wholesaleCents,
          fixedPriceCents: row.fixedPriceCents,
        },
        rules,
      );
      expect(body.steps.at(-1)?.afterCents, row.apiBundleName).toBe(expected);
      expect(body.computedPriceCents).toBe(expected);
      expect(body.pending).toBe(expected !== row.priceCents);
      expect(body.steps[0]).toMatchObject({ kind: 'wholesale', afterCents: row.wholesaleCents });
      for (let j = 1; j < body.steps.length; j++)
        expect(body.steps[j]!.beforeCents).toBe(body.steps[j - 1]!.afterCents);
      if (body.winner) expect(body.candidates[0]).toMatchObject({ rule: { id: body.winner.id }, outcome: 'winner' });
      else expect(body.steps.map((s) => s.kind)).toEqual(['wholesale', 'no_rule']);
    }
    await recalculate();
    const after = await database.db.select({ id: products.id, priceCents: products.priceCents }).from(products);
    for (const row of after.filter((_, i) => i % 97 === 0)) {
      const body = (await call<PriceExplanation>('GET', `/api/admin/products/${row.id}/price`)).body;
      expect(body).toMatchObject({ computedPriceCents: row.priceCents, pending: false });
    }

    // One product in detail, by bundle name: who won, who lost and why.
    const ul = (await call<PriceExplanation>('GET', '/api/admin/products/esim_UL_7D_IS_V2/price')).body;
    expect(ul.product).toMatchObject({
      apiBundleName: 'esim_UL_7D_IS_V2',
      countryCode: 'IS',
      bundleType: 'unlimited',
      onSale: true,
    });
    expect(ul.region).toBe('Europe+');
    expect(ul.winner?.name).toBe('One bundle');
    expect(ul.candidates.map((c) => [c.rule.name, c.outcome])).toEqual([
      ['One bundle', 'winner'],
      ['Default markup', 'less_specific'],
    ]);
    expect(ul.steps.map((s) => s.kind)).toEqual(['wholesale', 'markup', 'fixed_margin', 'floor']);
    const tr = (await call<PriceExplanation>('GET', '/api/admin/products/esim_1GB_7D_TR_V2/price')).body;
    expect(tr.candidates.map((c) => [c.rule.name, c.outcome])).toEqual([
      ['Prepaid', 'winner'],
      ['Default markup', 'less_specific'],
      ['Off', 'inactive'],
    ]);

    for (const id of ['999999', 'esim_nothing_V2', '99999999999']) {
      const res = await call<ErrorBody>('GET', `/api/admin/products/${id}/price`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.field).toBe('id');
    }
    for (const id of ['a%20b', '-x', 'x%00', 'a%2Fb']) {
      expect((await call('GET', `/api/admin/products/${id}/price`)).status, id).toBe(400);
    }
    for (const r of made) await deleteRule(r.id);
    await recalculate();
  });

  it('finds products by name, bundle name or destination code', async () => {
    // The destination IS first (its 16 plans), then names containing "is" (Tunisia...).
    const byCode = await call<{ products: { countryCode: string; apiBundleName: string }[] }>(
      'GET',
      '/api/admin/products?q=is',
    );
    expect(byCode.status).toBe(200);
    expect(byCode.body.products).toHaveLength(20);
    expect(byCode.body.products.slice(0, 16).every((p) => p.countryCode === 'IS')).toBe(true);
    expect(byCode.body.products[0]?.apiBundleName).toBe('esim_1GB_7D_IS_V2');
    const byName = await call<{ products: { apiBundleName: string }[] }>('GET', '/api/admin/products?q=Iceland%201GB');
    expect(byName.body.products.map((p) => p.apiBundleName)).toEqual(['esim_1GB_7D_IS_V2']);
    const byBundle = await call<{ products: { apiBundleName: string }[] }>(
      'GET',
      '/api/admin/products?q=esim_1GB_7D_IS_V2',
    );
    expect(byBundle.body.products[0]?.apiBundleName).toBe('esim_1GB_7D_IS_V2');
    const limited = await call<{ products: unknown[] }>('GET', '/api/admin/products?q=esim&limit=5');
    expect(limited.body.products).toHaveLength(5);
    expect((await call<{ products: unknown[] }>('GET', '/api/admin/products?q=esim')).body.products).toHaveLength(20);
    // LIKE wildcards are literal.
    expect((await call<{ products: unknown[] }>('GET', '/api/admin/products?q=%25')).body.products).toHaveLength(0);
    expect(
      (await call<{ products: unknown[] }>('GET', '/api/admin/products?q=_')).body.products.length,
    ).toBeGreaterThan(0);
    for (const [query, field] of [
      ['', 'q'],
      ['?q=', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?q=a&limit=51', 'limit'],
      ['?q=a&limit=0', 'limit'],
    ] as const) {
      const res = await call<ErrorBody>('GET', `/api/admin/products${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.field, query).toBe(field);
    }
  });
});

describe('hostile input as an admin', () => {
  it('never answers 5xx, and every refusal is the API error body', async () => {
    const keys = [
      'name',
      'scope',
      'scopeValue',
      'markupBps',
      'fixedMarginCents',
      'endingCents',
      'floorCents',
      'priority',
      'active',
      '__proto__',
      'x',
    ];
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'IS',
        'is',
        'Europe+',
        'prepaid',
        'esim_1GB_7D_IS_V2',
        'all',
        'country',
        'bundle',
        'region',
        'bundle_type',
        '\u0000',
        '\ud800',
        '%',
        '_',
      ),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    const body = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 9 });
    const samples = fc.sample(fc.tuple(body, fc.constantFrom('POST', 'PATCH'), fc.string({ maxLength: 30 })), {
      seed: 20_261_124,
      numRuns: 60,
    });
    const made: number[] = [];
    for (const [payload, method, text] of samples) {
      const url = method === 'POST' ? '/api/pricing-settings' : '/api/pricing-settings/1';
      const res = await call<ErrorBody & { setting?: PricingSetting }>(method, url, payload);
      expect(res.status, JSON.stringify(payload)).toBeLessThan(500);
      if (res.status >= 400) expect(res.body.error.code).toMatch(/^[a-z_]+$/);
      else if (method === 'POST') made.push(res.body.setting!.id);
      const q = encodeURIComponent(text);
      for (const probe of [
        `/api/admin/products?q=${q}`,
        `/api/admin/products/${q || 'x'}/price`,
        `/api/pricing-runs?limit=${q}`,
      ]) {
        const answer = await call<ErrorBody>('GET', probe);
        expect(answer.status, probe).toBeLessThan(500);
      }
    }
    for (const id of made) await deleteRule(id);
    // Whatever PATCH did to the default rule, put it back.
    await call('PATCH', '/api/pricing-settings/1', {
      name: 'Default markup',
      scope: 'all',
      markupBps: 8000,
      fixedMarginCents: 50,
      endingCents: 99,
      floorCents: 199,
      priority: 0,
      active: true,
    });
    expect((await recalculate('?dryRun=true')).body.counts.changed).toBe(0);
  });
});

describe('two admins at once', () => {
  it('one duplicate rule wins, the other gets 409; concurrent runs take turns and agree', async () => {
    const other = await signIn(app, services, database, { admin: true, twoFactor: true });
    const results = await Promise.all([
      call('POST', '/api/pricing-settings', rule({ name: 'A', priority: 9 })),
      call('POST', '/api/pricing-settings', rule({ name: 'B', priority: 9 }), other),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const made = await database.db
      .select()
      .from(pricingSettings)
      .where(and(eq(pricingSettings.scope, 'country'), eq(pricingSettings.priority, 9)));
    expect(made).toHaveLength(1);

    const runsBefore = await runCount();
    const [first, second] = await Promise.all([
      recalculate(),
      call<RecalculationReport>('POST', '/api/pricing-settings/recalculate', undefined, other),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const changed = [first.body.counts.changed, second.body.counts.changed].sort((a, b) => a - b);
    expect(changed[0]).toBe(0);
    expect(changed[1]).toBeGreaterThan(0);
    expect(await runCount()).toBe(runsBefore + 2);
    // 245 x 4 = 980 (the test rule has no ending).
    expect((await productRow('esim_1GB_7D_IS_V2')).priceCents).toBe(980);

    await deleteRule(made[0]!.id);
    await recalculate();
  });
});
