import { randomBytes } from 'node:crypto';
import { type Database, type Db, pgNotify } from '../db/client.ts';

/**
 * The change bus (docs/decisions/0020-several-instances.md): tells
 * every instance of the store on one database that something it may hold in memory changed, over
 * PostgreSQL LISTEN/NOTIFY (PGlite's `listen` within the process). A notification says only
 * "topic X changed" (the payload is a hint, at most a few bytes): receivers drop or re-check what
 * they hold, they never take data from it. Notifications are not durable (an instance that was
 * disconnected misses them), so every user of the bus keeps its own safety net: the catalogue
 * re-checks its fingerprint every second, the job worker polls. After a reconnection subscribers
 * are called with `resync: true`, as if everything had changed.
 *
 * Topics:
 * - `catalogue`: products or prices changed (`CatalogService.invalidate`); every instance drops its snapshot.
 * - `jobs`: a job became due (`enqueue` in the change's transaction); idle workers claim at once.
 */
export type ChangeTopic = 'catalogue' | 'jobs';

/** What a subscriber is told. */
export interface ChangeEvent {
  /** The publisher's hint (e.g. a job type), `''` when none. */
  payload: string;
  /** True when notifications may have been missed (the listening connection was re-opened): re-check everything. */
  resync: boolean;
}

/** The PostgreSQL channel of a topic: `esim_<topic>` (a lower-case identifier, as PGlite needs). */
export function channelOf(topic: ChangeTopic | 'bus_ping'): string {
  return `esim_${topic}`;
}

/**
 * Notifies `topic` from inside the caller's transaction `tx` (`pg_notify`): PostgreSQL delivers
 * it when the transaction commits and drops it when it rolls back, so no instance hears of a change
 * that did not happen. Identical notifications of one transaction are delivered once.
 */
export async function notifyInTransaction(tx: Db, topic: ChangeTopic, payload = ''): Promise<void> {
  await pgNotify(tx, channelOf(topic), payload);
}

/** Where the bus logs (pino's shape). */
export interface ChangeBusLogger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/** Options of a {@link ChangeBus}. Durations in ms. */
export interface ChangeBusOptions {
  /** `listen` and `notify` of the database; without them the bus works within this process only. */
  database: Pick<Database, 'listen' | 'notify'>;
  /**
   * Every this many ms the bus notifies itself on `esim_bus_ping`; when the previous ping has not
   * come back, it listens anew on every channel and tells subscribers to resync. Default 5 s.
   */
  heartbeatMs?: number;
  log?: ChangeBusLogger;
}

/** Where the bus stands: `listening` (notifications flow), `connecting` (not yet or again), `local` (no LISTEN: this process only), `closed`. */
export type ChangeBusState = 'listening' | 'connecting' | 'local' | 'closed';

type Handler = (event: ChangeEvent) => void;

const noopLog: ChangeBusLogger = { warn: () => {} };

/**
 * One per app instance. `publish` delivers to this instance's subscribers at once and to the other
 * instances' through `pg_notify`; the instance's own copy coming back through LISTEN is ignored
 * (each publication carries the instance's random id). Notifications sent from SQL
 * ({@link notifyInTransaction}) carry no id and reach every instance, this one included.
 */
export class ChangeBus {
  /** Random per bus: tells this instance's own publications apart. */
  readonly instanceId = randomBytes(6).toString('hex');
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly unlistens = new Map<string, () => Promise<void>>();
  private readonly heartbeatMs: number;
  private readonly log: ChangeBusLogger;
  private heartbeat: NodeJS.Timeout | undefined;
  private pendingPing: string | undefined;
  private listening: Promise<void> | undefined;
  private stateValue: ChangeBusState;

  constructor(private readonly options: ChangeBusOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.log = options.log ?? noopLog;
    this.stateValue = options.database.listen && options.database.notify ? 'connecting' : 'local';
  }

  /** Where the bus stands (for `/readyz`'s checks: informative, never a reason to refuse traffic). */
  get state(): ChangeBusState {
    return this.stateValue;
  }

