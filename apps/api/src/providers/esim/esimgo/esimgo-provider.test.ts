import { luhnCheckDigit } from '@esim/contract/payment-card';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/helper.ts';
import { type EsimGoFake, type EsimGoFakeOptions, startEsimGoFake } from '../../../../test/fakes/esimgo-fake.ts';
import type { Database } from '../../../db/client.ts';
import { EsimProviderError } from '../esim-provider.ts';
import { storeBytesOf } from './esimgo-mapping.ts';

/** eSIM Go bytes of a 1GB bundle in the store's units (`bytesFactorOf(1e9)`). */
const GB_FACTOR = 2 ** 30 / 1e9;
import { heldIccids } from '../../../modules/orders/orders.module.ts';
import { EsimGoProvider, type EsimGoOptions } from './esimgo-provider.ts';
import { ProviderRequestsRepository } from './provider-requests.repository.ts';

/**
 * Contract tests of the eSIM Go adapter against the local fake: every error path, and a
 * time-out during an order buys no second eSIM.
 */

const KEY = 'esimgo-contract-key-0123';
let database: Database;
const fakes: EsimGoFake[] = [];
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function fake(options: Partial<EsimGoFakeOptions> = {}): Promise<EsimGoFake> {
  const f = await startEsimGoFake({ apiKey: KEY, ...options });
  fakes.push(f);
  return f;
}

function provider(f: EsimGoFake, options: Partial<EsimGoOptions> = {}): EsimGoProvider {
  return new EsimGoProvider({
    baseUrl: f.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    ratePerSecond: 10,
    database,
    storeIccids: heldIccids(database.db),
    backoffBaseMs: 10,
    ...options,
  });
}

const ref = (name: string) => `test-${name}-${++seq}`;

function luhnValid(iccid: string): boolean {
  return luhnCheckDigit(iccid.slice(0, -1)) === iccid.slice(-1);
}

async function rejection(promise: Promise<unknown>): Promise<EsimProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EsimProviderError);
  return error as EsimProviderError;
}

describe('catalogue', () => {
  it('reads every page of the envelope and maps bundles to the port (type, tier, MB, cents, regions)', async () => {
    const f = await fake();
    const bundles = await provider(f, { cataloguePageSize: 4 }).listCatalogue();
    expect(bundles).toHaveLength(17);
    expect(f.calls().filter((c) => c.path === '/catalogue')).toHaveLength(5);
    const tr = bundles.find((b) => b.name === 'esim_1GB_7D_TR_V2')!;
    // eSIM Go's `dataAmount: 1000` (decimal) is 1 GB = 1024 MB in the store.
    expect(tr).toMatchObject({
      countryCode: 'TR',
      type: 'local',
      dataMb: 1024,
      unlimited: false,
      tier: null,
      durationDays: 7,
      priceCents: 149,
    });
    expect(tr.countries).toEqual([{ iso: 'TR', name: 'Turkey', region: 'Europe+', networks: [] }]);
    expect(bundles.find((b) => b.name === 'esim_UL_7D_TR_V2')).toMatchObject({
      unlimited: true,
      dataMb: null,
      tier: 'unlimited',
      priceCents: 1450,
    });
    expect(bundles.find((b) => b.name === 'esim_ULP_7D_TR_V2')).toMatchObject({
      unlimited: true,
      tier: 'unlimited_plus',
      priceCents: 2105,
    });
    expect(bundles.find((b) => b.name === 'esim_5GB_30D_EU_V2')).toMatchObject({
      countryCode: 'Europe+',
      type: 'regional',
      dataMb: 5 * 1024,
      priceCents: 675,
    });
    expect(bundles.find((b) => b.name === 'esim_3GB_30D_GLOBAL_V2')).toMatchObject({
      countryCode: 'Global',
      type: 'global',
      priceCents: 1950,
    });
    expect(bundles.find((b) => b.name === 'esim_1GB_7D_GB_V2')!.priceCents).toBe(123);
  });

  it('reads the bare array too, paging until a short page', async () => {
    const f = await fake({ catalogueShape: 'array' });
    const bundles = await provider(f, { cataloguePageSize: 5 }).listCatalogue();
    expect(bundles.map((b) => b.name).sort()).toEqual(
      (await provider(await fake(), {}).listCatalogue()).map((b) => b.name).sort(),
    );
    expect(f.calls().filter((c) => c.path === '/catalogue')).toHaveLength(4);
  });

  it('serves v2.5 the same way', async () => {
    const f = await fake();
    const bundles = await provider(f, { baseUrl: `${f.origin}/v2.5` }).listCatalogue();
    expect(bundles).toHaveLength(17);
  });
});

