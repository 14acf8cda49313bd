import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { type Database, queryRows } from '../db/client.ts';
import { ThrottleRepository } from './throttle.repository.ts';

/** The throttle counters' SQL, on a fresh PGlite (or on PostgreSQL when `DATABASE_URL` is set). */

let database: Database;
let repo: ThrottleRepository;
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
let seq = 0;
/** A key no other test uses. */
const key = (label: string) => `test:${label}:${++seq}`;

beforeAll(async () => {
  database = await openTestDatabase();
  repo = new ThrottleRepository(database.db);
});
afterAll(async () => {
  await database?.close();
});

const stored = (k: string) =>
  queryRows<{ hits: number }>(database.db, sql`select hits from throttle_buckets where key = ${k}`).then(
    (rows) => rows[0]?.hits,
  );

describe('ThrottleRepository.hit', () => {
  it('starts a window at the first hit, adds within it, and starts a new one once it has ended', async () => {
    const k = key('window');
    expect(await repo.hit([{ key: k, cost: 1, windowS: 600 }], [], T0)).toEqual([
      { key: k, hits: 1, windowEndsAtMs: T0 + 600_000 },
    ]);
    expect(await repo.hit([{ key: k, cost: 2, windowS: 600 }], [], T0 + 599_999)).toEqual([
      { key: k, hits: 3, windowEndsAtMs: T0 + 600_000 },
    ]);
    expect(await repo.hit([{ key: k, cost: 1, windowS: 600 }], [], T0 + 600_000)).toEqual([
      { key: k, hits: 1, windowEndsAtMs: T0 + 1_200_000 },
    ]);
  });

  it('hits several counters and reads others in one statement, without changing what it reads', async () => {
    const [a, b, read, expired, missing] = [key('a'), key('b'), key('read'), key('expired'), key('missing')];
    await repo.hit(
      [
        { key: read, cost: 5, windowS: 3_600 },
        { key: expired, cost: 9, windowS: 1 },
      ],
      [],
      T0,
    );
    const rows = await repo.hit(
      [
        { key: a, cost: 1, windowS: 600 },
        { key: b, cost: 1, windowS: 60 },
      ],
      [read, expired, missing],
      T0 + 10_000,
    );
    expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual(
      [
        { key: a, hits: 1, windowEndsAtMs: T0 + 610_000 },
        { key: b, hits: 1, windowEndsAtMs: T0 + 70_000 },
        { key: read, hits: 5, windowEndsAtMs: T0 + 3_600_000 },
      ].sort((x, y) => x.key.localeCompare(y.key)),
    );
    expect(await stored(read)).toBe(5);
    expect(await stored(expired)).toBe(9);
    expect(await stored(missing)).toBeUndefined();
  });

  it('prunes counters whose window has ended, and only those', async () => {
    const [ended, live, revived] = [key('ended'), key('live'), key('revived')];
    await repo.hit(
      [
        { key: ended, cost: 1, windowS: 1 },
        { key: revived, cost: 1, windowS: 1 },
        { key: live, cost: 1, windowS: 3_600 },
      ],
      [],
      T0,
    );
    await repo.hit([{ key: revived, cost: 1, windowS: 600 }], [], T0 + 5_000);
    expect(await repo.prune(T0 + 5_000)).toBeGreaterThanOrEqual(1);
    expect(await stored(ended)).toBeUndefined();
    expect(await stored(live)).toBe(1);
    expect(await stored(revived)).toBe(1);
    expect(await repo.prune(T0 + 5_000)).toBe(0);
  });

  it('counts every one of many simultaneous hits of one counter exactly once', async () => {
    const k = key('concurrent');
    const other = key('concurrent-other');
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        repo.hit(
          [
            { key: k, cost: 1, windowS: 600 },
            { key: other, cost: 1, windowS: 600 },
          ],
          [],
          T0,
        ),
      ),
    );
    const seen = results.map((rows) => rows.find((r) => r.key === k)!.hits).sort((x, y) => x - y);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await stored(k)).toBe(25);
    expect(await stored(other)).toBe(25);
  });

  it('does nothing for no counters', async () => {
    expect(await repo.hit([], [], T0)).toEqual([]);
  });
});
