import { ConflictError, ValidationError } from '../../lib/errors.ts';
import {
  type BundleAssignment,
  type EsimProfileState,
  EsimProviderError,
  type ProviderBundleState,
} from './esim-provider.ts';

/**
 * The sandbox eSIM provider's simulated traveller (decision record 0009: activation on first use,
 * usage that grows, expiry). Pure: no clock, no I/O. Every reading recomputes the bundles' states
 * and usage from the stored facts (first use, assignment times, extra use) and a point in
 * simulated time, so the store keeps no counters that could drift, and two app instances reading
 * one eSIM always agree.
 *
 * Shapes follow eSIM Go API v2.4 (`GET /esims/{iccid}/bundles`: `initialQuantity` and
 * `remainingQuantity` in bytes, `bundleState`), normalised as `BundleAssignment`.
 */

/** Bytes in one MB as eSIM Go counts quantities (binary: 1 MB = 1,048,576 bytes). */
export const BYTES_PER_MB = 1_048_576;

/** One day, ms. */
export const DAY_MS = 86_400_000;

/**
 * Days the simulated traveller takes to use up a fixed allowance (10 % a day), so bundles valid
 * for more than 10 days deplete and shorter ones expire with data left: both endings reachable.
 */
export const FIXED_DAYS_TO_USE_UP = 10;

/** {@link FIXED_DAYS_TO_USE_UP} in ms; an integer, for BigInt arithmetic. */
const USE_UP_MS = FIXED_DAYS_TO_USE_UP * DAY_MS;

/** What the simulated traveller uses per day on an unlimited bundle, bytes (700 MiB: under the 1 GB/day full-speed cap of unlimited lite). */
export const UNLIMITED_DAILY_BYTES = 700 * BYTES_PER_MB;

/** Days a bundle may wait in the queue before it lapses (eSIM Go's `lapsed`: never started in time). */
export const LAPSE_DAYS = 365;

/** Limits of the `use-data` control, MB. */
export const USE_DATA_MB = { min: 1, max: 100_000 } as const;

/** Limits of the `advance` control, days. */
export const ADVANCE_DAYS = { min: 1, max: 365 } as const;

/** How far past the last bundle's end the `expire` control moves the clock, ms (1 minute). */
export const EXPIRE_MARGIN_MS = 60_000;

/** A sandbox eSIM as stored (`sandbox_esims`). Times are simulated times. */
export interface SandboxEsimRecord {
  /** 19 digits, Luhn-valid. */
  iccid: string;
  /** The caller's `createOrder` reference that issued the eSIM. */
  orderReference: string;
  smdpAddress: string;
  matchingId: string;
  profileState: EsimProfileState;
  /** Simulated time of the first network attach at the destination; `null` before. */
  firstUsedAt: Date | null;
  /** Simulated time minus real time for this eSIM, ms (grows with the `advance` and `expire` controls). */
  clockOffsetMs: number;
}

/** A bundle assignment as stored (`sandbox_esim_bundles`). */
export interface SandboxBundleRecord {
  /** `SBA-` + the first 12 hex digits (upper case) of SHA-256 of `reference`. */
  id: string;
  iccid: string;
  /** `<createOrder reference>#<unit>` for the first bundle, the `applyBundle` reference for top-ups. */
  reference: string;
  /** Provider bundle name, e.g. `esim_1GB_7D_TR_V2`. */
  bundle: string;
  unlimited: boolean;
  /** Allowance in bytes (`dataMb` x 1,048,576); `null` when unlimited. */
  initialBytes: number | null;
  /** Validity from the bundle's start, days. */
  durationDays: number;
  /** Bytes used through the `use-data` control, counted from the bundle's start. */
  extraUsedBytes: number;
  revoked: boolean;
  /** Simulated time of the assignment. */
  assignedAt: Date;
}

/** An eSIM with its bundles, as a store reads it. */
export interface SandboxEsimSnapshot {
  esim: SandboxEsimRecord;
  bundles: SandboxBundleRecord[];
}

/** The device simulator's view of an eSIM at one moment. */
export interface SandboxEsimState {
  iccid: string;
  profileState: EsimProfileState;
  /** Simulated time of first use; `null` before. */
  firstUsedAt: Date | null;
  /** This eSIM's clock: real time + `clockOffsetMs`. */
  simulatedNow: Date;
  /** ms. */
  clockOffsetMs: number;
  /** Oldest first (assignment time, then id), with usage as of `simulatedNow`. */
  bundles: BundleAssignment[];
}

