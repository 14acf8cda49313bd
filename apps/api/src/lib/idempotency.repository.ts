import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { idempotencyKeys } from './platform.schema.ts';

/** Identifies one idempotency key: endpoint, visitor session and the client's key. */
export interface IdempotencyRef {
  /** The endpoint, e.g. `POST /api/checkout`. */
  scope: string;
  sessionId: string;
  key: string;
}

/** What a claim found. */
export type IdempotencyClaim =
  /** This request owns the key now; `recovery` is what an earlier owner saved before it stopped (or null). */
  | { kind: 'claimed'; recovery: unknown }
  /** Another request owns the key and has not finished. */
  | { kind: 'in_progress'; requestHash: string }
  /** The key's request finished: replay its response. */
  | { kind: 'completed'; requestHash: string; status: number; body: unknown };

/**
 * Saves a recovery point for the key's request inside the caller's transaction (`tx`), e.g. the
 * order it just created: if the request dies before completing, the next request with the key
 * resumes from it instead of starting over. While the key is `in_progress`, `response_body`
 * holds this recovery point (`response_status` stays null); completing replaces it.
 */
export async function saveRecoveryPoint(tx: Db, ref: IdempotencyRef, recovery: unknown): Promise<void> {
  await tx.execute(
    sql`update ${idempotencyKeys} set response_body = ${JSON.stringify(recovery)}::jsonb, updated_at = now()
        where scope = ${ref.scope} and session_id = ${ref.sessionId} and key = ${ref.key} and state = 'in_progress'`,
  );
}

/** Storage of idempotency keys (`idempotency_keys`); see `idempotency.ts` for the protocol. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes the key for this request, in one statement: inserts it `in_progress`, or, when it exists
   * `in_progress` with the same request hash and its owner has not touched it for `lockTimeoutMs`
   * (crashed, or released it after an error), takes it over. Otherwise reports what it found.
   * `updated_at` is the owner's lock time.
   */
  async claim(ref: IdempotencyRef, requestHash: string, lockTimeoutMs: number): Promise<IdempotencyClaim> {
    const claimed = await queryRows<{ response_body: unknown }>(
      this.db,
      sql`insert into ${idempotencyKeys} as k (scope, session_id, key, request_hash, state)
          values (${ref.scope}, ${ref.sessionId}, ${ref.key}, ${requestHash}, 'in_progress')
          on conflict (scope, session_id, key) do update set updated_at = now()
            where k.state = 'in_progress' and k.request_hash = excluded.request_hash
              and k.updated_at < now() - ${lockTimeoutMs}::int * interval '1 millisecond'
          returning k.response_body`,
    );
    if (claimed[0]) return { kind: 'claimed', recovery: claimed[0].response_body };
    const rows = await queryRows<{
      state: string;
      request_hash: string;
      response_status: number | null;
      response_body: unknown;
    }>(
      this.db,
      sql`select state, request_hash, response_status, response_body from ${idempotencyKeys}
          where scope = ${ref.scope} and session_id = ${ref.sessionId} and key = ${ref.key}`,
    );
    const row = rows[0];
    // Deleted between the two statements (no code path deletes keys today): claim again.
    if (!row) return this.claim(ref, requestHash, lockTimeoutMs);
    if (row.state === 'completed' && row.response_status !== null) {
      return { kind: 'completed', requestHash: row.request_hash, status: row.response_status, body: row.response_body };
    }
    return { kind: 'in_progress', requestHash: row.request_hash };
  }

  /** Stores the final response; later requests with the key replay it. */
  async complete(ref: IdempotencyRef, status: number, body: unknown): Promise<void> {
    await this.db.execute(
      sql`update ${idempotencyKeys}
          set state = 'completed', response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb, updated_at = now()
          where scope = ${ref.scope} and session_id = ${ref.sessionId} and key = ${ref.key}`,
    );
  }

  /**
   * Gives the key up without a response (the request failed before a result worth replaying), so
   * that the next request with it runs at once, resuming from any saved recovery point.
   */
  async release(ref: IdempotencyRef): Promise<void> {
    await this.db.execute(
      sql`update ${idempotencyKeys} set updated_at = 'epoch'::timestamptz
          where scope = ${ref.scope} and session_id = ${ref.sessionId} and key = ${ref.key} and state = 'in_progress'`,
    );
  }
}
