import { createHash } from 'node:crypto';
import { isLuhnValid } from '@esim/contract/payment-card';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { sandboxEsimBundles, sandboxEsims } from './esim-provider.schema.ts';
import { EsimProviderError } from './esim-provider.ts';
import { SandboxEsimProvider } from './sandbox.ts';

describe('SandboxEsimProvider.createOrder', () => {
  const provider = new SandboxEsimProvider();

  it('returns Luhn-valid 19-digit ICCIDs with an SM-DP+ address and matching id', async () => {
    const order = await provider.createOrder({ reference: 'line-1', bundle: 'esim_1GB_7D_TR_V2', quantity: 3 });
    expect(order.esims).toHaveLength(3);
    for (const esim of order.esims) {
      expect(esim.iccid).toMatch(/^8944\d{15}$/);
      expect(isLuhnValid(esim.iccid)).toBe(true);
      expect(esim.matchingId).toMatch(/^[0-9A-F]{32}$/);
      expect(esim.smdpAddress).toContain('.');
    }
    expect(new Set(order.esims.map((e) => e.iccid)).size).toBe(3);
  });

  it('is idempotent by reference', async () => {
    const a = await provider.createOrder({ reference: 'line-2', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    const b = await provider.createOrder({ reference: 'line-2', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    const c = await provider.createOrder({ reference: 'line-3', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    expect(b).toEqual(a);
    expect(c.esims[0]?.iccid).not.toBe(a.esims[0]?.iccid);
  });

  it('refuses an unknown bundle without retry', async () => {
    const error = await provider
      .createOrder({ reference: 'x', bundle: 'esim_nope', quantity: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EsimProviderError);
    expect((error as EsimProviderError).retryable).toBe(false);
  });

  it('fails on demand', async () => {
    const failing = new SandboxEsimProvider({ failOrder: () => new EsimProviderError('Too many requests', true, 429) });
    await expect(failing.createOrder({ reference: 'y', bundle: 'esim_1GB_7D_TR_V2', quantity: 1 })).rejects.toThrow(
      'Too many requests',
    );
  });
});

/** A real clock the tests move by hand; each eSIM's simulated clock runs at its offset from it. */
function manualClock(start = Date.parse('2025-03-01T00:00:00.000Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const DAY = 86_400_000;
const MB = 1_048_576;
const MAIN = 'esim_1GB_7D_TR_V2';
const TOPUP = 'esim_3GB_15D_TR_V2';
const assignmentIdOf = (reference: string) =>
  `SBA-${createHash('sha256').update(reference).digest('hex').slice(0, 12).toUpperCase()}`;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.each(['memory', 'database'] as const)('SandboxEsimProvider with the %s store', (store) => {
  let clock: ReturnType<typeof manualClock>;
  let provider: SandboxEsimProvider;
  let seq = 0;
  const ref = (label: string) => `${store}-${label}-${++seq}`;

  beforeEach(() => {
    clock = manualClock();
    provider = new SandboxEsimProvider({ now: clock.now, ...(store === 'database' ? { db: database.db } : {}) });
  });

  async function oneEsim(): Promise<{ iccid: string; reference: string }> {
    const reference = ref('line');
    const order = await provider.createOrder({ reference, bundle: MAIN, quantity: 1 });
    return { iccid: order.esims[0]!.iccid, reference };
  }

  it('records each eSIM released, with its first bundle queued until first use', async () => {
    const reference = ref('line');
    const order = await provider.createOrder({ reference, bundle: MAIN, quantity: 2 });
    for (const [unit, esim] of order.esims.entries()) {
      expect(await provider.getEsim(esim.iccid)).toEqual({
        iccid: esim.iccid,
        profileState: 'released',
        firstUsedAt: null,
      });
      expect(await provider.listBundles(esim.iccid)).toEqual([
        {
          id: assignmentIdOf(`${reference}#${unit}`),
          bundle: MAIN,
          state: 'queued',
          unlimited: false,
          initialBytes: 1024 * MB,
          remainingBytes: 1024 * MB,
          usedBytes: 0,
          assignedAt: clock.now(),
          startedAt: null,
          endsAt: null,
        },
      ]);
    }
  });

  it('keeps returning the same deterministic eSIMs and order reference', async () => {
    const a = await provider.createOrder({ reference: 'line-det', bundle: MAIN, quantity: 2 });
    const b = await new SandboxEsimProvider().createOrder({ reference: 'line-det', bundle: MAIN, quantity: 2 });
    expect(b).toEqual(a);
    expect(a.reference).toBe(`SBX-${createHash('sha256').update('line-det').digest('hex').slice(0, 12).toUpperCase()}`);
  });

  it('runs the phone through first use, data use, time and expiry', async () => {
    const { iccid } = await oneEsim();
    await expect(provider.simulate(iccid, { action: 'use-data', mb: 10 })).rejects.toMatchObject({
      status: 409,
      code: 'no_active_bundle',
    });
    expect((await provider.simulate(iccid, { action: 'install' })).profileState).toBe('installed');
    const used = await provider.simulate(iccid, { action: 'first-use' });
    expect(used).toMatchObject({ profileState: 'enabled', firstUsedAt: clock.now(), clockOffsetMs: 0 });
    expect(await provider.getEsim(iccid)).toMatchObject({ profileState: 'enabled', firstUsedAt: clock.now() });

    clock.advance(DAY);
    await provider.simulate(iccid, { action: 'use-data', mb: 500 });
    const [afterUse] = await provider.listBundles(iccid);
    expect(afterUse).toMatchObject({ state: 'active', usedBytes: 500 * MB + Math.floor((1024 * MB) / 10) });

    const advanced = await provider.simulate(iccid, { action: 'advance', days: 7 });
    expect(advanced.clockOffsetMs).toBe(7 * DAY);
    // 500 MB + 10 % a day uses the 1 GB up after 5.1 days, before its 7 days.
    expect(advanced.bundles[0]).toMatchObject({ state: 'depleted', remainingBytes: 0 });
  });

  it('queues a top-up behind the main bundle; expire ends both', async () => {
    const { iccid } = await oneEsim();
    await provider.simulate(iccid, { action: 'first-use' });
    clock.advance(DAY);
    const topupRef = ref('topup');
    const applied = await provider.applyBundle({ reference: topupRef, iccid, bundle: TOPUP });
    expect(applied).toEqual({
      reference: `SBX-${createHash('sha256').update(topupRef).digest('hex').slice(0, 12).toUpperCase()}`,
      assignmentId: assignmentIdOf(topupRef),
    });
    expect((await provider.listBundles(iccid)).map((b) => [b.bundle, b.state])).toEqual([
      [MAIN, 'active'],
      [TOPUP, 'queued'],
    ]);
    await provider.simulate(iccid, { action: 'advance', days: 7 });
    expect((await provider.listBundles(iccid)).map((b) => b.state)).toEqual(['expired', 'active']);
    const expired = await provider.simulate(iccid, { action: 'expire' });
    expect(expired.bundles.map((b) => b.state)).toEqual(['expired', 'depleted']);
    expect(expired.simulatedNow.getTime()).toBe(expired.bundles[1]!.endsAt!.getTime() + 60_000);
  });

  it('applyBundle is idempotent by reference, also with 20 concurrent calls', async () => {
    const { iccid } = await oneEsim();
    const reference = ref('topup');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => provider.applyBundle({ reference, iccid, bundle: TOPUP })),
    );
    expect(new Set(results.map((r) => r.assignmentId))).toEqual(new Set([assignmentIdOf(reference)]));
    clock.advance(DAY);
    expect(await provider.applyBundle({ reference, iccid, bundle: TOPUP })).toEqual(results[0]);
    const bundles = await provider.listBundles(iccid);
    expect(bundles).toHaveLength(2);
    // The repeat a day later assigned nothing: the assignment keeps its first time.
    expect(bundles[1]?.assignedAt).toEqual(new Date(clock.now().getTime() - DAY));
  });

  it('createOrder stores each eSIM and bundle once under 20 concurrent calls with one reference', async () => {
    const reference = ref('line');
    const orders = await Promise.all(
      Array.from({ length: 20 }, () => provider.createOrder({ reference, bundle: MAIN, quantity: 3 })),
    );
    for (const order of orders) expect(order).toEqual(orders[0]);
    for (const esim of orders[0]!.esims) expect(await provider.listBundles(esim.iccid)).toHaveLength(1);
  });

  it('answers 404 (not retryable) for an unknown ICCID', async () => {
    for (const call of [
      () => provider.getEsim('8944000000000000000'),
      () => provider.listBundles('8944000000000000000'),
      () => provider.applyBundle({ reference: ref('x'), iccid: '8944000000000000000', bundle: TOPUP }),
      () => provider.getEsim('not-an-iccid'),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EsimProviderError);
      expect(error).toMatchObject({ status: 404, retryable: false });
    }
    await expect(provider.simulate('8944000000000000000', { action: 'install' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(provider.deviceState('8944000000000000000')).rejects.toMatchObject({ status: 404, field: 'iccid' });
  });

  it('answers 400 for an unknown bundle or a deleted profile, 409 for a reference reused differently', async () => {
    const { iccid } = await oneEsim();
    await expect(provider.applyBundle({ reference: ref('x'), iccid, bundle: 'esim_nope' })).rejects.toMatchObject({
      status: 400,
      retryable: false,
    });
    const reference = ref('topup');
    await provider.applyBundle({ reference, iccid, bundle: TOPUP });
    await expect(provider.applyBundle({ reference, iccid, bundle: MAIN })).rejects.toMatchObject({
      status: 409,
      retryable: false,
    });
    await provider.simulate(iccid, { action: 'delete' });
    expect((await provider.getEsim(iccid)).profileState).toBe('deleted');
    await expect(provider.applyBundle({ reference: ref('late'), iccid, bundle: TOPUP })).rejects.toMatchObject({
      status: 400,
      retryable: false,
    });
    // The first top-up's repeat still answers as the first time.
    expect((await provider.applyBundle({ reference, iccid, bundle: TOPUP })).assignmentId).toBe(
      assignmentIdOf(reference),
    );
  });

  it('fails getEsim, listBundles and applyBundle on demand', async () => {
    const { iccid } = await oneEsim();
    const failing = new SandboxEsimProvider({
      now: clock.now,
      ...(store === 'database' ? { db: database.db } : {}),
      failUsage: (i) => (i === iccid ? new EsimProviderError('Too many requests', true, 429) : undefined),
      failApply: () => new EsimProviderError('Provider busy', true, 503),
    });
    // Injected failures come before the lookup, so they also hit a store that lacks the eSIM.
    await expect(failing.getEsim(iccid)).rejects.toMatchObject({ status: 429, retryable: true });
    await expect(failing.listBundles(iccid)).rejects.toMatchObject({ status: 429 });
    await expect(failing.applyBundle({ reference: ref('t'), iccid, bundle: TOPUP })).rejects.toMatchObject({
      status: 503,
    });
  });

  it('revokes an unused bundle (idempotent, also with 10 concurrent calls); the top-up behind it no longer waits', async () => {
    const { iccid, reference } = await oneEsim();
    const main = assignmentIdOf(`${reference}#0`);
    clock.advance(60_000);
    const topupRef = ref('topup');
    const { assignmentId: topup } = await provider.applyBundle({ reference: topupRef, iccid, bundle: TOPUP });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => provider.revokeBundle({ iccid, bundle: MAIN, assignmentId: main })),
    );
    for (const result of results) expect(result).toEqual({ assignmentId: main, state: 'revoked' });
    expect(await provider.revokeBundle({ iccid, bundle: MAIN, assignmentId: main })).toEqual({
      assignmentId: main,
      state: 'revoked',
    });
    expect((await provider.listBundles(iccid)).map((b) => [b.bundle, b.state])).toEqual([
      [MAIN, 'revoked'],
      [TOPUP, 'queued'],
    ]);
    await provider.simulate(iccid, { action: 'first-use' });
    expect((await provider.listBundles(iccid)).map((b) => [b.bundle, b.state, b.startedAt])).toEqual([
      [MAIN, 'revoked', null],
      [TOPUP, 'active', clock.now()],
    ]);
    expect((await provider.deviceState(iccid)).bundles[0]?.state).toBe('revoked');
    if (store === 'database') {
      const rows = await database.db.select().from(sandboxEsimBundles).where(eq(sandboxEsimBundles.iccid, iccid));
      expect(Object.fromEntries(rows.map((r) => [r.id, r.revoked]))).toEqual({ [main]: true, [topup]: false });
    }
  });

  it('refuses to revoke a started bundle (409) or one the eSIM does not have (404), not retryable', async () => {
    const { iccid, reference } = await oneEsim();
    const main = assignmentIdOf(`${reference}#0`);
    await provider.simulate(iccid, { action: 'first-use' });
    await expect(provider.revokeBundle({ iccid, bundle: MAIN, assignmentId: main })).rejects.toMatchObject({
      status: 409,
      retryable: false,
      message: expect.stringMatching(/has started \(active\)/),
    });
    expect((await provider.listBundles(iccid))[0]?.state).toBe('active');
    for (const request of [
      { iccid, bundle: TOPUP, assignmentId: main },
      { iccid, bundle: MAIN, assignmentId: 'SBA-000000000000' },
      { iccid: '8944000000000000000', bundle: MAIN, assignmentId: main },
      { iccid: 'nope', bundle: MAIN, assignmentId: main },
    ]) {
      const error = await provider.revokeBundle(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EsimProviderError);
      expect(error).toMatchObject({ status: 404, retryable: false });
    }
    const failing = new SandboxEsimProvider({ failRevoke: () => new EsimProviderError('Provider busy', true, 503) });
    await expect(failing.revokeBundle({ iccid, bundle: MAIN, assignmentId: main })).rejects.toMatchObject({
      status: 503,
      retryable: true,
    });
  });

  it('refuses bad controls with typed 400s', async () => {
    const { iccid } = await oneEsim();
    await expect(provider.simulate(iccid, { action: 'advance', days: 0 })).rejects.toMatchObject({
      status: 400,
      field: 'days',
    });
    await expect(provider.simulate(iccid, { action: 'use-data', mb: 100_001 })).rejects.toMatchObject({
      status: 400,
      field: 'mb',
    });
    await expect(provider.simulate(iccid, { action: 'reboot' } as never)).rejects.toMatchObject({
      status: 400,
      field: 'action',
    });
  });
});

describe('SandboxEsimProvider with the database store', () => {
  const clock = manualClock();
  const provider = () => new SandboxEsimProvider({ db: database.db, now: clock.now });

  it('stores each eSIM and bundle once, whatever the repeats', async () => {
    const reference = 'db-line-once';
    await Promise.all(
      Array.from({ length: 20 }, () => provider().createOrder({ reference, bundle: MAIN, quantity: 2 })),
    );
    await provider().createOrder({ reference, bundle: MAIN, quantity: 2 });
    const esims = await database.db.select().from(sandboxEsims).where(eq(sandboxEsims.orderReference, reference));
    expect(esims).toHaveLength(2);
    const bundles = await database.db
      .select()
      .from(sandboxEsimBundles)
      .where(like(sandboxEsimBundles.reference, `${reference}#%`));
    expect(bundles.map((b) => b.reference).sort()).toEqual([`${reference}#0`, `${reference}#1`]);
    expect(bundles[0]).toMatchObject({ initialBytes: 1024 * MB, durationDays: 7, unlimited: false, extraUsedBytes: 0 });

    const iccid = esims[0]!.iccid;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        provider().applyBundle({ reference: 'db-topup-once', iccid, bundle: 'esim_UL_3D_TR_V2' }),
      ),
    );
    const topups = await database.db
      .select()
      .from(sandboxEsimBundles)
      .where(eq(sandboxEsimBundles.reference, 'db-topup-once'));
    expect(topups).toEqual([
      expect.objectContaining({
        id: assignmentIdOf('db-topup-once'),
        unlimited: true,
        initialBytes: null,
        durationDays: 3,
      }),
    ]);
  });

  it('keeps state across provider instances (a restart, or a second app instance)', async () => {
    const first = provider();
    const { esims } = await first.createOrder({ reference: 'db-line-restart', bundle: MAIN, quantity: 1 });
    const iccid = esims[0]!.iccid;
    await first.simulate(iccid, { action: 'first-use' });
    await first.simulate(iccid, { action: 'use-data', mb: 100 });
    await first.simulate(iccid, { action: 'advance', days: 2 });

    const second = provider();
    expect(await second.getEsim(iccid)).toEqual({ iccid, profileState: 'enabled', firstUsedAt: clock.now() });
    const [main] = await second.listBundles(iccid);
    expect(main).toMatchObject({ state: 'active', usedBytes: 100 * MB + Math.floor((2 * 1024 * MB) / 10) });
    expect((await second.deviceState(iccid)).clockOffsetMs).toBe(2 * DAY);
  });

  it('never loses a control to a concurrent one', async () => {
    const { esims } = await provider().createOrder({
      reference: 'db-line-concurrent',
      bundle: 'esim_UL_30D_TR_V2',
      quantity: 1,
    });
    const iccid = esims[0]!.iccid;
    await provider().simulate(iccid, { action: 'first-use' });
    await Promise.all(Array.from({ length: 10 }, () => provider().simulate(iccid, { action: 'use-data', mb: 10 })));
    await Promise.all(Array.from({ length: 5 }, () => provider().simulate(iccid, { action: 'advance', days: 1 })));
    const state = await provider().deviceState(iccid);
    expect(state.clockOffsetMs).toBe(5 * DAY);
    expect(state.bundles[0]?.usedBytes).toBe(100 * MB + 5 * 700 * MB);
  });
});
