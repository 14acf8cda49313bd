import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import {
  BYTES_PER_MB,
  DAY_MS,
  type SandboxBundleRecord,
  type SandboxEsimRecord,
  type SandboxEsimSnapshot,
  applyChange,
  planAction,
  simulateBundles,
  simulateEsim,
} from './sandbox-usage.ts';

/** Fixed dates: nothing here reads the real clock. */
const T0 = Date.parse('2025-03-01T00:00:00.000Z');
const at = (days: number, ms = 0) => new Date(T0 + days * DAY_MS + ms);

const GB = 1024 * BYTES_PER_MB;

function bundle(overrides: Partial<SandboxBundleRecord> & { id: string }): SandboxBundleRecord {
  return {
    iccid: '8944000000000000001',
    reference: `ref-${overrides.id}`,
    bundle: 'esim_1GB_7D_TR_V2',
    unlimited: false,
    initialBytes: GB,
    durationDays: 7,
    extraUsedBytes: 0,
    revoked: false,
    assignedAt: at(0),
    ...overrides,
  };
}

const unlimited = (overrides: Partial<SandboxBundleRecord> & { id: string }) =>
  bundle({ bundle: 'esim_UL_3D_TR_V2', unlimited: true, initialBytes: null, durationDays: 3, ...overrides });

function esim(overrides: Partial<SandboxEsimRecord> = {}): SandboxEsimRecord {
  return {
    iccid: '8944000000000000001',
    orderReference: 'order-line-1',
    smdpAddress: 'rsp.sandbox.roamwise.example',
    matchingId: 'M'.repeat(32),
    profileState: 'released',
    firstUsedAt: null,
    clockOffsetMs: 0,
    ...overrides,
  };
}

describe('simulateBundles: a fixed bundle (1 GB, 7 days)', () => {
  const main = bundle({ id: 'SBA-A', assignedAt: at(-1) });

  it('is queued, untouched, before first use', () => {
    expect(simulateBundles(null, [main], at(5))).toEqual([
      {
        id: 'SBA-A',
        bundle: 'esim_1GB_7D_TR_V2',
        state: 'queued',
        unlimited: false,
        initialBytes: GB,
        remainingBytes: GB,
        usedBytes: 0,
        assignedAt: at(-1),
        startedAt: null,
        endsAt: null,
      },
    ]);
  });

  it('starts at first use and uses 10 % of the allowance a day', () => {
    const [b] = simulateBundles(at(1), [main], at(3.5));
    expect(b).toMatchObject({ state: 'active', startedAt: at(1), endsAt: at(8) });
    // 2.5 days x 10 % of 1,073,741,824 bytes.
    expect(b?.usedBytes).toBe(268_435_456);
    expect(b?.remainingBytes).toBe(GB - 268_435_456);
  });

  it('is queued (not started) at a moment before first use even when first use is known', () => {
    expect(simulateBundles(at(1), [main], at(0.5))[0]).toMatchObject({
      state: 'queued',
      usedBytes: 0,
      startedAt: null,
    });
  });

  it('expires after its validity with the unused data left', () => {
    expect(simulateBundles(at(1), [main], at(8, -1))[0]?.state).toBe('active');
    const [b] = simulateBundles(at(1), [main], at(8));
    // floor(0.7 x 1,073,741,824): usage stops at the end.
    expect(b).toMatchObject({
      state: 'expired',
      usedBytes: 751_619_276,
      remainingBytes: GB - 751_619_276,
      endsAt: at(8),
    });
    expect(simulateBundles(at(1), [main], at(40))[0]).toEqual(b);
  });

  it('is depleted early by extra use, counted from its start', () => {
    const heavy = { ...main, extraUsedBytes: 800 * BYTES_PER_MB };
    const [during] = simulateBundles(at(0), [heavy], at(2));
    expect(during).toMatchObject({ state: 'active', usedBytes: 800 * BYTES_PER_MB + 214_748_364 });
    // Left after the extra: 224 MB = 21.875 % of the allowance, used up in 2.1875 days.
    const [after] = simulateBundles(at(0), [heavy], at(3));
    expect(after).toMatchObject({ state: 'depleted', usedBytes: GB, remainingBytes: 0, endsAt: at(2.1875) });
    expect(simulateBundles(at(0), [heavy], at(2.1875, -1))[0]?.state).toBe('active');
  });

  it('is depleted at once (ending at its start) when the extra use exceeds the allowance, never over-counting', () => {
    const [b] = simulateBundles(at(0), [{ ...main, extraUsedBytes: 2 * GB }], at(1));
    expect(b).toMatchObject({ state: 'depleted', usedBytes: GB, remainingBytes: 0, startedAt: at(0), endsAt: at(0) });
  });

  it('depletes by the daily pattern alone after 10 days when valid longer (5 GB, 30 days)', () => {
    const big = bundle({ id: 'SBA-B', bundle: 'esim_5GB_30D_TR_V2', initialBytes: 5 * GB, durationDays: 30 });
    expect(simulateBundles(at(0), [big], at(9))[0]).toMatchObject({
      state: 'active',
      usedBytes: Math.floor(5 * GB * 0.9),
      endsAt: at(10),
    });
    expect(simulateBundles(at(0), [big], at(10))[0]).toMatchObject({
      state: 'depleted',
      usedBytes: 5 * GB,
      remainingBytes: 0,
    });
  });
});

