import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { MAILBOX_HTTP_PORT, MAILBOX_HTTP_URL, MAILBOX_SMTP_PORT, MAILBOX_SMTP_URL } from './support/mailbox-api.ts';

/**
 * Browser tests against the built store on a fresh embedded database, in Debian's Chromium
 * (never a downloaded browser). The servers are started once for the run, in order: the test
 * mailbox (`support/mailbox.ts`: SMTP on `MAILBOX_SMTP_PORT`, default 5187, and its JSON API on
 * `MAILBOX_HTTP_PORT`, default 5188), then the store on `E2E_PORT` (default 5179), which sends
 * its e-mail there over real SMTP; tests read it with `tests/mail.ts`.
 */
const port = Number(process.env.E2E_PORT ?? 5179);
const origin = `http://127.0.0.1:${port}`;
// Made once by the runner and inherited by its test workers (which load this file again), so
// that tests can read what the store leaves there (the first-admin link, `support/store.ts`).
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'esim-e2e-')));
const { DATABASE_URL: _ignored, ...env } = process.env;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    // The run's admin, made once through the first-admin link (`tests/admin.setup.ts`).
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 800 } },
      dependencies: ['setup'],
    },
  ],
  webServer: [
    {
      name: 'mailbox',
      command: 'node --import tsx support/mailbox.ts',
      url: `${MAILBOX_HTTP_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAILBOX_SMTP_PORT: String(MAILBOX_SMTP_PORT), MAILBOX_HTTP_PORT: String(MAILBOX_HTTP_PORT) },
    },
    {
      name: 'store',
      // The store, with its first-admin link written to DATA_DIR for the tests (`support/store.ts`).
      command: 'node --import tsx support/store.ts',
      url: `${origin}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SMTP_URL: MAILBOX_SMTP_URL,
        // E-mail links (portal, order page) point at this test server rather than localhost:<port>.
        PUBLIC_URL: origin,
        // Every test pays from 127.0.0.1, many in one run: lift the payment throttles (issue 8),
        // whose own tests run in the API suite with explicit limits.
        PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION: '1000000',
        PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
        PAYMENT_THROTTLE_DECLINES_PER_SESSION: '1000000',
        PAYMENT_THROTTLE_DECLINES_PER_ADDRESS: '1000000',
        // Sign-ins and registrations come from 127.0.0.1 too (issue 9).
        AUTH_THROTTLE_FAILURES_PER_ACCOUNT: '1000000',
        AUTH_THROTTLE_FAILURES_PER_ADDRESS: '1000000',
        AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
        AUTH_RESET_REQUESTS_PER_EMAIL: '1000000',
        AUTH_RESET_REQUESTS_PER_ADDRESS: '1000000',
        // The chat assistant and the contact form are used from 127.0.0.1 by many tests (issue 11).
        CHAT_RATE_LIMIT_PER_SESSION: '1000000',
        CHAT_RATE_LIMIT_PER_ADDRESS: '1000000',
        SUPPORT_RATE_LIMIT_PER_HOUR: '1000000',
        SUPPORT_EMAIL: 'support-desk@roamwise.example',
      } as Record<string, string>,
    },
  ],
});
