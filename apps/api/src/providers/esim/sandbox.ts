import { createHash } from 'node:crypto';
import { luhnCheckDigit } from '@esim/contract/payment-card';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  type BundleAssignment,
  type CatalogueBundle,
  type EsimDetails,
  type EsimProvider,
  EsimProviderError,
  type ProviderOrder,
} from './esim-provider.ts';
import { buildSandboxCatalogue } from './sandbox-catalogue.ts';
import { MemorySandboxEsimStore } from './sandbox-esims.memory.ts';
import { type SandboxEsimStore, SandboxEsimsRepository } from './sandbox-esims.repository.ts';
import {
  BYTES_PER_MB,
  SANDBOX_ESIM_ACTIONS,
  type SandboxBundleRecord,
  type SandboxEsimAction,
  type SandboxEsimSnapshot,
  type SandboxEsimState,
  planAction,
  planRevoke,
  simulateEsim,
  simulatedTime,
} from './sandbox-usage.ts';

/** SM-DP+ address of the sandbox's simulated profiles. */
export const SANDBOX_SMDP_ADDRESS = 'rsp.sandbox.roamwise.example';

/** Construction options: where state lives, failure injection for tests (failures on demand), latency and clock. */
export interface SandboxEsimOptions {
  /**
   * The database holding `sandbox_esims` and `sandbox_esim_bundles`: eSIMs survive restarts and
   * every app instance on the database sees the same ones. Without it, state lives in this
   * process only.
   */
  db?: Db;
  /**
   * Called before each `createOrder`; return an error to make that call fail, e.g. the first N
   * calls with a retryable error to exercise backoff.
   */
  failOrder?: (request: { reference: string; bundle: string; quantity: number }) => EsimProviderError | undefined;
  /** Called before each `getEsim` and `listBundles` with the ICCID; return an error to make that call fail. */
  failUsage?: (iccid: string) => EsimProviderError | undefined;
  /** Called before each `applyBundle`; return an error to make that call fail. */
  failApply?: (request: { reference: string; iccid: string; bundle: string }) => EsimProviderError | undefined;
  /** Called before each `revokeBundle`; return an error to make that call fail. */
  failRevoke?: (request: { iccid: string; bundle: string; assignmentId: string }) => EsimProviderError | undefined;
  /** Simulated provider latency per port call (`listCatalogue` excepted), ms (default 0). */
  latencyMs?: number;
  /** The real clock (tests); each eSIM's simulated clock runs at its offset from it. */
  now?: () => Date;
}

/** Longest caller reference accepted, characters (the store's are `order-line-<id>`). */
const MAX_REFERENCE_LENGTH = 200;

/** Anything else cannot be a sandbox ICCID: answered as unknown without a query. */
const ICCID_PATTERN = /^\d{18,22}$/;

function sha256(text: string) {
  return createHash('sha256').update(text).digest();
}

/** The provider's order reference for a caller reference: `SBX-` + 12 upper-case hex digits of its SHA-256. */
function orderReferenceOf(reference: string): string {
  return `SBX-${sha256(reference).toString('hex').slice(0, 12).toUpperCase()}`;
}

/**
 * The sandbox's assignment id for a bundle reference: `SBA-` + the first 12 hex digits (upper
 * case) of SHA-256 of `reference`. Deterministic, so every instance and every retry names an
 * assignment alike.
 */
export function sandboxAssignmentId(reference: string): string {
  return `SBA-${sha256(reference).toString('hex').slice(0, 12).toUpperCase()}`;
}

function checkReference(reference: string): void {
  if (typeof reference !== 'string' || reference.length < 1 || reference.length > MAX_REFERENCE_LENGTH) {
    throw new EsimProviderError(`reference must be 1-${MAX_REFERENCE_LENGTH} characters`, false, 400);
  }
}

function unknownEsim(iccid: string): EsimProviderError {
  return new EsimProviderError(`eSIM ${iccid} not found`, false, 404);
}

