import { ConfigError, loadConfig } from './config.ts';
import { CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { KnowledgeBaseRepository } from './modules/chat/knowledge-base/knowledge-base.repository.ts';
import { SandboxEsimProvider } from './providers/esim/sandbox.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * `npm run db:migrate` / `npm run db:seed`: applies the SQL migrations to the configured database
 * (`DATABASE_URL`, else PGlite in `DATA_DIR`); `seed` then installs the default pricing rule,
 * imports the sandbox catalogue unless the database holds one already, and the shipped
 * knowledge-base articles unless the knowledge base was ever touched. `server.ts` does both at
 * start-up; these commands are for operators preparing a database ahead of a deploy.
 * An embedded (PGlite) folder that a running store has open is refused before anything is
 * written (docs/decisions/0025-one-process-per-data-folder.md).
 * Exit codes: 0 done, 64 unknown command, 75 the data folder is in use, 78 invalid environment,
 * 1 any other failure.
 */
async function main(command: string | undefined): Promise<number> {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: cli.ts migrate|seed');
    return 64; // EX_USAGE
  }
  let config;
  try {
    config = loadConfig(process.env, { persistSecrets: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78; // EX_CONFIG
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `db:${command}: ${error.message}\nNothing was changed. Stop the store first (it migrates and seeds at start anyway), or use DATABASE_URL.`,
    );
    return 75; // EX_TEMPFAIL
  }
  try {
    await database.migrate();
    process.stdout.write(`migrated (${database.driver})\n`);
    if (command === 'seed') {
      const catalog = new CatalogService(new CatalogRepository(database.db), new SandboxEsimProvider());
      await catalog.ensureSeeded();
      // The shipped knowledge base, when it has never been touched.
      const articles = await new KnowledgeBaseRepository(database.db).ensureSeeded({
        onSkip: (file, reason) => console.error(`knowledge base: ${file} left out: ${reason}`),
      });
      process.stdout.write(`seeded${articles > 0 ? ` (${articles} knowledge-base articles)` : ''}\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