/** A control of the device simulator (what the traveller's phone does). */
export type SandboxEsimAction =
  | { action: 'install' }
  | { action: 'first-use' }
  /** `mb`: 1 to 100,000, added to the active bundle's use. */
  | { action: 'use-data'; mb: number }
  /** `days`: 1 to 365, moved forward on this eSIM's clock. */
  | { action: 'advance'; days: number }
  | { action: 'expire' }
  | { action: 'delete' };

/** The names of the controls, in the order the simulator page shows them. */
export const SANDBOX_ESIM_ACTIONS = ['install', 'first-use', 'use-data', 'advance', 'expire', 'delete'] as const;

/** What a control changes; absent fields stay as they are. */
export interface SandboxEsimChange {
  profileState?: EsimProfileState;
  firstUsedAt?: Date;
  clockOffsetMs?: number;
  /** Bytes to add to one bundle's `extraUsedBytes`. */
  extraUse?: { bundleId: string; bytes: number };
  /** The id of a bundle assignment to mark revoked (`revokeBundle`). */
  revokeBundleId?: string;
}

/** A bundle's place on the eSIM's timeline, independent of the moment it is read. */
interface Schedule {
  record: SandboxBundleRecord;
  /** `null` when the bundle never starts (revoked, waiting for first use, or lapsing first). */
  start: number | null;
  end: number | null;
  /** A fixed bundle used up at `end` (rather than expiring there). */
  depletes: boolean;
}

const big = BigInt;

/**
 * Bytes used `elapsedMs` after the start by the daily pattern alone: 10 % of the allowance a day
 * (fixed) or 700 MiB a day (unlimited), floored. BigInt because allowance x ms exceeds 2^53.
 */
function patternBytes(record: SandboxBundleRecord, elapsedMs: number): number {
  const elapsed = big(Math.max(0, elapsedMs));
  if (record.initialBytes === null) return Number((big(UNLIMITED_DAILY_BYTES) * elapsed) / big(DAY_MS));
  return Number((big(record.initialBytes) * elapsed) / big(USE_UP_MS));
}

/**
 * ms after the start at which a fixed bundle is used up: the least `t` with
 * `extra + floor(initial x t / 10 days) >= initial`; 0 when the extra use alone exhausts it.
 */
function depletionAfterMs(initialBytes: number, extraUsedBytes: number): number {
  const left = initialBytes - extraUsedBytes;
  if (left <= 0 || initialBytes <= 0) return 0;
  const tenDays = big(USE_UP_MS);
  const initial = big(initialBytes);
  return Number((big(left) * tenDays + initial - 1n) / initial);
}

/** Sorts assignments oldest first; ties (same millisecond) by id so every reader agrees. */
function byAssignment(a: SandboxBundleRecord, b: SandboxBundleRecord): number {
  return a.assignedAt.getTime() - b.assignedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Lays the bundles end to end from first use: bundle 0 starts at first use, each later one at
 * the latest of the previous one's end, its own assignment and first use (a top-up queues behind
 * the main bundle). Revoked bundles and bundles that would only start 365 days or more after
 * their assignment never start, and the next bundle does not wait for them.
 */
function schedule(firstUsedAt: Date | null, bundles: readonly SandboxBundleRecord[]): Schedule[] {
  const first = firstUsedAt?.getTime() ?? null;
  let previousEnd: number | null = null;
  return [...bundles].sort(byAssignment).map((record) => {
    const assigned = record.assignedAt.getTime();
    if (record.revoked || first === null) return { record, start: null, end: null, depletes: false };
    const start = Math.max(previousEnd ?? first, assigned, first);
    if (start >= assigned + LAPSE_DAYS * DAY_MS) return { record, start: null, end: null, depletes: false };
    const validityEnd = start + record.durationDays * DAY_MS;
    let end = validityEnd;
    let depletes = false;
    if (record.initialBytes !== null) {
      const depletion = start + depletionAfterMs(record.initialBytes, record.extraUsedBytes);
      if (depletion <= validityEnd) {
        end = depletion;
        depletes = true;
      }
    }
    previousEnd = end;
    return { record, start, end, depletes };
  });
}

/** Bytes used by `at` (the daily pattern up to the end, plus the extra use), capped at the allowance. */
function usedBytes(item: Schedule, at: number): number {
  const { record, start, end } = item;
  if (start === null || end === null || at < start) return 0;
  if (item.depletes && at >= end) return record.initialBytes ?? 0;
  const used = patternBytes(record, Math.min(at, end) - start) + record.extraUsedBytes;
  return record.initialBytes === null ? used : Math.min(used, record.initialBytes);
}