/**
 * The embedded eSIM provider: a deterministic, realistic catalogue and a
 * simulated eSIM Go (API v2.4 shapes, normalised by the `EsimProvider` port). Needs no network.
 *
 * - `createOrder` derives every ICCID and matching id from the caller's reference, so repeating
 *   a reference returns the same eSIMs (idempotent) and different references never collide in
 *   practice (SHA-256). Each eSIM is recorded (profile `released`) with its first bundle.
 * - `getEsim`, `listBundles` and `applyBundle` read and top up those eSIMs, `revokeBundle`
 *   cancels an unused bundle (refunds); usage is simulated
 *   by `sandbox-usage.ts` (activation on first use, 10 % of a fixed allowance or 700 MiB a day,
 *   depletion, expiry, top-ups queued behind the main bundle).
 * - {@link deviceState} and {@link simulate} are the device simulator's (the traveller's phone:
 *   install, first use, data use, time travel, expiry, deletion), served by
 *   `sandbox-device.routes.ts`.
 *
 * State lives in the database with `options.db` (`SandboxEsimsRepository`), else in memory.
 */
export class SandboxEsimProvider implements EsimProvider {
  readonly id = 'sandbox';
  private catalogue: CatalogueBundle[] | undefined;
  private bundlesByName: Map<string, CatalogueBundle> | undefined;
  private readonly store: SandboxEsimStore;
  private readonly now: () => Date;

  constructor(private readonly options: SandboxEsimOptions = {}) {
    this.store = options.db ? new SandboxEsimsRepository(options.db) : new MemorySandboxEsimStore();
    this.now = options.now ?? (() => new Date());
  }

  /** The sandbox catalogue (about every country, region and Global); built once and reused. */
  async listCatalogue(): Promise<CatalogueBundle[]> {
    const catalogue = (this.catalogue ??= buildSandboxCatalogue());
    return catalogue;
  }

  /**
   * Simulates eSIM Go `POST /orders` (transaction, assign): `quantity` eSIMs with Luhn-valid
   * 19-digit ICCIDs (prefix 8944, ITU-T E.118) and 32-character matching ids, each recorded with
   * profile `released` and its bundle assigned under the reference `<reference>#<unit>` (unit
   * from 0). Idempotent: a repeat, even concurrent, returns the same eSIMs and stores nothing
   * more (`INSERT ... ON CONFLICT DO NOTHING`).
   * @returns `reference` `SBX-` + 12 upper-case hex digits, and the eSIMs in unit order.
   * @throws EsimProviderError 400 (not retryable) for an unknown bundle, a bad quantity (1-100)
   *   or reference (1-200 characters), or whatever `options.failOrder` returns.
   */
  async createOrder(request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder> {
    await this.delay();
    const injected = this.options.failOrder?.(request);
    if (injected) throw injected;
    const bundle = await this.catalogueBundle(request.bundle);
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > 100) {
      throw new EsimProviderError('quantity must be 1-100', false, 400);
    }
    checkReference(request.reference);
    const esims = Array.from({ length: request.quantity }, (_, i) => {
      const digest = sha256(`${request.reference}#${i}`);
      const body = `8944${digest.readBigUInt64BE(0).toString().padStart(20, '0').slice(-14)}`;
      return {
        iccid: `${body}${luhnCheckDigit(body)}`,
        smdpAddress: SANDBOX_SMDP_ADDRESS,
        matchingId: digest.subarray(8, 24).toString('hex').toUpperCase(),
      };
    });
    // A new eSIM's clock is the real one (offset 0), so its first bundle is assigned now.
    const assignedAt = this.now();
    await this.store.insertOrder(
      esims.map((esim, unit): SandboxEsimSnapshot => ({
        esim: {
          ...esim,
          orderReference: request.reference,
          profileState: 'released',
          firstUsedAt: null,
          clockOffsetMs: 0,
        },
        bundles: [assignment(`${request.reference}#${unit}`, esim.iccid, bundle, assignedAt)],
      })),
    );
    return { reference: orderReferenceOf(request.reference), esims };
  }

