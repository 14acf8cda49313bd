import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { providerRequests } from '../esim-provider.schema.ts';

/** A stored attempt record (`provider_requests`, migration 0010). */
export type ProviderRequestRow = typeof providerRequests.$inferSelect;

/** What a purchase is: new eSIMs (`order`) or a bundle onto `iccid` (`topup`). */
export interface ProviderRequestSpec {
  reference: string;
  kind: 'order' | 'topup';
  bundle: string;
  quantity: number;
  iccid: string | null;
}

/** Serialises claims of provider order references across connections and instances (arbitrary constant). */
const CLAIM_LOCK_KEY = 727_012;

/**
 * The exactly-once record of eSIM Go purchases (decision record 0018: eSIM Go has no idempotency keys):
 * one row per caller reference, written BEFORE each call, so that after a time-out the adapter
 * knows an attempt may have run and reconciles instead of buying again.
 */
export class ProviderRequestsRepository {
  constructor(
    private readonly db: Db,
    private readonly provider = 'esimgo',
  ) {}

  /** The row of `spec.reference`, inserted `pending` with no attempt if it did not exist. */
  async ensure(spec: ProviderRequestSpec): Promise<ProviderRequestRow> {
    await this.db
      .insert(providerRequests)
      .values({
        reference: spec.reference,
        provider: this.provider,
        kind: spec.kind,
        bundle: spec.bundle,
        quantity: spec.quantity,
        iccid: spec.iccid,
      })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(providerRequests).where(eq(providerRequests.reference, spec.reference));
    return row!;
  }

  /**
   * Starts an attempt if nobody started another since `seen` was read (compare-and-set on
   * `attempts`): state `pending`, `attempts + 1`, `attempted_at = at`, error cleared.
   * @returns false when another caller started one first.
   */
  async beginAttempt(seen: ProviderRequestRow, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(providerRequests)
      .set({
        state: 'pending',
        attempts: sql`${providerRequests.attempts} + 1`,
        attemptedAt: at,
        error: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(providerRequests.reference, seen.reference),
          eq(providerRequests.attempts, seen.attempts),
          sql`${providerRequests.state} <> 'done'`,
        ),
      )
      .returning({ reference: providerRequests.reference });
    return rows.length === 1;
  }

  /**
   * Ties the provider's order reference to this request, unless another request holds it
   * already (two identical purchases reconciling at once must not take the same order). Claims
   * are serialised by a transaction-scoped advisory lock.
   * @returns true when the reference is now this request's (also when it already was).
   */
  claimProviderReference(reference: string, providerReference: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
      const taken = await queryRows<{ reference: string }>(
        tx,
        sql`select reference from ${providerRequests}
            where provider = ${this.provider} and provider_reference = ${providerReference} and reference <> ${reference} limit 1`,
      );
      if (taken.length > 0) return false;
      await tx
        .update(providerRequests)
        .set({ providerReference, updatedAt: sql`now()` })
        .where(eq(providerRequests.reference, reference));
      return true;
    });
  }

  /** Provider order references already claimed by requests other than `reference`. */
  async claimedReferences(providerReferences: readonly string[], reference: string): Promise<Set<string>> {
    if (providerReferences.length === 0) return new Set();
    const rows = await queryRows<{ provider_reference: string }>(
      this.db,
      sql`select provider_reference from ${providerRequests}
          where provider = ${this.provider} and reference <> ${reference}
            and provider_reference in (${sql.join(
              providerReferences.map((r) => sql`${r}`),
              sql`, `,
            )})`,
    );
    return new Set(rows.map((r) => r.provider_reference));
  }

  /**
   * Which of `iccids` are the target of a top-up request (`provider_requests.iccid` of kind
   * `topup`, recorded before its order is sent).
   * @returns the subset of `iccids` (empty for an empty input).
   */
  async topupIccids(iccids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(iccids)];
    if (unique.length === 0) return new Set();
    const list = sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    );
    const rows = await queryRows<{ iccid: string }>(
      this.db,
      sql`select iccid from ${providerRequests}
          where provider = ${this.provider} and kind = 'topup' and iccid in (${list})`,
    );
    return new Set(rows.map((r) => r.iccid));
  }

  /** Stores the result the caller gets back from now on: state `done`. */
  async complete(reference: string, providerReference: string, result: Record<string, unknown>): Promise<void> {
    await this.db
      .update(providerRequests)
      .set({ state: 'done', providerReference, result, error: null, updatedAt: sql`now()` })
      .where(eq(providerRequests.reference, reference));
  }

  /** Records a definite refusal (4xx): state `failed`; a later call may attempt again (nothing was bought). */
  async fail(reference: string, error: string): Promise<void> {
    await this.db
      .update(providerRequests)
      .set({ state: 'failed', error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(and(eq(providerRequests.reference, reference), sql`${providerRequests.state} <> 'done'`));
  }

  /** Notes why the outcome of an attempt is unknown (the row stays `pending`). */
  async noteUnknown(reference: string, error: string): Promise<void> {
    await this.db
      .update(providerRequests)
      .set({ error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(and(eq(providerRequests.reference, reference), eq(providerRequests.state, 'pending')));
  }

  /** The row of a reference, if any (tests, support). */
  async find(reference: string): Promise<ProviderRequestRow | undefined> {
    const [row] = await this.db.select().from(providerRequests).where(eq(providerRequests.reference, reference));
    return row;
  }
}