describe('simulateBundles: top-ups', () => {
  const main = bundle({ id: 'SBA-MAIN', assignedAt: at(-1) });
  const topup = bundle({
    id: 'SBA-TOP',
    bundle: 'esim_3GB_15D_TR_V2',
    initialBytes: 3 * GB,
    durationDays: 15,
    assignedAt: at(2),
  });

  it('queue behind the main bundle, then start when it ends', () => {
    const before = simulateBundles(at(0), [main, topup], at(3));
    expect(before.map((b) => b.state)).toEqual(['active', 'queued']);
    expect(before[1]).toMatchObject({ usedBytes: 0, remainingBytes: 3 * GB, startedAt: null, endsAt: null });

    const after = simulateBundles(at(0), [main, topup], at(8));
    expect(after.map((b) => b.state)).toEqual(['expired', 'active']);
    // Started when the main bundle expired (day 7); 3 GB at 10 % a day ends after 10 of its 15 days.
    expect(after[1]).toMatchObject({ startedAt: at(7), endsAt: at(17), usedBytes: Math.floor((3 * GB) / 10) });
    expect(simulateBundles(at(0), [main, topup], at(17))[1]?.state).toBe('depleted');
  });

  it('start at their assignment when the bundle before had already ended', () => {
    const late = { ...topup, assignedAt: at(9) };
    expect(simulateBundles(at(0), [main, late], at(8))[1]?.state).toBe('queued');
    expect(simulateBundles(at(0), [main, late], at(10))[1]).toMatchObject({ state: 'active', startedAt: at(9) });
  });

  it('bought before first use wait for it, behind the main bundle', () => {
    const early = { ...topup, assignedAt: at(-0.5) };
    expect(simulateBundles(null, [main, early], at(1)).map((b) => b.state)).toEqual(['queued', 'queued']);
    expect(simulateBundles(at(1), [main, early], at(9))[1]).toMatchObject({ state: 'active', startedAt: at(8) });
  });

  it('are ordered by assignment time whatever the input order, ties by id', () => {
    const twin = { ...topup, id: 'SBA-ABC', assignedAt: at(-1) };
    expect(simulateBundles(at(0), [topup, main, twin], at(0)).map((b) => b.id)).toEqual([
      'SBA-ABC',
      'SBA-MAIN',
      'SBA-TOP',
    ]);
  });
});

describe('simulateBundles: unlimited, revoked, lapsed', () => {
  it('unlimited bundles use 700 MiB a day plus extra use, never deplete, expire after their days', () => {
    const ul = unlimited({ id: 'SBA-UL', extraUsedBytes: 1000 * BYTES_PER_MB });
    expect(simulateBundles(at(0), [ul], at(1.5))[0]).toMatchObject({
      state: 'active',
      unlimited: true,
      initialBytes: null,
      remainingBytes: null,
      usedBytes: 1050 * BYTES_PER_MB + 1000 * BYTES_PER_MB,
      endsAt: at(3),
    });
    expect(simulateBundles(at(0), [ul], at(5))[0]).toMatchObject({ state: 'expired', usedBytes: 3100 * BYTES_PER_MB });
  });

  it('a revoked bundle is revoked and holds up no bundle after it', () => {
    const main = bundle({ id: 'SBA-MAIN', revoked: true });
    const topup = bundle({ id: 'SBA-TOP', assignedAt: at(1) });
    const [r, t] = simulateBundles(at(2), [main, topup], at(3));
    expect(r).toMatchObject({ state: 'revoked', usedBytes: 0, startedAt: null, endsAt: null });
    expect(t).toMatchObject({ state: 'active', startedAt: at(2) });
  });

  it('a bundle never used lapses 365 days after its assignment', () => {
    const main = bundle({ id: 'SBA-MAIN' });
    expect(simulateBundles(null, [main], at(365, -1))[0]?.state).toBe('queued');
    expect(simulateBundles(null, [main], at(365))[0]).toMatchObject({
      state: 'lapsed',
      startedAt: null,
      endsAt: null,
      usedBytes: 0,
    });
  });

  it('a bundle first used after its deadline stays lapsed; a later top-up starts at first use', () => {
    const main = bundle({ id: 'SBA-MAIN' });
    const topup = bundle({ id: 'SBA-TOP', assignedAt: at(200) });
    const [m, t] = simulateBundles(at(400), [main, topup], at(401));
    expect(m?.state).toBe('lapsed');
    expect(t).toMatchObject({ state: 'active', startedAt: at(400) });
  });
});