  /**
   * Simulates eSIM Go `GET /esims/{iccid}`: profile state and first use (a simulated time).
   * @throws EsimProviderError 404 (not retryable) for an unknown ICCID, or whatever
   *   `options.failUsage` returns.
   */
  async getEsim(iccid: string): Promise<EsimDetails> {
    const snapshot = await this.readForUsage(iccid);
    const { esim } = snapshot;
    return { iccid: esim.iccid, profileState: esim.profileState, firstUsedAt: esim.firstUsedAt };
  }

  /**
   * Simulates eSIM Go `GET /esims/{iccid}/bundles`: every assignment, oldest first, with its
   * state and usage in bytes as of the eSIM's simulated clock (rules in `simulateBundles`).
   * @throws EsimProviderError 404 (not retryable) for an unknown ICCID, or whatever
   *   `options.failUsage` returns.
   */
  async listBundles(iccid: string): Promise<BundleAssignment[]> {
    const snapshot = await this.readForUsage(iccid);
    return simulateEsim(snapshot, this.now()).bundles;
  }

  /**
   * Simulates a top-up (eSIM Go `POST /orders` with `iccids: [iccid]`): assigns `bundle` to the
   * eSIM at its simulated now; it queues behind the bundles already there. Idempotent by
   * `reference`: a repeat, even concurrent, returns the first assignment and assigns nothing more.
   * @returns `reference` `SBX-` + 12 upper-case hex digits of SHA-256 of the caller's reference,
   *   and `assignmentId` `SBA-` + 12 upper-case hex digits ({@link sandboxAssignmentId}).
   * @throws EsimProviderError, not retryable: 400 for an unknown bundle, a deleted profile or a
   *   bad reference; 404 for an unknown ICCID; 409 when the reference was already used for
   *   another eSIM or bundle. Or whatever `options.failApply` returns.
   */
  async applyBundle(request: {
    reference: string;
    iccid: string;
    bundle: string;
  }): Promise<{ reference: string; assignmentId: string }> {
    await this.delay();
    const injected = this.options.failApply?.(request);
    if (injected) throw injected;
    checkReference(request.reference);
    const existing = await this.store.findBundle(request.reference);
    if (existing) return this.replayApply(existing, request);
    const bundle = await this.catalogueBundle(request.bundle);
    const snapshot = ICCID_PATTERN.test(request.iccid) ? await this.store.find(request.iccid) : undefined;
    if (!snapshot) throw unknownEsim(request.iccid);
    if (snapshot.esim.profileState === 'deleted') {
      throw new EsimProviderError(`eSIM ${request.iccid} was deleted: bundles can no longer be applied`, false, 400);
    }
    const stored = await this.store.insertBundle(
      assignment(request.reference, request.iccid, bundle, simulatedTime(snapshot.esim, this.now())),
    );
    return this.replayApply(stored, request);
  }

  /**
   * Simulates eSIM Go `DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}`: marks an
   * assignment that has not started revoked (`sandbox_esim_bundles.revoked`); it then reads
   * `revoked`, never starts, and the bundles after it no longer wait for it. Idempotent: a revoked
   * assignment stays revoked and the answer is the same. Runs under the eSIM's row lock, so it
   * cannot interleave with the device simulator's first use.
   * @returns `{ assignmentId, state: 'revoked' }`.
   * @throws EsimProviderError, not retryable: 404 for an unknown ICCID or an assignment of that
   *   bundle the eSIM does not have; 409 when the assignment has started (rules in `planRevoke`).
   *   Or whatever `options.failRevoke` returns.
   */
  async revokeBundle(request: {
    iccid: string;
    bundle: string;
    assignmentId: string;
  }): Promise<{ assignmentId: string; state: 'revoked' }> {
    await this.delay();
    const injected = this.options.failRevoke?.(request);
    if (injected) throw injected;
    const now = this.now();
    const updated = ICCID_PATTERN.test(request.iccid)
      ? await this.store.update(request.iccid, (snapshot) => planRevoke(snapshot, request, now))
      : undefined;
    if (!updated) throw unknownEsim(request.iccid);
    return { assignmentId: request.assignmentId, state: 'revoked' };
  }

