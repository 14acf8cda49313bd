import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxEsimBundles, sandboxEsims } from './esim-provider.schema.ts';
import type { EsimProfileState } from './esim-provider.ts';
import {
  type SandboxBundleRecord,
  type SandboxEsimChange,
  type SandboxEsimRecord,
  type SandboxEsimSnapshot,
  applyChange,
} from './sandbox-usage.ts';

/**
 * Where the sandbox eSIM provider keeps its eSIMs and bundle assignments:
 * {@link SandboxEsimsRepository} (the database, shared by every app instance and kept across
 * restarts) or `MemorySandboxEsimStore` (one process, for callers without a database).
 */
export interface SandboxEsimStore {
  /**
   * Records newly issued eSIMs with their first bundles. Idempotent: an eSIM (by ICCID) or a
   * bundle (by reference) already stored is left as it is, so repeated and concurrent calls for one
   * order store each once.
   */
  insertOrder(order: readonly SandboxEsimSnapshot[]): Promise<void>;
  /** The eSIM with every bundle (in no particular order), or undefined for an unknown ICCID. */
  find(iccid: string): Promise<SandboxEsimSnapshot | undefined>;
  /** The bundle assignment recorded under `reference`, if any. */
  findBundle(reference: string): Promise<SandboxBundleRecord | undefined>;
  /**
   * Records a bundle assignment unless one with its reference exists.
   * @returns the assignment stored under the reference (this one, or the first one's).
   */
  insertBundle(bundle: SandboxBundleRecord): Promise<SandboxBundleRecord>;
  /**
   * Reads the eSIM, asks `plan` what to change and writes that, with no other update of the same
   * eSIM in between (so concurrent controls never lose each other's effect). An error thrown by
   * `plan` changes nothing and is rethrown.
   * @returns the eSIM as changed, or undefined for an unknown ICCID (`plan` is not called).
   */
  update(
    iccid: string,
    plan: (snapshot: SandboxEsimSnapshot) => SandboxEsimChange,
  ): Promise<SandboxEsimSnapshot | undefined>;
}

type EsimRow = typeof sandboxEsims.$inferSelect;
type BundleRow = typeof sandboxEsimBundles.$inferSelect;

function toEsim(row: EsimRow): SandboxEsimRecord {
  return {
    iccid: row.iccid,
    orderReference: row.orderReference,
    smdpAddress: row.smdpAddress,
    matchingId: row.matchingId,
    // The column only ever receives `EsimProfileState` values (written here alone).
    profileState: row.profileState as EsimProfileState,
    firstUsedAt: row.firstUsedAt,
    clockOffsetMs: row.clockOffsetMs,
  };
}

function toBundle(row: BundleRow): SandboxBundleRecord {
  return {
    id: row.id,
    iccid: row.iccid,
    reference: row.reference,
    bundle: row.bundle,
    unlimited: row.unlimited,
    initialBytes: row.initialBytes,
    durationDays: row.durationDays,
    extraUsedBytes: row.extraUsedBytes,
    revoked: row.revoked,
    assignedAt: row.assignedAt,
  };
}

/**
 * The sandbox eSIM provider's tables (`sandbox_esims`, `sandbox_esim_bundles`; migration
 * `0003_portal.sql`). The only module of the provider that touches SQL. Idempotency rests on the
 * primary keys (ICCID, assignment id) and the unique bundle reference: inserts are
 * `ON CONFLICT DO NOTHING` followed by a read, so a loser of a race waits for the winner's commit
 * and then reads its row (READ COMMITTED).
 */
export class SandboxEsimsRepository implements SandboxEsimStore {
  constructor(private readonly db: Db) {}

  async insertOrder(order: readonly SandboxEsimSnapshot[]): Promise<void> {
    if (order.length === 0) return;
    // One transaction, so an eSIM is never visible without its first bundle.
    await this.db.transaction(async (tx) => {
      await tx
        .insert(sandboxEsims)
        .values(order.map(({ esim }) => esim))
        .onConflictDoNothing();
      const bundles = order.flatMap((item) => item.bundles);
      if (bundles.length > 0) await tx.insert(sandboxEsimBundles).values(bundles).onConflictDoNothing();
    });
  }

  async find(iccid: string): Promise<SandboxEsimSnapshot | undefined> {
    const [esim] = await this.db.select().from(sandboxEsims).where(eq(sandboxEsims.iccid, iccid));
    if (!esim) return undefined;
    const bundles = await this.db
      .select()
      .from(sandboxEsimBundles)
      .where(eq(sandboxEsimBundles.iccid, iccid))
      .orderBy(asc(sandboxEsimBundles.assignedAt), asc(sandboxEsimBundles.id));
    return { esim: toEsim(esim), bundles: bundles.map(toBundle) };
  }

  async findBundle(reference: string): Promise<SandboxBundleRecord | undefined> {
    const [row] = await this.db.select().from(sandboxEsimBundles).where(eq(sandboxEsimBundles.reference, reference));
    return row ? toBundle(row) : undefined;
  }

  async insertBundle(bundle: SandboxBundleRecord): Promise<SandboxBundleRecord> {
    const [own] = await this.db.insert(sandboxEsimBundles).values(bundle).onConflictDoNothing().returning();
    if (own) return toBundle(own);
    const existing = await this.findBundle(bundle.reference);
    // Only an assignment id shared by two references (a 48-bit hash collision) gets here.
    if (!existing) throw new Error(`sandbox_esim_bundles: assignment id ${bundle.id} is taken by another reference`);
    return existing;
  }

  async update(
    iccid: string,
    plan: (snapshot: SandboxEsimSnapshot) => SandboxEsimChange,
  ): Promise<SandboxEsimSnapshot | undefined> {
    return this.db.transaction(async (tx) => {
      // The row lock serialises controls of one eSIM across app instances.
      const [esim] = await tx.select().from(sandboxEsims).where(eq(sandboxEsims.iccid, iccid)).for('update');
      if (!esim) return undefined;
      const bundles = await tx.select().from(sandboxEsimBundles).where(eq(sandboxEsimBundles.iccid, iccid));
      const snapshot: SandboxEsimSnapshot = { esim: toEsim(esim), bundles: bundles.map(toBundle) };
      const change = plan(snapshot);
      const { extraUse, revokeBundleId, ...esimChange } = change;
      if (Object.keys(esimChange).length > 0) {
        await tx.update(sandboxEsims).set(esimChange).where(eq(sandboxEsims.iccid, iccid));
      }
      if (extraUse) {
        await tx
          .update(sandboxEsimBundles)
          .set({ extraUsedBytes: sql`${sandboxEsimBundles.extraUsedBytes} + ${extraUse.bytes}` })
          .where(and(eq(sandboxEsimBundles.id, extraUse.bundleId), eq(sandboxEsimBundles.iccid, iccid)));
      }
      if (revokeBundleId !== undefined) {
        await tx
          .update(sandboxEsimBundles)
          .set({ revoked: true })
          .where(and(eq(sandboxEsimBundles.id, revokeBundleId), eq(sandboxEsimBundles.iccid, iccid)));
      }
      return applyChange(snapshot, change);
    });
  }
}
