import path from 'node:path';

/**
 * Where the browser tests find the first-admin link. The store prints it once at
 * start-up while no admin exists (`apps/api/src/modules/auth/admin-setup-link.ts`: a plain line on
 * stdout at `LOG_LEVEL=warn`, as in these tests); `store.ts`, which runs the store for Playwright,
 * takes that line out of the output and writes the link to this file in the store's `DATA_DIR`
 * (`E2E_DATA_DIR`, shared by `playwright.config.ts` with its test workers).
 */
export const ADMIN_SETUP_LINK_FILE = 'admin-setup-link.txt';

/** The link file of this run, or undefined when the run's data directory is not known. */
export function adminSetupLinkPath(dataDir: string | undefined = process.env.E2E_DATA_DIR): string | undefined {
  return dataDir ? path.join(dataDir, ADMIN_SETUP_LINK_FILE) : undefined;
}

/** The first-admin link in one line of the store's output, if it has one. */
export function adminSetupLinkIn(line: string): string | undefined {
  return /https?:\/\/[^\s"]+\/setup-admin#token=[\w-]+/.exec(line)?.[0];
}
