import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { emailSchema, newPasswordSchema, usernameSchema } from '@esim/contract/auth';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { AppError } from '../../lib/errors.ts';
import { ThrottleRepository } from '../../lib/throttle.repository.ts';
import { AuthRepository } from './auth.repository.ts';
import { AuthService } from './auth.service.ts';
import { AuthThrottle } from './auth-throttle.ts';
import { SecretBox } from './totp.ts';

/**
 * `npm run admin:create` (the first admin): creates an admin account, or makes the existing
 * account with that username or e-mail an admin (its password unchanged, its sessions ended).
 * Reads `ADMIN_USERNAME`, `ADMIN_EMAIL`, `ADMIN_PASSWORD` (and optionally `ADMIN_FIRST_NAME`,
 * `ADMIN_LAST_NAME`); on a terminal it asks for what is missing (the password without echo),
 * otherwise it runs without questions and fails naming what is missing. The database is the
 * server's (`DATABASE_URL`, else PGlite in `DATA_DIR`); migrations are applied first. An embedded
 * (PGlite) folder that a running store has open is refused before anything is written
 * (docs/decisions/0025-one-process-per-data-folder.md).
 * Exit codes: 0 done, 64 bad input, 75 the data folder is in use, 78 invalid environment, 1 any
 * other failure.
 */

const env = process.env;

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) stdout.write(question);
    };
  }
  try {
    return (await rl.question(question)).trim();
  } finally {
    if (hidden) stdout.write('\n');
    rl.close();
  }
}

async function valueOf(name: string, question: string, hidden = false): Promise<string | undefined> {
  const given = env[name];
  if (given) return given;
  if (!stdin.isTTY) return undefined;
  return ask(question, hidden);
}

async function main(): Promise<number> {
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
  const username = await valueOf('ADMIN_USERNAME', 'Admin username: ');
  const email = await valueOf('ADMIN_EMAIL', 'Admin e-mail: ');
  const password = await valueOf(
    'ADMIN_PASSWORD',
    'Password (12-128 characters; ignored for an existing account): ',
    true,
  );
  const missing = [!username && 'ADMIN_USERNAME', !email && 'ADMIN_EMAIL', !password && 'ADMIN_PASSWORD'].filter(
    Boolean,
  );
  if (missing.length > 0) {
    console.error(`admin:create: set ${missing.join(', ')} (or run it in a terminal to be asked)`);
    return 64; // EX_USAGE
  }
  const checks = [
    ['ADMIN_USERNAME', usernameSchema.safeParse(username)],
    ['ADMIN_EMAIL', emailSchema.safeParse(email)],
    ['ADMIN_PASSWORD', newPasswordSchema.safeParse(password)],
  ] as const;
  for (const [name, result] of checks) {
    if (!result.success) {
      console.error(`admin:create: ${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
      return 64;
    }
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      [
        `admin:create: ${error.message}`,
        'Nothing was changed. Either:',
        '  - stop the store (Ctrl+C where `npm start` runs), then run `npm run admin:create` again;',
        '  - or, while the store runs with no admin yet, open the one-time link it printed at start (…/setup-admin#token=…);',
        '  - or use a PostgreSQL server (DATABASE_URL=postgres://…), which the store and this command can share.',
      ].join('\n'),
    );
    return 75; // EX_TEMPFAIL
  }
  try {
    await database.migrate();
    const auth = new AuthService({
      repo: new AuthRepository(database.db),
      throttle: new AuthThrottle(new ThrottleRepository(database.db), config.auth.throttle),
      secrets: new SecretBox(config.auth.secret, config.auth.previousSecrets),
      config: config.auth,
      publicUrl: config.publicUrl,
    });
    const { user, created } = await auth.createAdmin({
      username: usernameSchema.parse(username),
      email: emailSchema.parse(email),
      password: password!,
      firstName: env.ADMIN_FIRST_NAME || 'Admin',
      lastName: env.ADMIN_LAST_NAME || 'User',
    });
    stdout.write(`${created ? 'created admin' : 'made admin'} ${user.username} <${user.email}> (${database.driver})\n`);
    if (config.auth.adminRequire2fa)
      stdout.write('Sign in and turn on two-factor authentication (profile) before using the admin area.\n');
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`admin:create: ${error.message}`);
      return 64;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