  /**
   * The device simulator's view of an eSIM: profile, simulated clock and bundles with usage.
   * @throws NotFoundError (404, field `iccid`) for an unknown ICCID.
   */
  async deviceState(iccid: string): Promise<SandboxEsimState> {
    const snapshot = ICCID_PATTERN.test(iccid) ? await this.store.find(iccid) : undefined;
    if (!snapshot) throw new NotFoundError(`eSIM ${iccid} not found`, 'iccid');
    return simulateEsim(snapshot, this.now());
  }

  /**
   * Runs one device-simulator control on the eSIM (rules in `planAction`, sandbox-usage.ts):
   * `install`, `first-use`, `use-data` `{ mb }` (1-100,000 MB), `advance` `{ days }` (1-365),
   * `expire`, `delete`. Controls of one eSIM never interleave, also across app instances.
   * @returns the eSIM's new state.
   * @throws NotFoundError (404, field `iccid`) for an unknown ICCID; ValidationError (400, field
   *   `action`, `mb` or `days`) for a bad control; ConflictError 409 `no_active_bundle` ('No
   *   active bundle: use the eSIM at the destination first') or `profile_deleted`.
   */
  async simulate(iccid: string, action: SandboxEsimAction): Promise<SandboxEsimState> {
    if (!(SANDBOX_ESIM_ACTIONS as readonly string[]).includes(action.action)) {
      throw new ValidationError(`action must be one of ${SANDBOX_ESIM_ACTIONS.join(', ')}`, 'action');
    }
    const now = this.now();
    const updated = ICCID_PATTERN.test(iccid)
      ? await this.store.update(iccid, (snapshot) => planAction(snapshot, action, now))
      : undefined;
    if (!updated) throw new NotFoundError(`eSIM ${iccid} not found`, 'iccid');
    return simulateEsim(updated, now);
  }

  private async delay(): Promise<void> {
    if (this.options.latencyMs) await new Promise((r) => setTimeout(r, this.options.latencyMs));
  }

  /** @throws EsimProviderError 400 (not retryable) for a bundle not in the catalogue. */
  private async catalogueBundle(name: string): Promise<CatalogueBundle> {
    this.bundlesByName ??= new Map((await this.listCatalogue()).map((b) => [b.name, b]));
    const bundle = this.bundlesByName.get(name);
    if (!bundle) throw new EsimProviderError(`Bundle ${name} not found`, false, 400);
    return bundle;
  }

  private async readForUsage(iccid: string): Promise<SandboxEsimSnapshot> {
    await this.delay();
    const injected = this.options.failUsage?.(iccid);
    if (injected) throw injected;
    const snapshot = ICCID_PATTERN.test(iccid) ? await this.store.find(iccid) : undefined;
    if (!snapshot) throw unknownEsim(iccid);
    return snapshot;
  }

  /** The answer for an assignment already stored under the request's reference. */
  private replayApply(
    stored: SandboxBundleRecord,
    request: { reference: string; iccid: string; bundle: string },
  ): { reference: string; assignmentId: string } {
    if (stored.iccid !== request.iccid || stored.bundle !== request.bundle) {
      throw new EsimProviderError(
        `Reference ${request.reference} was already used for another eSIM or bundle`,
        false,
        409,
      );
    }
    return { reference: orderReferenceOf(request.reference), assignmentId: stored.id };
  }
}

/** A new assignment of a catalogue bundle; allowance in bytes from `dataMb` (1 MB = 1,048,576 bytes). */
function assignment(reference: string, iccid: string, bundle: CatalogueBundle, assignedAt: Date): SandboxBundleRecord {
  return {
    id: sandboxAssignmentId(reference),
    iccid,
    reference,
    bundle: bundle.name,
    unlimited: bundle.unlimited,
    initialBytes: bundle.unlimited || bundle.dataMb === null ? null : bundle.dataMb * BYTES_PER_MB,
    durationDays: bundle.durationDays,
    extraUsedBytes: 0,
    revoked: false,
    assignedAt,
  };
}
