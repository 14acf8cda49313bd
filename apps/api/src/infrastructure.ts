import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app.ts';
import { Idempotency } from './lib/idempotency.ts';
import { IdempotencyRepository } from './lib/idempotency.repository.ts';
import { JobQueue } from './lib/jobs.ts';
import { JobsRepository } from './lib/jobs.repository.ts';
import { Schedules } from './lib/schedules.ts';
import { Throttler } from './lib/throttle.ts';
import { ThrottleRepository } from './lib/throttle.repository.ts';
import type { ModuleContext } from './modules/module-context.ts';
import { instrumentEsimProvider, instrumentPaymentProvider } from './modules/ops/ops.module.ts';
import { createEsimProvider } from './providers/esim/create-esim-provider.ts';
import type { EsimProvider } from './providers/esim/esim-provider.ts';
import { heldIccids } from './modules/orders/orders.module.ts';
import { createMailer } from './modules/email/email.module.ts';
import { paymentProvidersInUse } from './providers/payment/create-payment-provider.ts';

/**
 * The infrastructure every module builds on (`ModuleContext`), once per app: the job worker and
 * its rows, the schedules, the database-backed throttles and idempotency keys, the mailer, and the
 * providers (those `deps` passes, else those the configuration names), metered for `/metrics`.
 * Also returns the eSIM provider itself, unmetered, for tests' spies.
 */
export function buildInfrastructure(
  app: FastifyInstance,
  deps: AppDeps,
): { ctx: ModuleContext; esimProvider: EsimProvider } {
  const { config, database } = deps;
  const esimProvider =
    deps.esimProvider ?? createEsimProvider(config, database, { storeIccids: heldIccids(database.db), log: app.log });
  const paymentProviders = paymentProvidersInUse(config, database, deps.paymentProvider);
  const jobRecords = new JobsRepository(database.db);
  const ctx: ModuleContext = {
    app,
    config,
    database,
    log: app.log,
    jobs: new JobQueue(jobRecords, { leaseMs: config.jobs.leaseMs, ...deps.jobOptions }, app.log),
    jobRecords,
    schedules: new Schedules(),
    throttler: new Throttler(new ThrottleRepository(database.db), { log: app.log }),
    idempotency: new Idempotency(new IdempotencyRepository(database.db)),
    mailer: deps.mailer ?? createMailer(config, database),
    esimProvider: instrumentEsimProvider(esimProvider),
    payments: instrumentPaymentProvider(paymentProviders.payments),
    paymentProviders,
  };
  return { ctx, esimProvider };
}