function stateAt(item: Schedule, at: number): ProviderBundleState {
  const { record, start, end } = item;
  if (record.revoked) return 'revoked';
  if (start === null || end === null) {
    return at >= record.assignedAt.getTime() + LAPSE_DAYS * DAY_MS ? 'lapsed' : 'queued';
  }
  if (at < start) return 'queued';
  if (at < end) return 'active';
  return item.depletes ? 'depleted' : 'expired';
}

/**
 * The bundles of an eSIM as the provider reports them at simulated time `at` (eSIM Go
 * `GET /esims/{iccid}/bundles`, normalised), oldest first.
 *
 * Rules:
 * - Nothing starts before `firstUsedAt`. Bundle 0 starts at first use; bundle i at the latest of
 *   bundle i-1's end, its own `assignedAt` and first use.
 * - The traveller uses 10 % of a fixed allowance per day, 700 MiB per day on unlimited bundles,
 *   plus `extraUsedBytes` counted from the bundle's start; use is capped at the allowance.
 * - A fixed bundle ends at the earlier of start + `durationDays` and the moment it is used up;
 *   an unlimited one at start + `durationDays`.
 * - States: `queued` before the start, `active` in [start, end), then `depleted` (used up) or
 *   `expired`; `revoked` when revoked; `lapsed` when still queued 365 days after assignment.
 *   `startedAt`/`endsAt` are `null` unless the bundle has started by `at`.
 */
export function simulateBundles(
  firstUsedAt: Date | null,
  bundles: readonly SandboxBundleRecord[],
  at: Date,
): BundleAssignment[] {
  const now = at.getTime();
  return schedule(firstUsedAt, bundles).map((item) => {
    const { record } = item;
    const state = stateAt(item, now);
    const started = state === 'active' || state === 'depleted' || state === 'expired';
    const used = started ? usedBytes(item, now) : 0;
    return {
      id: record.id,
      bundle: record.bundle,
      state,
      unlimited: record.unlimited,
      initialBytes: record.initialBytes,
      remainingBytes: record.initialBytes === null ? null : record.initialBytes - used,
      usedBytes: used,
      assignedAt: new Date(record.assignedAt.getTime()),
      startedAt: started && item.start !== null ? new Date(item.start) : null,
      endsAt: started && item.end !== null ? new Date(item.end) : null,
    };
  });
}

/** This eSIM's clock at real time `realNow`: real time + the eSIM's offset. */
export function simulatedTime(esim: Pick<SandboxEsimRecord, 'clockOffsetMs'>, realNow: Date): Date {
  return new Date(realNow.getTime() + esim.clockOffsetMs);
}

/** The simulator's view of an eSIM at real time `realNow` (see {@link simulateBundles}). */
export function simulateEsim(snapshot: SandboxEsimSnapshot, realNow: Date): SandboxEsimState {
  const { esim } = snapshot;
  const simulatedNow = simulatedTime(esim, realNow);
  return {
    iccid: esim.iccid,
    profileState: esim.profileState,
    firstUsedAt: esim.firstUsedAt,
    simulatedNow,
    clockOffsetMs: esim.clockOffsetMs,
    bundles: simulateBundles(esim.firstUsedAt, snapshot.bundles, simulatedNow),
  };
}

function checkWholeNumber(value: number, range: { min: number; max: number }, field: string, unit: string): void {
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new ValidationError(`${field} must be a whole number of ${unit} from ${range.min} to ${range.max}`, field);
  }
}

/** First use activates a profile that was never installed too: the traveller installs and attaches in one go. */
function activation(esim: SandboxEsimRecord, simulatedNow: Date): SandboxEsimChange {
  if (esim.firstUsedAt) return esim.profileState === 'deleted' ? {} : { profileState: 'enabled' };
  return { profileState: esim.profileState === 'deleted' ? 'deleted' : 'enabled', firstUsedAt: simulatedNow };
}

/**
 * What a device-simulator control changes, at real time `realNow`:
 * - `install`: `released` -> `installed`; no change once installed or enabled.
 * - `first-use`: installs if needed, then `enabled` with `firstUsedAt` = simulated now (kept
 *   when already set).
 * - `use-data` `{ mb }`: adds `mb` x 1,048,576 bytes to the active bundle's extra use.
 * - `advance` `{ days }`: moves this eSIM's clock forward by `days`.
 * - `expire`: activates first if never used, then moves the clock to 1 minute after the last
 *   bundle's end (never backwards), so every bundle has ended.
 * - `delete`: profile `deleted`. The bundles' schedule is unchanged: the simulation has no
 *   notion of a detached phone, and a stateless schedule keeps every reading consistent.
 * @throws ValidationError (400, field `mb` or `days`) for a value out of range or not whole.
 * @throws ConflictError 409 `profile_deleted` for install, first use or data use on a deleted
 *   profile; 409 `no_active_bundle` ('No active bundle: use the eSIM at the destination first')
 *   for `use-data` when no bundle is active.
 */
