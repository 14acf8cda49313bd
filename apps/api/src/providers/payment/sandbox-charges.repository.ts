import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCharges, sandboxRefunds } from './sandbox-payments.schema.ts';

/**
 * Status of a sandbox charge. The schema's comment lists the first four; `approved` is the
 * sandbox's PayPal state between the buyer's approval and the store's capture.
 */
export type SandboxChargeStatus = 'requires_approval' | 'approved' | 'succeeded' | 'failed' | 'cancelled';

/** One row of the sandbox ledger. Money is integer cents of `currency`. Never holds card numbers or CVCs. */
export type SandboxChargeRow = Omit<typeof sandboxCharges.$inferSelect, 'status' | 'method'> & {
  method: 'card' | 'paypal';
  status: SandboxChargeStatus;
};

/** A charge to record; the id is chosen by the caller (`ch_...` for cards, a PayPal-style id otherwise). */
export type NewSandboxCharge = Omit<SandboxChargeRow, 'createdAt' | 'updatedAt'>;

function toRow(row: typeof sandboxCharges.$inferSelect): SandboxChargeRow {
  return row as SandboxChargeRow;
}

/** One refund of the sandbox ledger (`sandbox_refunds`). Money is integer cents of the charge's currency. */
export type SandboxRefundRow = Omit<typeof sandboxRefunds.$inferSelect, 'status'> & { status: 'succeeded' | 'failed' };

/** A refund to record; the id is chosen by the caller (`re_...` for cards, a PayPal-style id otherwise). */
export type NewSandboxRefund = Omit<SandboxRefundRow, 'createdAt' | 'status'>;

/** What {@link SandboxChargesRepository.refundOnce} asks its caller to decide, with the charge locked. */
export interface RefundDecisionInput {
  charge: SandboxChargeRow;
  /** Cents already refunded on the charge by succeeded refunds (this key's failed attempt not counted). */
  refundedCents: number;
  /** A failed refund stored earlier under the same key, decided again now. */
  previous: SandboxRefundRow | undefined;
}

function toRefund(row: typeof sandboxRefunds.$inferSelect): SandboxRefundRow {
  return row as SandboxRefundRow;
}

/**
 * Data access for the sandbox payment provider's ledger (`sandbox_charges`). The only module of
 * the provider that touches SQL.
 */
export class SandboxChargesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records `charge` unless a charge with its idempotency key exists, and returns the charge stored
   * under that key: `INSERT ... ON CONFLICT DO NOTHING`, then a `SELECT` in a new statement.
   * Concurrent calls with one key therefore create one row and all return it: a loser's insert
   * waits for the winner's commit, does nothing, and its `SELECT` (a fresh snapshot under READ
   * COMMITTED) sees the winner's row.
   * @returns the stored row and whether this call created it; undefined when nothing is stored
   *   under the key because `charge.tokenId` already paid another charge (unique `token_id`).
   */
  async insertOnce(charge: NewSandboxCharge): Promise<{ row: SandboxChargeRow; created: boolean } | undefined> {
    const inserted = await this.db.insert(sandboxCharges).values(charge).onConflictDoNothing().returning();
    const own = inserted[0];
    if (own) return { row: toRow(own), created: true };
    const existing = await this.findByIdempotencyKey(charge.idempotencyKey);
    return existing ? { row: existing, created: false } : undefined;
  }

  /** The charge recorded under an idempotency key, if any. */
  async findByIdempotencyKey(key: string): Promise<SandboxChargeRow | undefined> {
    const rows = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key));
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /** The charge with this id, if any. */
  async findById(id: string): Promise<SandboxChargeRow | undefined> {
    const rows = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /**
   * Moves a PayPal charge from one of the `from` statuses to `to` in one conditional `UPDATE`, so
   * that concurrent decisions cannot both apply (the first wins).
   * @returns the updated row, or undefined when the charge is not a PayPal charge in a `from` status.
   */
  async transitionPaypal(
    id: string,
    from: readonly SandboxChargeStatus[],
    to: SandboxChargeStatus,
    failure?: { code: string; message: string },
  ): Promise<SandboxChargeRow | undefined> {
    const rows = await this.db
      .update(sandboxCharges)
      .set({
        status: to,
        ...(failure ? { failureCode: failure.code, failureMessage: failure.message } : {}),
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(sandboxCharges.id, id), eq(sandboxCharges.method, 'paypal'), inArray(sandboxCharges.status, [...from])),
      )
      .returning();
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /** The refund recorded under an idempotency key, if any. */
  async findRefundByIdempotencyKey(key: string): Promise<SandboxRefundRow | undefined> {
    const rows = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
    return rows[0] ? toRefund(rows[0]) : undefined;
  }

  /** Every refund of a charge, oldest first. */
  async refundsOfCharge(chargeId: string): Promise<SandboxRefundRow[]> {
    const rows = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeId, chargeId))
      .orderBy(sandboxRefunds.createdAt, sandboxRefunds.id);
    return rows.map(toRefund);
  }

  /**
   * Records a refund of `refund.chargeId` once per idempotency key, in one transaction that locks
   * the charge row (`SELECT ... FOR UPDATE`), so that concurrent refunds of a charge are decided
   * one after the other and can never together exceed its amount, and concurrent calls with one
   * key store one refund:
   * - a succeeded refund under the key is returned as it is (`created: false`), `decide` is not called;
   * - otherwise `decide` says, with the charge locked, the amount already refunded and a failed
   *   attempt under the key (if any), whether the refund succeeds; a new key stores a row with that
   *   status, a failed one is updated to succeeded when `decide` now allows it.
   * An error thrown by `decide` changes nothing and is rethrown.
   * @returns the refund stored under the key and whether this call created or changed it;
   *   undefined when there is no charge `refund.chargeId`.
   */
  async refundOnce(
    refund: NewSandboxRefund,
    decide: (input: RefundDecisionInput) => 'succeeded' | 'failed',
  ): Promise<{ row: SandboxRefundRow; created: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      const [charge] = await tx
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, refund.chargeId))
        .for('update');
      if (!charge) return undefined;
      const [stored] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey))
        .for('update');
      const previous = stored ? toRefund(stored) : undefined;
      if (previous?.status === 'succeeded') return { row: previous, created: false };
      const [sum] = await tx
        .select({ cents: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
        .from(sandboxRefunds)
        .where(and(eq(sandboxRefunds.chargeId, refund.chargeId), eq(sandboxRefunds.status, 'succeeded')));
      const status = decide({ charge: toRow(charge), refundedCents: Number(sum?.cents ?? 0), previous });
      if (previous) {
        if (status === 'failed') return { row: previous, created: false };
        const [updated] = await tx
          .update(sandboxRefunds)
          .set({ status })
          .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey))
          .returning();
        if (!updated) throw new Error('sandbox_refunds: a locked refund row vanished');
        return { row: toRefund(updated), created: true };
      }
      const [own] = await tx
        .insert(sandboxRefunds)
        .values({ ...refund, status })
        .onConflictDoNothing()
        .returning();
      if (own) return { row: toRefund(own), created: true };
      // Only a concurrent call with the same key on another charge gets here (it locked another row).
      const [other] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey));
      if (!other) throw new Error('sandbox_refunds: an idempotency key conflicted but holds no refund');
      return { row: toRefund(other), created: false };
    });
  }
}
