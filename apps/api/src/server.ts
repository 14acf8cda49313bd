import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { announceAdminSetupLink } from './modules/auth/admin-setup-link.ts';
import { gracefulShutdown, shutdownForceAfterMs } from './modules/ops/ops.module.ts';
import { prettyLogStream } from './lib/pretty-log.ts';

/**
 * Process entry: validates the environment, opens and migrates the database, seeds the
 * catalogue and the knowledge base on first start, listens, runs the durable job worker (fulfilment, e-mail) with the
 * recurring usage refresh and catalogue sync, prints the first-admin link while no admin exists,
 * and shuts down gracefully on SIGINT/SIGTERM (`modules/ops/shutdown.ts`: `/readyz` 503 while
 * draining, no new job claimed, requests in flight and the job in hand finish).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { persistSecrets: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // Another process may be writing the folder now: stop before writing anything more.
      onLockLost: (error) => {
        console.error(`Lost the lock of the embedded database in ${config.dataDir} (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nStop the other store first, run this one with another DATA_DIR, or use a PostgreSQL server (DATABASE_URL), which several instances can share.`,
    );
    process.exit(75); // EX_TEMPFAIL
  }
  await database.migrate();
  // A person at a terminal gets short lines and a plain start-up message; anything else JSON.
  const pretty = config.logFormat === 'pretty' || (config.logFormat === undefined && process.stdout.isTTY === true);
  const { app, services } = await buildApp({ config, database, ...(pretty ? { logStream: prettyLogStream() } : {}) });
  await services.catalog.ensureSeeded();
  // The shipped articles on the first start; files that break a rule are logged and left out.
  const seededArticles = await services.chat.seedKnowledgeBase((file, reason) =>
    app.log.warn({ file, reason }, 'knowledge-base seed: file left out'),
  );
  if (seededArticles > 0) app.log.info({ articles: seededArticles }, 'knowledge base seeded');

  // SIGTERM: `/readyz` 503 and the worker claims no new job, for SHUTDOWN_DRAIN_MS; then the
  // listener closes (requests in flight finish), the worker finishes its job in hand, the
  // database closes (`modules/ops/shutdown.ts`). Exit 1 anyway once the longest provider call
  // could have ended: max(ESIMGO_TIMEOUT_MS, PAYMENT_TIMEOUT_MS) + 10 s after the drain
  // (systemd's TimeoutStopSec must be above drain + that, deploy/roamwise@.service).
  const shutdown = gracefulShutdown({
    app,
    jobs: services.jobs,
    database,
    drainMs: config.shutdownDrainMs,
    forceAfterMs: shutdownForceAfterMs(config),
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Jobs left by a previous run (queued, or held by a process that died) are picked up here;
  // started before listening, so that `/readyz` never answers 200 without a worker.
  await app.ready();
  services.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  // Usage refresh, catalogue sync, chat purge and document sync: each deduplicated by period, so
  // every instance may start them.
  await services.schedules.startAll();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const address = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  if (pretty) {
    process.stdout.write(
      [
        '',
        `The store is running at ${address}  (${where}; API reference at ${address}/api/docs)`,
        ...(config.host === 'localhost'
          ? ['Reachable from this machine only: set HOST=0.0.0.0 to open it to your network.']
          : []),
        ...(config.secretsFile ? [`Its secrets are in ${config.secretsFile}.`] : []),
        'Stop it with Ctrl+C.',
        '',
      ].join('\n'),
    );
  } else {
    app.log.info(`eSIM store on ${address} (${where})`);
  }
  // No admin yet: a one-time link to create the first one, printed once.
  await announceAdminSetupLink(services.auth, {
    log: app.log,
    logLevel: config.logLevel,
    write: (line) => process.stdout.write(line),
    plain: pretty,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
