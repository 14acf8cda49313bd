import { createHash } from 'node:crypto';
import { IdempotencyInProgressError, IdempotencyKeyReusedError } from './errors.ts';
import type { IdempotencyRef, IdempotencyRepository } from './idempotency.repository.ts';

export { saveRecoveryPoint, type IdempotencyRef } from './idempotency.repository.ts';

/**
 * Idempotency keys for state-changing requests (IETF draft "The Idempotency-Key HTTP Header
 * Field"; Stripe's semantics; decision record 0012):
 * - the first request with a key runs and its response (status and body) is stored;
 * - a repeat with the same key and the same payload replays that response without running again;
 * - a repeat with another payload is refused (422), whatever the first request's state;
 * - a repeat while the first is still running waits for it (up to `waitMs`) and replays it, or
 *   gets 409 if it is still running then.
 * Keys are scoped to endpoint and visitor session. A request that fails with an error (invalid
 * cart, provider unreachable, a bug) stores nothing and releases the key, so a retry runs again,
 * resuming from the recovery point the failed run saved (see `saveRecoveryPoint`). A run that
 * died holding a key (kill -9) gives it up after `lockTimeoutMs`.
 */

/** A response to store and replay. */
export interface IdempotentResponse<T> {
  status: number;
  body: T;
}

/** Tuning, in ms. */
export interface IdempotencyOptions {
  /** How long a concurrent repeat waits for the first request (default 15 s). */
  waitMs: number;
  /** How often it looks (default 25 ms). */
  pollMs: number;
  /** After this long without a response the owner is presumed dead and the key is taken over (default 60 s). */
  lockTimeoutMs: number;
}

const DEFAULTS: IdempotencyOptions = { waitMs: 15_000, pollMs: 25, lockTimeoutMs: 60_000 };

/** Canonical JSON (object keys sorted, `undefined` members dropped) so that equal payloads hash equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of a payload's canonical JSON: the "same payload" test of the protocol. */
export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

/** What {@link Idempotency} needs of its storage: `IdempotencyRepository`, or an in-memory fake in unit tests. */
export type IdempotencyStore = Pick<IdempotencyRepository, 'claim' | 'release' | 'complete'>;

/** Runs requests at most once per idempotency key; see the module comment. */
export class Idempotency {
  private readonly options: IdempotencyOptions;

  constructor(
    private readonly repo: IdempotencyStore,
    options: Partial<IdempotencyOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Runs `run` once for `ref` and `requestHash`, or replays the stored response.
   * `run` receives the recovery point a previous owner of the key saved, or null.
   * @returns the response, with `replayed` true when it was stored by an earlier request.
   * @throws IdempotencyKeyReusedError (422) when the key was used with another payload.
   * @throws IdempotencyInProgressError (409) when the first request is still running after `waitMs`.
   * @throws whatever `run` throws (the key is released, nothing is stored).
   */
  async execute<T>(
    ref: IdempotencyRef,
    requestHash: string,
    run: (recovery: unknown) => Promise<IdempotentResponse<T>>,
  ): Promise<IdempotentResponse<T> & { replayed: boolean }> {
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const claim = await this.repo.claim(ref, requestHash, this.options.lockTimeoutMs);
      if (claim.kind === 'claimed') {
        let response: IdempotentResponse<T>;
        try {
          response = await run(claim.recovery);
        } catch (error) {
          await this.repo.release(ref);
          throw error;
        }
        await this.repo.complete(ref, response.status, response.body);
        return { ...response, replayed: false };
      }
      if (claim.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
      if (claim.kind === 'completed') return { status: claim.status, body: claim.body as T, replayed: true };
      if (Date.now() >= deadline) throw new IdempotencyInProgressError();
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
    }
  }
}