describe('orders', () => {
  it('buys new eSIMs once: Luhn-valid ICCIDs, SM-DP+ without scheme; a repeat replays', async () => {
    const f = await fake();
    const p = provider(f);
    const reference = ref('order');
    const first = await p.createOrder({ reference, bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    expect(first.esims).toHaveLength(2);
    for (const e of first.esims) {
      expect(e.iccid).toMatch(/^\d{19}$/);
      expect(luhnValid(e.iccid)).toBe(true);
      expect(e.smdpAddress).toBe('rsp.esimgo-fake.test');
      expect(e.matchingId).toMatch(/^JQ-/);
    }
    expect(first.reference).toBe(f.orders()[0]!.orderReference);
    const again = await p.createOrder({ reference, bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    expect(again).toEqual(first);
    expect(f.orders()).toHaveLength(1);
    expect(f.orders()[0]!.lines[0]).toMatchObject({
      item: 'esim_1GB_7D_TR_V2',
      quantity: 2,
      subTotal: 2.98,
      AllowReassign: false,
    });
  });

  it('splits more than 5 eSIMs into calls of at most 5', async () => {
    const f = await fake();
    const result = await provider(f).createOrder({ reference: ref('split'), bundle: 'esim_1GB_7D_GB_V2', quantity: 7 });
    expect(result.esims).toHaveLength(7);
    expect(new Set(result.esims.map((e) => e.iccid)).size).toBe(7);
    expect(f.orders().map((o) => o.lines[0]!.quantity)).toEqual([5, 2]);
    expect(result.reference.split(',')).toHaveLength(2);
  });

  it('a time-out after the provider created the order buys no second eSIM: it reconciles with GET /orders', async () => {
    const f = await fake();
    const p = provider(f, { timeoutMs: 300 });
    f.failNext({ status: 'timeout', afterCommit: true, method: 'POST', path: '/orders' });
    const reference = ref('timeout');
    const result = await p.createOrder({ reference, bundle: 'esim_3GB_15D_TR_V2', quantity: 1 });
    expect(f.orders()).toHaveLength(1);
    expect(result.esims[0]!.iccid).toBe(f.orders()[0]!.lines[0]!.iccids[0]);
    expect(f.calls().some((c) => c.method === 'GET' && c.path === '/orders')).toBe(true);
    // The retry the job queue would make returns the same eSIMs and buys nothing.
    expect(await p.createOrder({ reference, bundle: 'esim_3GB_15D_TR_V2', quantity: 1 })).toEqual(result);
    expect(f.orders()).toHaveLength(1);
    expect(await new ProviderRequestsRepository(database.db).find(reference)).toMatchObject({
      state: 'done',
      attempts: 1,
      providerReference: result.reference,
    });
  });

  it('a 500 after commit, with the look-up failing too, is found by the next call (still one order)', async () => {
    const f = await fake({ ordersShape: 'envelope' });
    const p = provider(f, { maxRetries: 1 });
    f.failNext({ status: 500, afterCommit: true, method: 'POST', path: '/orders' });
    f.failNext({ status: 503, count: 2, method: 'GET', path: '/orders' });
    const reference = ref('500');
    const error = await rejection(p.createOrder({ reference, bundle: 'esim_5GB_30D_TR_V2', quantity: 1 }));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/outcome unknown/);
    expect(f.orders()).toHaveLength(1);
    const result = await p.createOrder({ reference, bundle: 'esim_5GB_30D_TR_V2', quantity: 1 });
    expect(result.reference).toBe(f.orders()[0]!.orderReference);
    expect(f.orders()).toHaveLength(1);
  });

  it('an unknown outcome with no order found waits before ordering again, then orders once', async () => {
    const f = await fake();
    f.failNext({ status: 'timeout', method: 'POST', path: '/orders' });
    const reference = ref('lost');
    const bundle = 'esim_1GB_7D_JP_V2';
    const error = await rejection(provider(f, { timeoutMs: 300 }).createOrder({ reference, bundle, quantity: 1 }));
    expect(error.retryable).toBe(true);
    expect(f.orders()).toHaveLength(0);
    // Within the wait: no new order, still retryable.
    const waiting = await rejection(
      provider(f, { unknownOutcomeWaitMs: 60_000 }).createOrder({ reference, bundle, quantity: 1 }),
    );
    expect(waiting.retryable).toBe(true);
    expect(waiting.message).toMatch(/not known yet/);
    expect(f.orders()).toHaveLength(0);
    // After it: a new attempt.
    const result = await provider(f, { unknownOutcomeWaitMs: 0 }).createOrder({ reference, bundle, quantity: 1 });
    expect(result.esims).toHaveLength(1);
    expect(f.orders()).toHaveLength(1);
    expect(await new ProviderRequestsRepository(database.db).find(reference)).toMatchObject({
      state: 'done',
      attempts: 2,
    });
  });

  it('does not take an order another reference already claimed', async () => {
    const f = await fake();
    const p = provider(f, { timeoutMs: 300 });
    const bundle = 'esim_3GB_30D_DE_V2';
    const a = await p.createOrder({ reference: ref('claimed-a'), bundle, quantity: 1 });
    f.failNext({ status: 'timeout', method: 'POST', path: '/orders' });
    const error = await rejection(p.createOrder({ reference: ref('claimed-b'), bundle, quantity: 1 }));
    expect(error.retryable).toBe(true);
    expect(f.orders()).toHaveLength(1);
    expect(f.orders()[0]!.orderReference).toBe(a.reference);
  });

  it("a lost new-eSIM order never takes another customer's unclaimed top-up of the same bundle (it would hand over that eSIM)", async () => {
    const f = await fake();
    const bundle = 'esim_1GB_7D_GB_V2';
    const z = (await provider(f).createOrder({ reference: ref('topped'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 }))
      .esims[0]!.iccid;
    // A top-up of `bundle` onto eSIM Z is made at eSIM Go, but its answer and its look-up are lost:
    // its order (one line, quantity 1, `iccids: [Z]`) stays unclaimed.
    const topup = ref('topup-unclaimed');
    f.failNext({ status: 'timeout', afterCommit: true, method: 'POST', path: '/orders' });
    f.failNext({ status: 503, count: 1, method: 'GET', path: '/orders' });
    expect(
      (
        await rejection(
          provider(f, { timeoutMs: 300, maxRetries: 0 }).applyBundle({ reference: topup, iccid: z, bundle }),
        )
      ).retryable,
    ).toBe(true);
    expect(f.orders()).toHaveLength(2);
    const topupOrder = f.orders()[1]!;
    expect(topupOrder.lines[0]).toMatchObject({ item: bundle, quantity: 1, iccids: [z] });
    expect(await new ProviderRequestsRepository(database.db).find(topup)).toMatchObject({
      state: 'pending',
      providerReference: null,
    });
    // A new eSIM of the same bundle: its attempt is lost before eSIM Go made anything. Reconciliation
    // sees the top-up order (same bundle and quantity) and must leave it alone.
    const line = ref('line');
    f.failNext({ status: 'timeout', method: 'POST', path: '/orders' });
    const lost = await rejection(provider(f, { timeoutMs: 300 }).createOrder({ reference: line, bundle, quantity: 1 }));
    expect(lost.retryable).toBe(true);
    expect(f.orders()).toHaveLength(2);
    expect(await new ProviderRequestsRepository(database.db).find(line)).toMatchObject({
      state: 'pending',
      providerReference: null,
    });
    // Within the wait it keeps waiting; after it, it buys its own eSIM.
    const waiting = await rejection(
      provider(f, { unknownOutcomeWaitMs: 60_000 }).createOrder({ reference: line, bundle, quantity: 1 }),
    );
    expect(waiting.message).toMatch(/not known yet/);
    const bought = await provider(f, { unknownOutcomeWaitMs: 0 }).createOrder({ reference: line, bundle, quantity: 1 });
    expect(f.orders()).toHaveLength(3);
    expect(bought.reference).toBe(f.orders()[2]!.orderReference);
    expect(bought.esims.map((e) => e.iccid)).not.toContain(z);
    // The top-up's retry still finds its own order.
    const applied = await provider(f).applyBundle({ reference: topup, iccid: z, bundle });
    expect(applied.reference).toBe(topupOrder.orderReference);
    expect(f.orders()).toHaveLength(3);
  });

  it('a purchase whose order another took by reconciliation, its answer on the way, buys its own later: never twice, never stuck', async () => {
    const f = await fake();
    const bundle = 'esim_1GB_7D_TR_V2';
    const a = ref('twin-a');
    const b = ref('twin-b');
    // A's attempt is lost before eSIM Go made anything: its outcome is unknown.
    f.failNext({ status: 'timeout', method: 'POST', path: '/orders' });
    await rejection(provider(f, { timeoutMs: 300 }).createOrder({ reference: a, bundle, quantity: 1 }));
    expect(f.orders()).toHaveLength(0);
    // B's order is made at eSIM Go but its answer is held back; meanwhile A's retry reconciles and
    // takes that order (alike purchases cannot be told apart).
    f.setLatency({ ordersMs: 600 });
    const bFirst = provider(f)
      .createOrder({ reference: b, bundle, quantity: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    for (let i = 0; i < 100 && f.orders().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const aResult = await provider(f, { unknownOutcomeWaitMs: 60_000 }).createOrder({
      reference: a,
      bundle,
      quantity: 1,
    });
    expect(aResult.reference).toBe(f.orders()[0]!.orderReference);
    // B's answer then names an order A holds: B looks for a twin, finds none, and retries later.
    const bError = await bFirst;
    expect(bError).toBeInstanceOf(EsimProviderError);
    expect((bError as EsimProviderError).retryable).toBe(true);
    expect(f.orders()).toHaveLength(1);
    f.setLatency({ ordersMs: 0 });
    const bResult = await provider(f, { unknownOutcomeWaitMs: 0 }).createOrder({ reference: b, bundle, quantity: 1 });
    expect(bResult.reference).not.toBe(aResult.reference);
    expect(f.orders()).toHaveLength(2);
    expect(await new ProviderRequestsRepository(database.db).find(b)).toMatchObject({
      state: 'done',
      providerReference: bResult.reference,
    });
  });

  it('two workers with one reference at once buy once', async () => {
    const f = await fake();
    f.setLatency({ ordersMs: 300 });
    const reference = ref('race');
    const request = { reference, bundle: 'esim_1GB_7D_TR_V2', quantity: 1 };
    const results = await Promise.allSettled([provider(f).createOrder(request), provider(f).createOrder(request)]);
    // The second either sees the attempt under way (retryable) or finds its order by reconciliation.
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as EsimProviderError).retryable).toBe(true);
      else expect(r.value.reference).toBe(f.orders()[0]!.orderReference);
    }
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(f.orders()).toHaveLength(1);
    const later = await provider(f).createOrder(request);
    expect(later.reference).toBe(f.orders()[0]!.orderReference);
  });

  it('429 with Retry-After on an order is retried (the request did not run) and honours the header', async () => {
    const f = await fake();
    const waits: number[] = [];
    const p = provider(f, { sleep: async (ms) => void waits.push(ms) });
    f.failNext({ status: 429, count: 2, method: 'POST', path: '/orders', retryAfterS: 2 });
    const result = await p.createOrder({ reference: ref('429'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    expect(result.esims).toHaveLength(1);
    expect(waits.filter((w) => w === 2_000)).toHaveLength(2);
    expect(f.orders()).toHaveLength(1);
  });

  it('gives up on 429 past the wait budget with a retryable error, status kept, nothing bought', async () => {
    const f = await fake();
    const p = provider(f, { sleep: async () => {}, maxRetryWaitMs: 3_000 });
    f.failNext({ status: 429, count: 5, method: 'POST', path: '/orders', retryAfterS: 2 });
    const reference = ref('429-out');
    const error = await rejection(p.createOrder({ reference, bundle: 'esim_1GB_7D_TR_V2', quantity: 1 }));
    expect(error).toMatchObject({ retryable: true, status: 429, message: 'Rate limit exceeded' });
    expect(f.calls().filter((c) => c.method === 'POST' && c.status === 429)).toHaveLength(2);
    expect(await new ProviderRequestsRepository(database.db).find(reference)).toMatchObject({ state: 'failed' });
    expect(f.orders()).toHaveLength(0);
  });

  it('maps {message} refusals: unknown bundle 400, bad key 401, insufficient balance 400 — not retryable, nothing bought', async () => {
    const f = await fake();
    const p = provider(f);
    const unknown = await rejection(
      p.createOrder({ reference: ref('unknown'), bundle: 'esim_1GB_7D_XX_V2', quantity: 1 }),
    );
    expect(unknown).toMatchObject({ retryable: false, status: 400, message: 'Bundle esim_1GB_7D_XX_V2 not found' });
    const badKey = await rejection(
      provider(f, { apiKey: 'wrong-key-0000' }).createOrder({
        reference: ref('key'),
        bundle: 'esim_1GB_7D_TR_V2',
        quantity: 1,
      }),
    );
    expect(badKey).toMatchObject({ retryable: false, status: 401, message: 'api token is invalid' });
    f.setBalance(1);
    const reference = ref('balance');
    const poor = await rejection(p.createOrder({ reference, bundle: 'esim_10GB_30D_TR_V2', quantity: 1 }));
    expect(poor).toMatchObject({ retryable: false, status: 400 });
    expect(poor.message).toMatch(/Insufficient balance/);
    expect(f.orders()).toHaveLength(0);
    // A refusal bought nothing: once the balance is topped up the same reference orders.
    f.setBalance(100);
    expect((await p.createOrder({ reference, bundle: 'esim_10GB_30D_TR_V2', quantity: 1 })).esims).toHaveLength(1);
    expect(f.balance()).toBe(90.01);
  });

  it('refuses a reference reused for another purchase (409) and bad input without a call', async () => {
    const f = await fake();
    const p = provider(f);
    const reference = ref('reuse');
    await p.createOrder({ reference, bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    expect(await rejection(p.createOrder({ reference, bundle: 'esim_1GB_7D_GB_V2', quantity: 1 }))).toMatchObject({
      status: 409,
      retryable: false,
    });
    expect(
      await rejection(p.createOrder({ reference: ref('q'), bundle: 'esim_1GB_7D_TR_V2', quantity: 0 })),
    ).toMatchObject({ status: 400 });
    expect(await rejection(p.createOrder({ reference: ref('b'), bundle: '../orders', quantity: 1 }))).toMatchObject({
      status: 400,
    });
    expect(f.orders()).toHaveLength(1);
  });
});

describe('eSIMs, usage, top-ups and revocation', () => {
  it('reads profile state and bundles with usage in bytes', async () => {
    const f = await fake();
    const p = provider(f);
    const { esims } = await p.createOrder({ reference: ref('usage'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    const iccid = esims[0]!.iccid;
    expect(await p.getEsim(iccid)).toEqual({ iccid, profileState: 'released', firstUsedAt: null });
    // The fake counts like eSIM Go (10^9 bytes a GB); the adapter reports the store's units (2^30).
    expect(await p.listBundles(iccid)).toMatchObject([
      { bundle: 'esim_1GB_7D_TR_V2', state: 'queued', initialBytes: 2 ** 30, remainingBytes: 2 ** 30, usedBytes: 0 },
    ]);
    await f.useData(iccid, 250_000_000);
    expect((await p.getEsim(iccid)).profileState).toBe('enabled');
    expect(await p.listBundles(iccid)).toMatchObject([
      {
        state: 'active',
        remainingBytes: storeBytesOf(750_000_000, GB_FACTOR),
        usedBytes: 2 ** 30 - storeBytesOf(750_000_000, GB_FACTOR),
      },
    ]);
  });

  it('unknown ICCIDs are 404, not retryable; 503 on reads is retried', async () => {
    const f = await fake();
    const p = provider(f);
    expect(await rejection(p.getEsim('8944000000000000000'))).toMatchObject({ status: 404, retryable: false });
    expect(await rejection(p.listBundles('not-an-iccid'))).toMatchObject({ status: 404, retryable: false });
    f.failNext({ status: 503, count: 2, path: '/catalogue' });
    expect(await p.listCatalogue()).toHaveLength(17);
    f.failNext({ status: 500, count: 10, path: '/catalogue' });
    expect(await rejection(provider(f, { maxRetries: 2 }).listCatalogue())).toMatchObject({
      status: 500,
      retryable: true,
    });
    f.failNext({ status: 'timeout', path: '/esims' });
    expect(
      await rejection(provider(f, { timeoutMs: 200, maxRetries: 0 }).getEsim('8944000000000000000')),
    ).toMatchObject({ retryable: true, status: undefined });
  });

  it('tops up once after the compatibility check, finds the assignment, replays; refuses incompatible and unknown', async () => {
    const f = await fake({ incompatibleBundles: ['esim_1GB_7D_JP_V2'] });
    const p = provider(f, { timeoutMs: 300 });
    const { esims } = await p.createOrder({ reference: ref('main'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    const iccid = esims[0]!.iccid;
    const reference = ref('topup');
    f.failNext({ status: 'timeout', afterCommit: true, method: 'POST', path: '/orders' });
    const applied = await p.applyBundle({ reference, iccid, bundle: 'esim_3GB_15D_TR_V2' });
    expect(f.orders()).toHaveLength(2);
    expect(f.orders()[1]!.lines[0]).toMatchObject({ iccids: [iccid], AllowReassign: false });
    const assignment = f.esim(iccid)!.assignments[1]!;
    expect(applied).toEqual({ reference: f.orders()[1]!.orderReference, assignmentId: assignment.id });
    expect(await p.applyBundle({ reference, iccid, bundle: 'esim_3GB_15D_TR_V2' })).toEqual(applied);
    expect(f.orders()).toHaveLength(2);
    expect(f.calls().filter((c) => c.path.includes('/compatible/'))).toHaveLength(1);

    expect(
      await rejection(p.applyBundle({ reference: ref('incompatible'), iccid, bundle: 'esim_1GB_7D_JP_V2' })),
    ).toMatchObject({ status: 400, retryable: false });
    expect(
      await rejection(
        p.applyBundle({ reference: ref('no-esim'), iccid: '8944000000000000000', bundle: 'esim_1GB_7D_TR_V2' }),
      ),
    ).toMatchObject({ status: 404, retryable: false });
    expect(f.orders()).toHaveLength(2);
    expect(f.esim(iccid)!.assignments).toHaveLength(2);
  });

  it('revokes an unused assignment (idempotent), refuses a started one (409) and an unknown one (404)', async () => {
    const f = await fake();
    const p = provider(f);
    const { esims } = await p.createOrder({ reference: ref('rv'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    const iccid = esims[0]!.iccid;
    const top = await p.applyBundle({ reference: ref('rv-top'), iccid, bundle: 'esim_5GB_30D_TR_V2' });
    expect(await p.revokeBundle({ iccid, bundle: 'esim_5GB_30D_TR_V2', assignmentId: top.assignmentId })).toEqual({
      assignmentId: top.assignmentId,
      state: 'revoked',
    });
    expect(await p.revokeBundle({ iccid, bundle: 'esim_5GB_30D_TR_V2', assignmentId: top.assignmentId })).toEqual({
      assignmentId: top.assignmentId,
      state: 'revoked',
    });
    expect((await p.listBundles(iccid)).find((a) => a.id === top.assignmentId)!.state).toBe('revoked');
    await f.useData(iccid, 1_000);
    const main = (await p.listBundles(iccid))[0]!;
    expect(await rejection(p.revokeBundle({ iccid, bundle: main.bundle, assignmentId: main.id }))).toMatchObject({
      status: 409,
      retryable: false,
    });
    expect(await rejection(p.revokeBundle({ iccid, bundle: main.bundle, assignmentId: '1' }))).toMatchObject({
      status: 404,
      retryable: false,
    });
  });
});

describe('rate limit', () => {
  it('keeps to 10 requests/s: 25 reads at once all succeed against the fake real limit', async () => {
    const f = await fake();
    const p = provider(f);
    const { esims } = await p.createOrder({ reference: ref('rate'), bundle: 'esim_1GB_7D_TR_V2', quantity: 1 });
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 25 }, () => p.getEsim(esims[0]!.iccid)));
    expect(results).toHaveLength(25);
    // 10 at once, then one per 100 ms.
    expect(performance.now() - started).toBeGreaterThan(1_200);
  });
});
