import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { esimBundles, esims } from '../orders.schema.ts';
import { WebhookEventsRepository } from '../../../lib/webhook-events.repository.ts';
import { esimDisplayState } from './esim-state.ts';
import type { CallbackBundle } from '../../../providers/esim/esimgo/esimgo-callback.ts';

/** What recording a callback did. */
export type CallbackOutcome =
  /** Its effect is committed now. */
  | 'applied'
  /** Recorded, but it names no eSIM or bundle the store holds (or a type with no effect). */
  | 'ignored'
  /** The same body was processed before: nothing happened again. */
  | 'duplicate';

/** The effect of one callback on the store's copy of an eSIM. */
export type CallbackEffect =
  | { kind: 'usage'; iccid: string | null; bundle: CallbackBundle; firstUse: boolean }
  | { kind: 'deleted'; iccid: string }
  | { kind: 'none' };

/** Provider bundle states that are over for good: a late callback does not bring them back. */
const ENDED = ['depleted', 'expired', 'revoked', 'lapsed'];
/** Profile states before a phone has used the eSIM: a first use means it is enabled now. */
const NOT_YET_USED = ['released', 'downloaded', 'installed'];

/**
 * Storage of eSIM Go usage callbacks (decision record 0018): the
 * delivery in `webhook_events` (provider `esimgo`, event id = SHA-256 of the raw body) and its
 * effect on `esims` / `esim_bundles`, in ONE transaction, so that each delivery takes effect once
 * however often it comes.
 */
export class EsimGoCallbackRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records the delivery and applies its effect, unless a delivery with the same id was processed
   * already. Usage: the bundle row is found by assignment id (`bundle.id`), else the oldest row of
   * that bundle name not yet linked to an assignment (and linked now); its bytes, dates and state
   * are written (remaining bytes never go up again, an ended state stays ended, start and end
   * times kept once known); a first use sets the eSIM's first use and profile `enabled`. The
   * eSIM's display state is recomputed (`esimDisplayState`). `esim.deleted` → profile `deleted`.
   */
  record(eventId: string, type: string, effect: CallbackEffect, now = new Date()): Promise<CallbackOutcome> {
    return this.db.transaction(async (tx) => {
      const events = new WebhookEventsRepository(tx as unknown as Db, 'esimgo');
      if ((await events.claim(eventId, type.slice(0, 100), { lock: true })) === 'processed') return 'duplicate';
      const applied = await this.apply(tx as unknown as Db, effect, now);
      await events.markProcessed(eventId);
      return applied ? 'applied' : 'ignored';
    });
  }

  private async apply(tx: Db, effect: CallbackEffect, now: Date): Promise<boolean> {
    if (effect.kind === 'none') return false;
    if (effect.kind === 'deleted') {
      const [esim] = await tx.select().from(esims).where(eq(esims.iccid, effect.iccid)).for('update');
      if (!esim) return false;
      await tx.update(esims).set({ profileState: 'deleted' }).where(eq(esims.id, esim.id));
      await this.refreshStatus(tx, esim.id, 'deleted');
      return true;
    }
    const { bundle } = effect;
    const row = await this.bundleRow(tx, effect.iccid, bundle);
    if (!row) return false;
    const [esim] = await tx.select().from(esims).where(eq(esims.id, row.esimId)).for('update');
    if (!esim) return false;
    const initial = bundle.initialQuantity;
    const remainingNew = bundle.remainingQuantity;
    const remaining =
      row.remainingBytes !== null && remainingNew !== null ? Math.min(row.remainingBytes, remainingNew) : remainingNew;
    const unlimited = bundle.unlimited || row.unlimited;
    const used =
      initial !== null && remaining !== null && initial >= 0 && remaining >= 0
        ? Math.max(row.usedBytes, initial - remaining)
        : row.usedBytes;
    const startedAt = row.startedAt ?? bundle.startTime ?? (effect.firstUse ? now : null);
    const endsAt = bundle.endTime ?? row.endsAt;
    let state = row.state;
    if (!ENDED.includes(state)) {
      if (!unlimited && remaining !== null && remaining <= 0) state = 'depleted';
      else if (endsAt && endsAt.getTime() <= now.getTime()) state = 'expired';
      else if (startedAt) state = 'active';
    }
    await tx
      .update(esimBundles)
      .set({
        ...(bundle.id && !row.providerAssignmentId ? { providerAssignmentId: bundle.id } : {}),
        state,
        ...(unlimited
          ? { initialBytes: null, remainingBytes: null }
          : {
              ...(initial !== null && initial >= 0 ? { initialBytes: initial } : {}),
              ...(remaining !== null && remaining >= 0 ? { remainingBytes: remaining } : {}),
            }),
        usedBytes: used,
        startedAt,
        endsAt,
        updatedAt: sql`now()`,
      })
      .where(eq(esimBundles.id, row.id));
    const firstUse = effect.firstUse || startedAt !== null;
    const profileState = firstUse && NOT_YET_USED.includes(esim.profileState) ? 'enabled' : esim.profileState;
    await tx
      .update(esims)
      .set({ profileState, activatedAt: esim.activatedAt ?? (firstUse ? (startedAt ?? now) : null) })
      .where(eq(esims.id, esim.id));
    await this.refreshStatus(tx, esim.id, profileState);
    return true;
  }

  /** The bundle row a callback is about: by assignment id (and ICCID when given), else the oldest unlinked row of the bundle on that eSIM. */
  private async bundleRow(tx: Db, iccid: string | null, bundle: CallbackBundle) {
    if (bundle.id) {
      const byId = await tx
        .select({ row: esimBundles })
        .from(esimBundles)
        .innerJoin(esims, eq(esims.id, esimBundles.esimId))
        .where(and(eq(esimBundles.providerAssignmentId, bundle.id), ...(iccid ? [eq(esims.iccid, iccid)] : [])))
        .limit(1)
        .for('update');
      if (byId[0]) return byId[0].row;
    }
    if (!iccid || !bundle.name) return undefined;
    const [unlinked] = await tx
      .select({ row: esimBundles })
      .from(esimBundles)
      .innerJoin(esims, eq(esims.id, esimBundles.esimId))
      .where(
        and(
          eq(esims.iccid, iccid),
          eq(esimBundles.apiBundleName, bundle.name),
          isNull(esimBundles.providerAssignmentId),
        ),
      )
      .orderBy(asc(esimBundles.assignedAt), asc(esimBundles.id))
      .limit(1)
      .for('update');
    return unlinked?.row;
  }

  private async refreshStatus(tx: Db, esimId: number, profileState: string): Promise<void> {
    const states = await tx
      .select({ state: esimBundles.state })
      .from(esimBundles)
      .where(eq(esimBundles.esimId, esimId));
    await tx
      .update(esims)
      .set({
        status: esimDisplayState(
          profileState,
          states.map((s) => s.state),
        ),
      })
      .where(eq(esims.id, esimId));
  }
}
