import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import type { ThrottleStore } from './throttle.ts';
import { ThrottleRepository } from './throttle.repository.ts';

/**
 * Where `@fastify/rate-limit` counts, shared by every instance
 * (docs/decisions/0020-several-instances.md). Its default store is a map in the process, so N
 * instances behind a round-robin proxy would allow N times the limit; these stores are shared:
 *
 * - Redis when `REDIS_URL` is set: the plugin's own Redis store (an atomic Lua `INCR` + `PEXPIRE`
 *   per key) over `ioredis`. A Redis outage lets requests through (`skipOnError`) rather than
 *   failing the portal, and is logged.
 * - Otherwise the database: `throttle_buckets`, the counters of `lib/throttle.ts` (one upsert per
 *   request, a fixed window from the first hit), pruned at most once a minute per instance.
 */

/** The options spread into `app.register(fastifyRateLimit, {...})`. */
export type SharedRateLimitOptions = Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;

/** Ended counters are pruned after at most one hit per this many ms on each instance. */
const PRUNE_EVERY_MS = 60_000;

/**
 * A `@fastify/rate-limit` store class counting in `store` (`ThrottleRepository`): key
 * `ratelimit:<prefix><route>:<key>` (the plugin's key: the client address by default), window
 * `timeWindow` ms from the first hit. `current` is the count with this request, `ttl` the ms left.
 */
export function databaseRateLimitStore(
  store: ThrottleStore,
  prefix: string,
  now: () => number = Date.now,
): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  let lastPruneMs = Number.NEGATIVE_INFINITY;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const nowMs = now();
      const counter = `ratelimit:${prefix}${this.route}:${key}`;
      store
        .hit([{ key: counter, cost: 1, windowS: timeWindow / 1000 }], [], nowMs)
        .then(async (states) => {
          const state = states.find((s) => s.key === counter);
          callback(null, {
            current: state?.hits ?? 1,
            ttl: Math.max(0, (state?.windowEndsAtMs ?? nowMs + timeWindow) - nowMs),
          });
          if (nowMs - lastPruneMs >= PRUNE_EVERY_MS) {
            lastPruneMs = nowMs;
            await store.prune(nowMs).catch(() => {});
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the merged options with `routeInfo` (the route's method and url).
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore({}, `${this.route}${info.method ?? ''}${info.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * The shared store for one rate-limited scope (`name`, e.g. `portal`): Redis when `redisUrl` is
 * set (one `ioredis` client per app, closed with the app), else the database. Register the
 * plugin with `{ ...options }`.
 * @param namespace extra key prefix (tests sharing one Redis); default none.
 */
export async function sharedRateLimit(
  app: Pick<FastifyInstance, 'addHook' | 'log'>,
  opts: { name: string; redisUrl: string | undefined; db: Db; namespace?: string },
): Promise<SharedRateLimitOptions> {
  const prefix = `${opts.namespace ?? ''}${opts.name}:`;
  if (!opts.redisUrl) return { store: databaseRateLimitStore(new ThrottleRepository(opts.db), prefix) };
  const { Redis: RedisClient } = await import('ioredis');
  const redis: Redis = new RedisClient(opts.redisUrl, {
    // While Redis is away a request waits for one reconnection attempt at most, then goes
    // through (skipOnError); commands sent before the first connection wait for it.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let warned = false;
  redis.on('error', (error: unknown) => {
    if (!warned)
      app.log.warn({ err: error }, 'rate limits: Redis unavailable; requests are not limited until it answers');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `esim-ratelimit:${prefix}`, skipOnError: true };
}
