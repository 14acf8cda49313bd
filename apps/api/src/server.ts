import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { announceAdminSetupLink } from './modules/auth/admin-setup-link.ts';

/**
 * Process entry: validates the environment, opens and migrates the database, seeds the
 * catalogue on first start, listens, runs the durable job worker (fulfilment, e-mail) with the
 * recurring usage refresh and catalogue sync, prints the first-admin link while no admin exists,
 * and shuts down gracefully on SIGINT/SIGTERM (the worker finishes its job in hand first).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { app, services } = await buildApp({ config, database });
  await services.catalog.ensureSeeded();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await services.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Jobs left by a previous run (queued, or held by a process that died) are picked up here.
  services.jobs.start();
  // Usage refresh of eSIMs in use, once per period across every instance (dedupe by period).
  await services.usageSync.scheduleNext(services.jobs);
  // Catalogue sync with the eSIM provider every CATALOGUE_SYNC_INTERVAL, once across instances (issue 10).
  await app.catalogueSchedule?.scheduleNext();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(`eSIM store on http://localhost:${config.port} (${where})`);
  // No admin yet (issue 9): a one-time link to create the first one, printed once.
  await announceAdminSetupLink(services.auth, { log: app.log, logLevel: config.logLevel, write: (line) => process.stdout.write(line) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
