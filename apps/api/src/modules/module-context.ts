import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Idempotency } from '../lib/idempotency.ts';
import type { JobQueue } from '../lib/jobs.ts';
import type { JobsRepository } from '../lib/jobs.repository.ts';
import type { Schedules } from '../lib/schedules.ts';
import type { Throttler } from '../lib/throttle.ts';
import type { EsimProvider } from '../providers/esim/esim-provider.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { PaymentProviders } from '../providers/payment/create-payment-provider.ts';
import type { PaymentProvider } from '../providers/payment/payment-provider.ts';

/**
 * What every module's entry (`modules/<name>/<name>.module.ts`) receives from `app.ts`: the shared
 * infrastructure, built once per app. A module builds its repositories, services and routes on it,
 * registers its job handlers on `jobs` and its recurring work on `schedules`, and returns the
 * services other modules may call. Other modules' services come in as explicit, typed
 * dependencies (decision record 0026).
 */
export interface ModuleContext {
  /** The root Fastify instance: modules register their routes and hooks on it. */
  app: FastifyInstance;
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The durable job worker (decision record 0008). */
  jobs: JobQueue;
  /** The jobs' rows: state counts, status lookups and the admin list. */
  jobRecords: JobsRepository;
  /** Recurring work, started by `server.ts` once the worker runs. */
  schedules: Schedules;
  /** Counters in the database, shared by every instance (decision record 0013). */
  throttler: Throttler;
  idempotency: Idempotency;
  mailer: Mailer;
  /** The eSIM provider in use, counted and timed for `/metrics`. */
  esimProvider: EsimProvider;
  /** Cards and PayPal, counted and timed for `/metrics`. */
  payments: PaymentProvider;
  /** The payment providers themselves: the sandbox when it takes part, whether PayPal is offered, the PayPal REST adapter. */
  paymentProviders: PaymentProviders;
}