  /**
   * Calls `handler` for every change of `topic` (this instance's and the others'). Handlers run
   * synchronously and must not throw (errors are logged). Subscribe before {@link start}; a later
   * subscription to a new topic starts listening on it.
   * @returns a function that removes the handler.
   */
  subscribe(topic: ChangeTopic, handler: Handler): () => void {
    const set = this.handlers.get(topic) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(topic, set);
    if (this.stateValue === 'listening' && !this.unlistens.has(topic)) void this.listenAll(false);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Tells every instance that `topic` changed: this instance's subscribers at once (before this
   * resolves), the others' through `pg_notify` once the change is committed; call it after the
   * commit (within a transaction use {@link notifyInTransaction}). A failed NOTIFY is logged, not
   * thrown: the change is made, the other instances see it through their safety net.
   */
  async publish(topic: ChangeTopic, payload = ''): Promise<void> {
    this.deliver(topic, { payload, resync: false });
    if (this.stateValue === 'local' || this.stateValue === 'closed' || !this.options.database.notify) return;
    try {
      await this.options.database.notify(channelOf(topic), `${this.instanceId}|${payload}`);
    } catch (error) {
      this.log.warn({ err: error, topic }, 'change bus: notify failed; other instances fall back on their checks');
    }
  }

  /** Listens on every subscribed topic and starts the heartbeat; resolves when listening (or after a logged failure). */
  async start(): Promise<void> {
    if (this.stateValue === 'local' || this.stateValue === 'closed') return;
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
    await this.listenAll(false);
  }

  /** Stops listening and the heartbeat. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const previous = this.stateValue;
    this.stateValue = 'closed';
    if (previous === 'local') return;
    await Promise.all([...this.unlistens.values()].map((unlisten) => unlisten().catch(() => {})));
    this.unlistens.clear();
  }

  private deliver(topic: string, event: ChangeEvent): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(event);
      } catch (error) {
        this.log.warn({ err: error, topic }, 'change bus: a subscriber failed');
      }
    }
  }

  private resyncAll(): void {
    for (const topic of this.handlers.keys()) this.deliver(topic, { payload: '', resync: true });
  }

  /** (Re-)issues LISTEN on each channel; `fresh` drops the old listeners first (after a lost heartbeat). */
  private listenAll(fresh: boolean): Promise<void> {
    this.listening ??= (async () => {
      const { listen } = this.options.database;
      if (!listen) return;
      if (fresh) {
        const old = [...this.unlistens.values()];
        this.unlistens.clear();
        await Promise.all(old.map((unlisten) => unlisten().catch(() => {})));
      }
      const topics = [...this.handlers.keys(), 'bus_ping' as const];
      try {
        for (const topic of topics) {
          if (this.unlistens.has(topic) || this.stateValue === 'closed') continue;
          let first = true;
          const unlisten = await listen(
            channelOf(topic as ChangeTopic),
            (raw) => this.received(topic, raw),
            () => {
              // postgres.js calls this again after it re-opened the connection: notifications may be lost.
              if (!first) this.resyncAll();
              first = false;
            },
          );
          this.unlistens.set(topic, unlisten);
        }
        if (this.stateValue !== 'closed') {
          const wasConnecting = this.stateValue === 'connecting' && fresh;
          this.stateValue = 'listening';
          if (wasConnecting) this.resyncAll();
        }
      } catch (error) {
        this.stateValue = this.stateValue === 'closed' ? 'closed' : 'connecting';
        this.log.warn({ err: error }, 'change bus: LISTEN failed; retrying at the next heartbeat');
      }
    })().finally(() => {
      this.listening = undefined;
    });
    return this.listening;
  }

  private received(topic: string, raw: string): void {
    if (topic === 'bus_ping') {
      if (raw === this.pendingPing) this.pendingPing = undefined;
      return;
    }
    const bar = raw.indexOf('|');
    const origin = bar === -1 ? '' : raw.slice(0, bar);
    if (origin === this.instanceId) return;
    this.deliver(topic, { payload: bar === -1 ? raw : raw.slice(bar + 1), resync: false });
  }

  private async beat(): Promise<void> {
    if (this.stateValue === 'closed' || this.listening) return;
    if (this.pendingPing !== undefined || this.stateValue === 'connecting') {
      // The last ping never came back (or LISTEN failed): listen anew, then resync.
      if (this.stateValue === 'listening') this.log.warn({}, 'change bus: heartbeat lost; listening again');
      this.stateValue = 'connecting';
      this.pendingPing = undefined;
      await this.listenAll(true);
      return;
    }
    const ping = `${this.instanceId}:${randomBytes(4).toString('hex')}`;
    this.pendingPing = ping;
    try {
      await this.options.database.notify?.(channelOf('bus_ping'), ping);
    } catch {
      // The next beat sees the ping missing and listens anew.
    }
  }
}
