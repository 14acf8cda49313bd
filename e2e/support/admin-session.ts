import fs from 'node:fs';
import path from 'node:path';

/**
 * The browser tests' admin. The `setup` project (`tests/admin.setup.ts`) creates it
 * once per run through the first-admin link, turns on two-factor authentication (the store runs
 * with NODE_ENV=production, where admins must have it) and saves the signed-in browser state
 * here. Admin specs start signed in with `test.use({ storageState: adminStatePath() })` and must
 * not log out (every admin spec shares the session). `adminCredentials()` gives the username,
 * password and TOTP secret for a test that signs in by itself.
 */
export const ADMIN_STATE_FILE = 'admin-state.json';
export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.json';

export interface AdminCredentials {
  username: string;
  email: string;
  password: string;
  /** Base32 TOTP secret (`tests/totp.ts` computes codes). */
  totpSecret: string;
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}

/** The saved browser state (cookies, local storage) of the signed-in admin. */
export function adminStatePath(): string {
  return path.join(dataDir(), ADMIN_STATE_FILE);
}

/** Where the setup project writes the admin's credentials. */
export function adminCredentialsPath(): string {
  return path.join(dataDir(), ADMIN_CREDENTIALS_FILE);
}

/** The admin's credentials, as the setup project saved them. */
export function adminCredentials(): AdminCredentials {
  return JSON.parse(fs.readFileSync(adminCredentialsPath(), 'utf8')) as AdminCredentials;
}
