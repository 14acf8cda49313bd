import type { FastifyInstance } from 'fastify';

/** What a graceful shutdown stops, in order. */
export interface ShutdownDeps {
  app: Pick<FastifyInstance, 'close' | 'log' | 'ops'>;
  jobs: { stop(): Promise<void> };
  database: { close(): Promise<void> };
  /** `SHUTDOWN_DRAIN_MS`: how long `/readyz` answers 503 before the listener closes (ms). */
  drainMs: number;
  /** Exit anyway this many ms after the drain (a request or job that never ends). Default 20 s. */
  forceAfterMs?: number;
  /** `process.exit` (tests replace it). */
  exit: (code: number) => void;
}

/**
 * The graceful shutdown of one instance (issue 12 "graceful shutdown drains requests and jobs";
 * docs/decisions/0020-several-instances.md; fastify/demo `server.ts`), in this order:
 *
 * 1. `/readyz` answers 503 `draining` (the load balancer takes the instance out of rotation);
 *    requests are still served meanwhile;
 * 2. after `drainMs` (on SIGTERM; SIGINT, a developer's Ctrl-C, does not wait), `app.close()`:
 *    the listener stops accepting connections, idle keep-alive connections are closed, requests
 *    in flight finish and are answered;
 * 3. `jobs.stop()`: the job in hand finishes (its lease would otherwise delay its retry);
 * 4. the database is closed, and the process exits 0 (1 when a step failed or `forceAfterMs`
 *    passed).
 *
 * @returns the signal handler; a second signal while shutting down is ignored.
 */
export function gracefulShutdown(deps: ShutdownDeps): (signal: NodeJS.Signals) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    const { app } = deps;
    const drainMs = signal === 'SIGTERM' ? deps.drainMs : 0;
    app.ops?.startDraining();
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.error({ signal }, 'shutdown took too long; exiting');
      deps.exit(1);
    }, drainMs + (deps.forceAfterMs ?? 20_000));
    force.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      await deps.jobs.stop();
      await deps.database.close();
      clearTimeout(force);
      deps.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      clearTimeout(force);
      deps.exit(1);
    }
  };
}
