/**
 * Runs the store for the browser tests (a Playwright `webServer`, from `e2e/`):
 * `node --import tsx support/store.ts` starts `apps/api/src/server.ts` with the same environment
 * and passes its output through, except the first-admin link the store prints at start-up while
 * no admin exists: that line is written to `admin-setup-link.txt` in the store's
 * `DATA_DIR` (see `admin-setup-link.ts`) instead, so that a test can open the link. SIGINT and
 * SIGTERM are passed on; this process ends with the store.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adminSetupLinkIn, adminSetupLinkPath } from './admin-setup-link.ts';

const server = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));
const linkFile = adminSetupLinkPath(process.env.DATA_DIR);

const store = spawn(process.execPath, ['--import', 'tsx', server], { stdio: ['ignore', 'pipe', 'inherit'] });
readline.createInterface({ input: store.stdout }).on('line', (line) => {
  const link = adminSetupLinkIn(line);
  if (link && linkFile) fs.writeFileSync(linkFile, `${link}\n`, { mode: 0o600 });
  else process.stdout.write(`${line}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => store.kill(signal));
}
store.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
