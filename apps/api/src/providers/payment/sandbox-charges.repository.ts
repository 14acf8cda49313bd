import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCharges } from '../../db/schema.ts';

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
}
