import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database, Listen } from '../db/client.ts';
import { ChangeBus, type ChangeEvent, channelOf, notifyInTransaction } from './change-bus.ts';

/**
 * The change bus (`change-bus.ts`) on the test database (PGlite in process, or
 * PostgreSQL with `DATABASE_URL`), and with a fake LISTEN that can lose its connection: local
 * delivery at once, the other instance's copy through NOTIFY, one's own copy not delivered twice,
 * notifications from a transaction only at commit, and a resync after a lost heartbeat.
 */

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function eventually(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('ChangeBus on the database', () => {
  it("delivers a publication to its own subscribers at once and once, and to another bus's through NOTIFY", async () => {
    const one = new ChangeBus({ database });
    const two = new ChangeBus({ database });
    const heardOne: ChangeEvent[] = [];
    const heardTwo: ChangeEvent[] = [];
    one.subscribe('catalogue', (e) => void heardOne.push(e));
    two.subscribe('catalogue', (e) => void heardTwo.push(e));
    await one.start();
    await two.start();
    expect(one.state).toBe('listening');
    await one.publish('catalogue', 'prices');
    expect(heardOne).toEqual([{ payload: 'prices', resync: false }]);
    await eventually(() => heardTwo.length === 1);
    expect(heardTwo).toEqual([{ payload: 'prices', resync: false }]);
    // One's own copy came back through LISTEN too, and was ignored.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardOne).toHaveLength(1);
    await one.close();
    await two.close();
    expect(one.state).toBe('closed');
  });

  it('delivers a notification sent inside a transaction at commit, never after a rollback', async () => {
    const bus = new ChangeBus({ database });
    const heard: string[] = [];
    bus.subscribe('jobs', (e) => void heard.push(e.payload));
    await bus.start();
    await database.db
      .transaction(async (tx) => {
        await notifyInTransaction(tx, 'jobs', 'rolled-back');
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await notifyInTransaction(tx, 'jobs', 'committed');
    });
    await eventually(() => heard.includes('committed'));
    expect(heard).not.toContain('rolled-back');
    await bus.close();
  });

  it('works within the process when the database offers no LISTEN', async () => {
    const bus = new ChangeBus({ database: {} });
    const heard: string[] = [];
    bus.subscribe('catalogue', (e) => void heard.push(e.payload));
    await bus.start();
    expect(bus.state).toBe('local');
    await bus.publish('catalogue', 'x');
    expect(heard).toEqual(['x']);
  });

  it('logs and survives a subscriber that throws', async () => {
    const warnings: string[] = [];
    const bus = new ChangeBus({ database: {}, log: { warn: (_o, msg) => void warnings.push(msg) } });
    const heard: string[] = [];
    bus.subscribe('catalogue', () => {
      throw new Error('boom');
    });
    bus.subscribe('catalogue', (e) => void heard.push(e.payload));
    await bus.publish('catalogue', 'y');
    expect(heard).toEqual(['y']);
    expect(warnings).toEqual(['change bus: a subscriber failed']);
  });
});

/** A LISTEN/NOTIFY in memory whose connection can be cut (notifications then go nowhere). */
function flakyDatabase() {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const state = { connected: true, listens: 0 };
  const listen: Listen = async (channel, onNotify, onListen) => {
    if (!state.connected) throw new Error('connection refused');
    state.listens += 1;
    const set = listeners.get(channel) ?? new Set();
    set.add(onNotify);
    listeners.set(channel, set);
    onListen?.();
    return async () => void set.delete(onNotify);
  };
  return {
    state,
    database: {
      listen,
      async notify(channel: string, payload: string) {
        if (!state.connected) return; // sent through the pool, lost by the dead listener
        for (const fn of listeners.get(channel) ?? []) fn(payload);
      },
    },
    /** The listening connection dies: every LISTEN is gone. */
    cut() {
      state.connected = false;
      listeners.clear();
    },
  };
}

describe('ChangeBus reconnection', () => {
  it('notices a lost heartbeat, listens again, and tells subscribers to resync', async () => {
    const flaky = flakyDatabase();
    const bus = new ChangeBus({ database: flaky.database, heartbeatMs: 20 });
    const heard: ChangeEvent[] = [];
    bus.subscribe('catalogue', (e) => void heard.push(e));
    await bus.start();
    expect(bus.state).toBe('listening');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(heard).toEqual([]); // healthy heartbeats change nothing
    flaky.cut();
    await eventually(() => bus.state === 'connecting');
    flaky.state.connected = true;
    await eventually(() => bus.state === 'listening' && heard.some((e) => e.resync));
    expect(heard.filter((e) => e.resync)).toHaveLength(1);
    // Notifications flow again after the reconnection.
    await flaky.database.notify(channelOf('catalogue'), 'other-instance|after');
    expect(heard.at(-1)).toEqual({ payload: 'after', resync: false });
    await bus.close();
  });

  it('retries a LISTEN that failed at start at the next heartbeat', async () => {
    const flaky = flakyDatabase();
    flaky.state.connected = false;
    const warnings: string[] = [];
    const bus = new ChangeBus({
      database: flaky.database,
      heartbeatMs: 20,
      log: { warn: (_o, msg) => void warnings.push(msg) },
    });
    const heard: ChangeEvent[] = [];
    bus.subscribe('jobs', (e) => void heard.push(e));
    await bus.start();
    expect(bus.state).toBe('connecting');
    expect(warnings[0]).toContain('LISTEN failed');
    flaky.state.connected = true;
    await eventually(() => bus.state === 'listening');
    expect(heard.some((e) => e.resync)).toBe(true);
    await bus.close();
  });
});
