import type { IdempotencyStore } from './idempotency.ts';
import type { IdempotencyClaim, IdempotencyRef } from './idempotency.repository.ts';

/** A stored key as `idempotency_keys` holds it. */
interface KeyRow {
  requestHash: string;
  state: 'in_progress' | 'completed';
  /** While `in_progress`: the recovery point; once `completed`: the response body. */
  body: unknown;
  status: number | null;
  /** Released by its owner (the real table's `updated_at = 'epoch'`): the next claim takes it over. */
  released: boolean;
}

/** JSON in and out, as the `jsonb` column stores it: no shared references, no `undefined` members. */
function asJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/**
 * An in-memory {@link IdempotencyStore} with the semantics of `IdempotencyRepository` for unit
 * tests: a key is claimed once; a released key (or, with `lockTimedOut`, one whose owner is
 * presumed dead) is taken over by a request with the same payload hash, which gets the recovery
 * point saved by {@link saveRecoveryPoint}; a completed key replays its response.
 */
export class FakeIdempotencyRepository implements IdempotencyStore {
  readonly rows = new Map<string, KeyRow>();
  /** Makes every `in_progress` key look abandoned (the owner's lock timed out). */
  lockTimedOut = false;

  private id(ref: IdempotencyRef): string {
    return JSON.stringify([ref.scope, ref.sessionId, ref.key]);
  }

  async claim(ref: IdempotencyRef, requestHash: string, _lockTimeoutMs: number): Promise<IdempotencyClaim> {
    const id = this.id(ref);
    const row = this.rows.get(id);
    if (!row) {
      this.rows.set(id, { requestHash, state: 'in_progress', body: null, status: null, released: false });
      return { kind: 'claimed', recovery: null };
    }
    if (row.state === 'completed' && row.status !== null) {
      return { kind: 'completed', requestHash: row.requestHash, status: row.status, body: asJson(row.body) };
    }
    if (row.requestHash === requestHash && (row.released || this.lockTimedOut)) {
      row.released = false;
      return { kind: 'claimed', recovery: asJson(row.body) };
    }
    return { kind: 'in_progress', requestHash: row.requestHash };
  }

  async complete(ref: IdempotencyRef, status: number, body: unknown): Promise<void> {
    const row = this.rows.get(this.id(ref));
    if (!row) return;
    Object.assign(row, { state: 'completed', status, body: asJson(body), released: false });
  }

  async release(ref: IdempotencyRef): Promise<void> {
    const row = this.rows.get(this.id(ref));
    if (row?.state === 'in_progress') row.released = true;
  }

  /**
   * `saveRecoveryPoint` of `idempotency.repository.ts`, which the real repositories call inside
   * the transaction that creates what the key's request made (e.g. the order of a checkout).
   */
  saveRecoveryPoint(ref: IdempotencyRef, recovery: unknown): void {
    const row = this.rows.get(this.id(ref));
    if (row?.state === 'in_progress') row.body = asJson(recovery);
  }
}
