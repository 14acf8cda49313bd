import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets of a store on an embedded database that were not given in the environment
 * (docs/decisions/0025-one-process-per-data-folder.md): made once from the CSPRNG and kept in
 * `<DATA_DIR>/secrets.json` (mode 0600), so that `npm start` needs no set-up and yet no store runs
 * on a secret printed in this repository. Only for PGlite: on PostgreSQL several instances must
 * share one value, so `config.ts` asks for it instead.
 */

/** What `secrets.json` holds. */
export interface LocalSecrets {
  /** 64 base64url characters (384 bits). */
  AUTH_SECRET: string;
  /** 64 base64url characters (384 bits). */
  PAYMENT_SANDBOX_SECRET: string;
  /**
   * Earlier `AUTH_SECRET`s whose sealed two-factor secrets may still be stored: the public
   * development default when the folder already held a database before this file was made
   * (stores started before secrets were generated), so that their enrolments stay readable.
   */
  previousAuthSecrets: string[];
}

const FILE_NAME = 'secrets.json';

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

function parse(text: string): LocalSecrets | undefined {
  const value = JSON.parse(text) as Partial<LocalSecrets>;
  if (typeof value.AUTH_SECRET !== 'string' || value.AUTH_SECRET.length < 32) return undefined;
  if (typeof value.PAYMENT_SANDBOX_SECRET !== 'string' || value.PAYMENT_SANDBOX_SECRET.length < 32) return undefined;
  const previous = Array.isArray(value.previousAuthSecrets)
    ? value.previousAuthSecrets.filter((s): s is string => typeof s === 'string')
    : [];
  return {
    AUTH_SECRET: value.AUTH_SECRET,
    PAYMENT_SANDBOX_SECRET: value.PAYMENT_SANDBOX_SECRET,
    previousAuthSecrets: previous,
  };
}

/**
 * The secrets of the embedded database folder `dataDir`: read from `secrets.json`, or made and
 * written there on first use (atomically: a temporary file hard-linked into place, so two
 * processes starting together agree on one). `memory://` gets fresh secrets each call.
 * @param legacyAuthSecret the `AUTH_SECRET` a folder that already holds a database was used with
 *   until now (recorded in `previousAuthSecrets`).
 * @throws Error naming the file when it exists but cannot be read or is not valid.
 */
export function localSecrets(
  dataDir: string,
  legacyAuthSecret: string,
): LocalSecrets & { created: boolean; file: string | undefined } {
  if (dataDir === 'memory://') {
    return {
      AUTH_SECRET: newSecret(),
      PAYMENT_SANDBOX_SECRET: newSecret(),
      previousAuthSecrets: [],
      created: true,
      file: undefined,
    };
  }
  const file = path.join(dataDir, FILE_NAME);
  const read = (): LocalSecrets => {
    const secrets = parse(fs.readFileSync(file, 'utf8'));
    if (!secrets)
      throw new Error(
        `${file} is not a valid secrets file: remove it to have new secrets made (two-factor enrolments made since then must then be set up again)`,
      );
    return secrets;
  };
  if (fs.existsSync(file)) return { ...read(), created: false, file };
  fs.mkdirSync(dataDir, { recursive: true });
  const existingDatabase = fs.existsSync(path.join(dataDir, 'pglite'));
  const secrets: LocalSecrets = {
    AUTH_SECRET: newSecret(),
    PAYMENT_SANDBOX_SECRET: newSecret(),
    previousAuthSecrets: existingDatabase ? [legacyAuthSecret] : [],
  };
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...read(), created: false, file };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { ...secrets, created: true, file };
}