export function planAction(snapshot: SandboxEsimSnapshot, action: SandboxEsimAction, realNow: Date): SandboxEsimChange {
  const { esim } = snapshot;
  const simulatedNow = simulatedTime(esim, realNow);
  const deleted = esim.profileState === 'deleted';
  if (deleted && (action.action === 'install' || action.action === 'first-use' || action.action === 'use-data')) {
    throw new ConflictError('The eSIM profile was deleted from the phone', 'profile_deleted');
  }
  switch (action.action) {
    case 'install':
      return esim.profileState === 'released' || esim.profileState === 'downloaded'
        ? { profileState: 'installed' }
        : {};
    case 'first-use':
      return activation(esim, simulatedNow);
    case 'use-data': {
      checkWholeNumber(action.mb, USE_DATA_MB, 'mb', 'MB');
      const active = simulateBundles(esim.firstUsedAt, snapshot.bundles, simulatedNow).find(
        (b) => b.state === 'active',
      );
      if (!active)
        throw new ConflictError('No active bundle: use the eSIM at the destination first', 'no_active_bundle');
      return { extraUse: { bundleId: active.id, bytes: action.mb * BYTES_PER_MB } };
    }
    case 'advance':
      checkWholeNumber(action.days, ADVANCE_DAYS, 'days', 'days');
      return { clockOffsetMs: esim.clockOffsetMs + action.days * DAY_MS };
    case 'expire': {
      const activated = activation(esim, simulatedNow);
      const ends = schedule(activated.firstUsedAt ?? esim.firstUsedAt, snapshot.bundles).flatMap((s) =>
        s.end === null ? [] : [s.end],
      );
      const target = ends.length > 0 ? Math.max(...ends) + EXPIRE_MARGIN_MS : simulatedNow.getTime();
      const offset = Math.max(esim.clockOffsetMs, target - realNow.getTime());
      return offset === esim.clockOffsetMs ? activated : { ...activated, clockOffsetMs: offset };
    }
    case 'delete':
      return deleted ? {} : { profileState: 'deleted' };
  }
}

/**
 * What revoking the assignment `assignmentId` of `bundle` changes, at real time `realNow` (eSIM Go
 * `DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}`): the assignment is marked
 * revoked unless it already is (nothing changes: idempotent). Only an assignment that has not
 * started may be revoked (`processing`, `queued` or `lapsed` at the eSIM's simulated now), so the
 * simulated timeline of the bundles that did run is never rewritten.
 * @throws EsimProviderError 404 when the eSIM has no such assignment of that bundle; 409 when it
 *   has started (`active`, `depleted`, `expired`). Neither is retryable.
 */
export function planRevoke(
  snapshot: SandboxEsimSnapshot,
  request: { bundle: string; assignmentId: string },
  realNow: Date,
): SandboxEsimChange {
  const record = snapshot.bundles.find((b) => b.id === request.assignmentId && b.bundle === request.bundle);
  if (!record) {
    throw new EsimProviderError(
      `Assignment ${request.assignmentId} of bundle ${request.bundle} not found on eSIM ${snapshot.esim.iccid}`,
      false,
      404,
    );
  }
  if (record.revoked) return {};
  const { esim } = snapshot;
  const state = simulateBundles(esim.firstUsedAt, snapshot.bundles, simulatedTime(esim, realNow)).find(
    (b) => b.id === record.id,
  )?.state;
  if (state === 'active' || state === 'depleted' || state === 'expired') {
    throw new EsimProviderError(
      `Bundle ${request.bundle} (assignment ${record.id}) has started (${state}) and can no longer be revoked`,
      false,
      409,
    );
  }
  return { revokeBundleId: record.id };
}

/** `snapshot` with `change` applied (what a store writes). */
export function applyChange(snapshot: SandboxEsimSnapshot, change: SandboxEsimChange): SandboxEsimSnapshot {
  const { extraUse, revokeBundleId, ...esimChange } = change;
  return {
    esim: { ...snapshot.esim, ...esimChange },
    bundles: snapshot.bundles.map((b) => {
      const used =
        extraUse && b.id === extraUse.bundleId ? { ...b, extraUsedBytes: b.extraUsedBytes + extraUse.bytes } : b;
      return revokeBundleId !== undefined && b.id === revokeBundleId ? { ...used, revoked: true } : used;
    }),
  };
}
