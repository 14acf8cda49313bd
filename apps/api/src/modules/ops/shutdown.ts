import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** Margin above the longest provider time-out before a shutdown gives up (ms). */
export const SHUTDOWN_FORCE_MARGIN_MS = 10_000;

/**
 * How long a shutdown waits after the drain before it exits anyway (ms): the longest time-out of
 * one provider call — an eSIM Go call (`ESIMGO_TIMEOUT_MS`, default 45 s) in the job in hand, or
 * a Stripe/PayPal call (`PAYMENT_TIMEOUT_MS`, default 30 s) in a checkout in flight — plus
 * {@link SHUTDOWN_FORCE_MARGIN_MS} to record the outcome. 55 s with the defaults.
 *
 * One call in hand is allowed to end; a chain of retries may not (the eSIM Go client retries up
 * to 3 times): such a job is cut, its lease expires and another worker retries it (job handlers
 * are idempotent, `lib/jobs.ts`). systemd's `TimeoutStopSec` (deploy/roamwise@.service) must be
 * above `SHUTDOWN_DRAIN_MS` + this (docs/deployment.md "Graceful shutdown").
 */
export function shutdownForceAfterMs(config: Pick<Config, 'esimGo' | 'paymentTimeoutMs'>): number {
  return Math.max(config.esimGo.timeoutMs, config.paymentTimeoutMs) + SHUTDOWN_FORCE_MARGIN_MS;
}

/** What a graceful shutdown stops, in order. */
export interface ShutdownDeps {
  app: Pick<FastifyInstance, 'close' | 'log' | 'ops'>;
  /** The job worker: `stop()` claims no new job and resolves once the job in hand has finished. */
  jobs: { stop(): Promise<void> };
  database: { close(): Promise<void> };
  /** `SHUTDOWN_DRAIN_MS`: how long `/readyz` answers 503 before the listener closes (ms). */
  drainMs: number;
  /**
   * Exit anyway (code 1) this many ms after the drain: a request or job that never ends. Default
   * 55 s, {@link shutdownForceAfterMs} of the default time-outs; `server.ts` passes the one of
   * its configuration.
   */
  forceAfterMs?: number;
  /** `process.exit` (tests replace it). */
  exit: (code: number) => void;
}

/**
 * The graceful shutdown of one instance, which drains requests and jobs
 * (docs/decisions/0020-several-instances.md; fastify/demo `server.ts`), in this order:
 *
 * 1. `/readyz` answers 503 `draining` (the load balancer takes the instance out of rotation);
 *    requests are still served meanwhile. At the same moment the job worker stops claiming jobs
 *    (`jobs.stop()` begins): the job in hand runs on to its end, and jobs queued meanwhile (also
 *    by requests this instance still serves) are left to the other instances, which the change
 *    bus wakes — a job claimed now could be cut by the force exit and wait for its lease;
 * 2. after `drainMs` (on SIGTERM; SIGINT, a developer's Ctrl-C, does not wait), `app.close()`:
 *    the listener stops accepting connections, idle keep-alive connections are closed, requests
 *    in flight finish and are answered;
 * 3. the worker's stop is awaited: the job in hand has finished (its lease would otherwise delay
 *    its retry);
 * 4. the database is closed, and the process exits 0 (1 when a step failed or `forceAfterMs`
 *    passed after the drain; see {@link shutdownForceAfterMs}).
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
    const forceAfterMs = deps.forceAfterMs ?? 55_000;
    app.ops?.startDraining();
    // No new job from now on; the job in hand finishes (awaited after the listener closed).
    const jobsStopped = deps.jobs.stop();
    jobsStopped.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    app.log.info({ signal, drainMs, forceAfterMs }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.error({ signal }, 'shutdown took too long; exiting');
      deps.exit(1);
    }, drainMs + forceAfterMs);
    force.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      await jobsStopped;
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