describe('simulateEsim', () => {
  it("reads the bundles on the eSIM's own clock (real time + offset)", () => {
    const snapshot = {
      esim: esim({ firstUsedAt: at(0), clockOffsetMs: 2 * DAY_MS, profileState: 'enabled' }),
      bundles: [bundle({ id: 'A' })],
    };
    const state = simulateEsim(snapshot, at(1));
    expect(state.simulatedNow).toEqual(at(3));
    expect(state.bundles[0]).toMatchObject({ state: 'active', usedBytes: Math.floor((3 * GB) / 10) });
  });
});

describe('planAction', () => {
  const released: SandboxEsimSnapshot = { esim: esim(), bundles: [bundle({ id: 'SBA-MAIN', assignedAt: at(0) })] };
  const run = (snapshot: SandboxEsimSnapshot, action: Parameters<typeof planAction>[1], now = at(1)) =>
    applyChange(snapshot, planAction(snapshot, action, now));

  it('install: released -> installed, then nothing more', () => {
    const installed = run(released, { action: 'install' });
    expect(installed.esim).toMatchObject({ profileState: 'installed', firstUsedAt: null });
    expect(planAction(installed, { action: 'install' }, at(1))).toEqual({});
  });

  it('first-use installs and enables a released profile at the simulated now, once', () => {
    const offset = { ...released, esim: { ...released.esim, clockOffsetMs: DAY_MS } };
    const used = run(offset, { action: 'first-use' }, at(1));
    expect(used.esim).toMatchObject({ profileState: 'enabled', firstUsedAt: at(2) });
    expect(run(used, { action: 'first-use' }, at(3)).esim.firstUsedAt).toEqual(at(2));
  });

  it('use-data adds to the active bundle; without one it is a 409', () => {
    const error = (() => {
      try {
        planAction(released, { action: 'use-data', mb: 500 }, at(1));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      status: 409,
      code: 'no_active_bundle',
      message: 'No active bundle: use the eSIM at the destination first',
    });

    const active = run(released, { action: 'first-use' });
    expect(planAction(active, { action: 'use-data', mb: 500 }, at(1.5))).toEqual({
      extraUse: { bundleId: 'SBA-MAIN', bytes: 500 * BYTES_PER_MB },
    });
    const used = run(active, { action: 'use-data', mb: 500 }, at(1.5));
    expect(used.bundles[0]?.extraUsedBytes).toBe(500 * BYTES_PER_MB);
    // Expired after 7 days: nothing active any more.
    expect(() => planAction(active, { action: 'use-data', mb: 1 }, at(9))).toThrow(ConflictError);
  });

  it.each([0, -1, 1.5, 100_001, Number.NaN])('use-data refuses %s MB (400, field mb)', (mb) => {
    expect(() => planAction(released, { action: 'use-data', mb }, at(1))).toThrow(ValidationError);
    expect(() => planAction(released, { action: 'use-data', mb }, at(1))).toThrow(
      expect.objectContaining({ field: 'mb', status: 400 }),
    );
  });

  it('advance moves the clock by whole days (1-365)', () => {
    const advanced = run(released, { action: 'advance', days: 7 });
    expect(advanced.esim.clockOffsetMs).toBe(7 * DAY_MS);
    expect(run(advanced, { action: 'advance', days: 365 }).esim.clockOffsetMs).toBe(372 * DAY_MS);
    for (const days of [0, 366, 2.5]) {
      expect(() => planAction(released, { action: 'advance', days }, at(1))).toThrow(
        expect.objectContaining({ field: 'days' }),
      );
    }
  });

  it('expire activates an unused eSIM and moves the clock 1 minute past the last bundle, never back', () => {
    const withTopup = {
      ...released,
      bundles: [
        ...released.bundles,
        bundle({ id: 'SBA-TOP', assignedAt: at(0.5), initialBytes: 3 * GB, durationDays: 15 }),
      ],
    };
    const expired = run(withTopup, { action: 'expire' }, at(1));
    // First use at day 1; main ends day 8; the top-up depletes after 10 days: day 18.
    expect(expired.esim).toMatchObject({
      profileState: 'enabled',
      firstUsedAt: at(1),
      clockOffsetMs: 17 * DAY_MS + 60_000,
    });
    const state = simulateEsim(expired, at(1));
    expect(state.simulatedNow).toEqual(at(18, 60_000));
    expect(state.bundles.map((b) => b.state)).toEqual(['expired', 'depleted']);
    // Already past: the clock stays.
    expect(planAction(expired, { action: 'expire' }, at(1))).toEqual({ profileState: 'enabled' });
  });

  it('delete marks the profile deleted; a deleted profile cannot be installed or used (409)', () => {
    const deleted = run(released, { action: 'delete' });
    expect(deleted.esim.profileState).toBe('deleted');
    expect(planAction(deleted, { action: 'delete' }, at(1))).toEqual({});
    for (const action of [{ action: 'install' }, { action: 'first-use' }, { action: 'use-data', mb: 1 }] as const) {
      expect(() => planAction(deleted, action, at(1))).toThrow(
        expect.objectContaining({ status: 409, code: 'profile_deleted' }),
      );
    }
    expect(run(deleted, { action: 'advance', days: 1 }).esim.clockOffsetMs).toBe(DAY_MS);
  });
});
