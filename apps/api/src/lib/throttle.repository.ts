import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { throttleBuckets } from './platform.schema.ts';
import type { BucketHit, BucketState, ThrottleStore } from './throttle.ts';

/** Most ended counters one prune deletes, so that a prune after a flood stays a short statement. */
const PRUNE_BATCH = 1_000;

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const list = (items: SQL[]) => sql.join(items, sql`, `);

/**
 * Throttle counters (`throttle_buckets`), fixed windows that start at a counter's first hit; the
 * policy is in `throttle.ts`. Times come from the caller's clock (`nowMs`), so that a test can
 * move it; instances of the store whose clocks differ by a second count alike.
 */
export class ThrottleRepository implements ThrottleStore {
  constructor(private readonly db: Db) {}

  /**
   * One statement: a multi-row `INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING` adds to
   * every hit counter (a counter whose window has ended starts a new one at `nowMs`), under its
   * row lock, so simultaneous requests on any instance are all counted; the same statement reads
   * the `peek` counters whose window has not ended. `hits` must have distinct keys (a row cannot
   * be updated twice in one statement); callers sort them, so that concurrent statements lock
   * rows in the same order and cannot deadlock.
   */
  async hit(hits: BucketHit[], peek: string[], nowMs: number): Promise<BucketState[]> {
    if (hits.length === 0 && peek.length === 0) return [];
    const now = timestamp(nowMs);
    const parts: SQL[] = [];
    let hitCte = sql``;
    if (hits.length > 0) {
      const values = hits.map((h) => sql`(${h.key}::text, ${h.cost}::int, ${timestamp(nowMs + h.windowS * 1000)})`);
      hitCte = sql`with hit as (
        insert into ${throttleBuckets} as b (key, hits, window_ends_at) values ${list(values)}
        on conflict (key) do update set
          hits = case when b.window_ends_at <= ${now} then excluded.hits else b.hits + excluded.hits end,
          window_ends_at = case when b.window_ends_at <= ${now} then excluded.window_ends_at else b.window_ends_at end
        returning key, hits, window_ends_at)`;
      parts.push(sql`select key, hits, window_ends_at from hit`);
    }
    if (peek.length > 0) {
      parts.push(sql`select key, hits, window_ends_at from ${throttleBuckets}
        where key in (${list(peek.map((k) => sql`${k}::text`))}) and window_ends_at > ${now}`);
    }
    const rows = await queryRows<{ key: string; hits: number; ends_ms: number }>(
      this.db,
      sql`${hitCte}
          select key, hits, (extract(epoch from window_ends_at) * 1000)::float8 as ends_ms
          from (${sql.join(parts, sql` union all `)}) counted`,
    );
    return rows.map((r) => ({ key: r.key, hits: Number(r.hits), windowEndsAtMs: Math.round(Number(r.ends_ms)) }));
  }

  /**
   * Deletes up to {@link PRUNE_BATCH} counters whose window ended by `nowMs`. Rows another
   * statement holds are skipped (`FOR UPDATE SKIP LOCKED`), so a prune never waits for a lock and
   * cannot deadlock with the checks; a hit on a row being deleted waits and then inserts anew.
   * @returns how many were deleted.
   */
  async prune(nowMs: number): Promise<number> {
    const rows = await queryRows<{ key: string }>(
      this.db,
      sql`delete from ${throttleBuckets} where key in (
            select key from ${throttleBuckets} where window_ends_at <= ${timestamp(nowMs)}
            limit ${PRUNE_BATCH}::int for update skip locked)
          returning key`,
    );
    return rows.length;
  }
}
