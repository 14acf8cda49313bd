import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import { jobs } from './platform.schema.ts';
import { JobQueue, PermanentJobError, backoffDelayMs, enqueue, releaseJob } from './jobs.ts';
import { JobsRepository } from './jobs.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const fast = { backoffBaseMs: 1, backoffCapMs: 5, pollMs: 10 };
const queue = (options: ConstructorParameters<typeof JobQueue>[1] = {}) =>
  new JobQueue(new JobsRepository(database.db), { ...fast, ...options });
const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let typeSeq = 0;
/** A job type of its own per test, so that tests sharing the database never run each other's jobs. */
const newType = () => `test-${++typeSeq}`;
/** Waits until `predicate` holds (or fails after `timeoutMs`). */
async function until(predicate: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('backoffDelayMs', () => {
  it('doubles from the base on each attempt, adds up to 25 % jitter and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, 1_000, 300_000, () => 0))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelayMs(3, 1_000, 300_000, () => 1)).toBe(5_000);
    expect(backoffDelayMs(12, 1_000, 300_000, () => 0)).toBe(300_000);
    expect(backoffDelayMs(30, 1_000, 300_000, () => 1)).toBe(300_000);
  });
});

describe('enqueue', () => {
  it('is idempotent on the dedupe key, and commits or rolls back with the transaction', async () => {
    const type = newType();
    const id = await enqueue(database.db, { type, payload: { n: 1 }, dedupeKey: `${type}:once` });
    expect(id).toEqual(expect.any(Number));
    expect(await enqueue(database.db, { type, payload: { n: 2 }, dedupeKey: `${type}:once` })).toBeUndefined();
    expect((await row(id!)).payload).toEqual({ n: 1 });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { type, payload: {}, dedupeKey: `${type}:rolled-back` });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${type}:rolled-back`)),
    ).toEqual([]);
  });
});

describe('JobQueue', () => {
  it('runs every job exactly once with two workers on one database, never one job twice at a time', async () => {
    const type = newType();
    const runs = new Map<number, number>();
    const running = new Set<number>();
    let overlaps = 0;
    const handler = {
      run: async (job: { id: number }) => {
        if (running.has(job.id)) overlaps++;
        running.add(job.id);
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await sleep(2);
        running.delete(job.id);
      },
    };
    const a = queue({ workerId: 'a' });
    const b = queue({ workerId: 'b' });
    a.register(type, handler);
    b.register(type, handler);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await enqueue(database.db, { type, payload: { i } }))!);
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect(overlaps).toBe(0);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    for (const id of ids) expect((await row(id)).status).toBe('succeeded');
  });

  it("retries a job whose worker died once its lease expires; the dead run's late writes are ignored", async () => {
    const type = newType();
    const repo = new JobsRepository(database.db);
    const id = (await enqueue(database.db, { type, payload: {} }))!;
    const dead = await repo.claim('dead-worker:1', 400);
    expect(dead?.id).toBe(id);

    const survivor = queue({ workerId: 'survivor' });
    let ran = 0;
    survivor.register(type, { run: async () => void ran++ });
    expect(await survivor.runOnce()).toBe(false); // the lease still holds
    await sleep(450);
    await survivor.runUntilIdle();
    expect(ran).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await repo.succeed(dead!, [])).toBe(false);
    expect(await repo.retryLater(dead!, 10, 'late')).toBe(false);
  });

  it('renews the lease of a long job so that no other worker takes it over', async () => {
    const type = newType();
    const id = (await enqueue(database.db, { type, payload: {} }))!;
    let runs = 0;
    // The job runs for three leases; without renewals the other worker would take it over.
    const slow = queue({ workerId: 'slow', leaseMs: 500 });
    slow.register(type, {
      run: async () => {
        runs++;
        await sleep(1_500);
      },
    });
    const other = queue({ workerId: 'other', leaseMs: 500 });
    other.register(type, { run: async () => void runs++ });
    const done = slow.runOnce();
    for (let i = 0; i < 13; i++) {
      await sleep(100);
      expect(await other.runOnce()).toBe(false);
    }
    await done;
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('backs off after errors, recording the last one, and fails a permanent error at once', async () => {
    const type = newType();
    const flaky = (await enqueue(database.db, { type, payload: { kind: 'flaky' } }))!;
    const broken = (await enqueue(database.db, { type, payload: { kind: 'broken' } }))!;
    let flakyRuns = 0;
    const errors: [string, boolean][] = [];
    const q = queue();
    q.register(type, {
      run: async (job) => {
        if (job.payload.kind === 'broken') throw new PermanentJobError('bad payload');
        if (++flakyRuns < 3) throw new Error(`try ${flakyRuns}`);
      },
      onError: async (job, error, final) =>
        void errors.push([`${String(job.payload.kind)}: ${(error as Error).message}`, final]),
    });
    await q.runUntilIdle();
    expect(await row(flaky)).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null });
    expect(await row(broken)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'PermanentJobError: bad payload',
    });
    expect(errors.sort()).toEqual([
      ['broken: bad payload', true],
      ['flaky: try 1', false],
      ['flaky: try 2', false],
    ]);
  });

  it('fails a job of an unknown type without retrying', async () => {
    const id = (await enqueue(database.db, { type: newType(), payload: {} }))!;
    await queue().runUntilIdle();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('No handler'),
    });
  });

  it('removes the scrubbed payload keys on success only', async () => {
    const type = newType();
    const ok = (await enqueue(database.db, { type, payload: { orderId: 1, accessToken: 'secret', other: 'x' } }))!;
    const bad = (await enqueue(database.db, { type, payload: { orderId: 2, accessToken: 'secret', fail: true } }))!;
    const q = queue();
    q.register(type, {
      scrubOnSuccess: ['accessToken', 'other'],
      run: async (job) => {
        if (job.payload.fail) throw new PermanentJobError('no');
      },
    });
    await q.runUntilIdle();
    expect((await row(ok)).payload).toEqual({ orderId: 1 });
    expect((await row(bad)).payload).toEqual({ orderId: 2, accessToken: 'secret', fail: true });
  });

  it('leaves a parked job alone until it is released', async () => {
    const type = newType();
    const id = (await enqueue(database.db, { type, payload: {}, dedupeKey: `${type}:parked`, parked: true }))!;
    let ran = 0;
    const q = queue();
    q.register(type, { run: async () => void ran++ });
    await q.runUntilIdle();
    expect(ran).toBe(0);
    expect((await row(id)).status).toBe('queued');
    expect(await releaseJob(database.db, `${type}:parked`)).toBe(true);
    expect(await releaseJob(database.db, `${type}:parked`)).toBe(false);
    await q.runUntilIdle();
    expect(ran).toBe(1);
  });

  it('when started, runs a job as soon as it is woken, long before the next poll', async () => {
    const type = newType();
    const q = queue({ pollMs: 60_000 });
    let ran = 0;
    q.register(type, { run: async () => void ran++ });
    q.start();
    await sleep(20); // idle, asleep until the next poll
    await enqueue(database.db, { type, payload: {} });
    const woken = Date.now();
    q.wake();
    await until(async () => ran === 1, 2_000);
    expect(Date.now() - woken).toBeLessThan(1_000);
    await q.stop();
  });
});
