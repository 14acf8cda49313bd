import type { BucketHit, BucketState, ThrottleStore } from './throttle.ts';

/**
 * An in-memory {@link ThrottleStore} with the semantics of `ThrottleRepository` for unit tests:
 * fixed windows that start at a counter's first hit; a counter whose window has ended starts a
 * new one; `peek` reads only counters whose window has not ended.
 */
export class FakeThrottleRepository implements ThrottleStore {
  /** Counters by key: hits in the window that ends at `windowEndsAtMs` (epoch ms). */
  readonly rows = new Map<string, { hits: number; windowEndsAtMs: number }>();

  async hit(hits: BucketHit[], peek: string[], nowMs: number): Promise<BucketState[]> {
    const out: BucketState[] = [];
    for (const h of hits) {
      const row = this.rows.get(h.key);
      const next =
        row && row.windowEndsAtMs > nowMs
          ? { hits: row.hits + h.cost, windowEndsAtMs: row.windowEndsAtMs }
          : { hits: h.cost, windowEndsAtMs: nowMs + h.windowS * 1000 };
      this.rows.set(h.key, next);
      out.push({ key: h.key, ...next });
    }
    for (const key of peek) {
      const row = this.rows.get(key);
      if (row && row.windowEndsAtMs > nowMs) out.push({ key, ...row });
    }
    return out;
  }

  async prune(nowMs: number): Promise<number> {
    let deleted = 0;
    for (const [key, row] of this.rows) {
      if (row.windowEndsAtMs <= nowMs) {
        this.rows.delete(key);
        deleted++;
      }
    }
    return deleted;
  }
}
