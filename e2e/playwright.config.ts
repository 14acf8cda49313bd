import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium.ts';
import { storeEnvForFakes } from '../apps/api/test/fakes/credentials.ts';
import { LIFTED_THROTTLES } from './support/lifted-throttles.ts';
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

/**
 * The production adapters' browser journeys (project `providers`, `tests/providers/`):
 * a second store on `E2E_PROVIDERS_PORT` (default 5181) with `ESIM_PROVIDER=esimgo`,
 * `PAYMENT_PROVIDER=stripe` and PayPal REST, all pointed at the provider fakes
 * (`apps/api/test/fakes/serve.ts`: eSIM Go 5190, Stripe and its Stripe.js stand-in 5191, PayPal
 * 5192), which send their webhooks to that store.
 */
const providersPort = Number(process.env.E2E_PROVIDERS_PORT ?? 5181);
const providersOrigin = `http://127.0.0.1:${providersPort}`;
const fakePorts = { esimgo: 5190, stripe: 5191, paypal: 5192 };
const fakeUrls = {
  esimgo: `http://127.0.0.1:${fakePorts.esimgo}/v2.4`,
  stripe: `http://127.0.0.1:${fakePorts.stripe}`,
  stripeJs: `http://127.0.0.1:${fakePorts.stripe}/v3/`,
  paypal: `http://127.0.0.1:${fakePorts.paypal}`,
};
const providersDataDir = (process.env.E2E_PROVIDERS_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'esim-e2e-providers-'),
));

/**
 * The environment both stores start with: this process's, the port, the data folder and the
 * public address (e-mail links point at the test server rather than localhost:<port>), the test
 * mailbox, and the throttles lifted (every test pays, signs in and chats from 127.0.0.1).
 */
function storeEnv(storePort: number, publicUrl: string, storeDataDir: string): Record<string, string> {
  return {
    ...env,
    PORT: String(storePort),
    HOST: '127.0.0.1',
    DATA_DIR: storeDataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SMTP_URL: MAILBOX_SMTP_URL,
    PUBLIC_URL: publicUrl,
    ...LIFTED_THROTTLES,
  } as Record<string, string>;
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  // CI's 2-core machine runs two browsers, the store and the mailbox at once and is several times
  // slower than a developer's: a screen that takes 2 s here took over 10 s there. The waits scale.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    // The run's admin, made once through the first-admin link (`tests/admin.setup.ts`).
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'desktop',
      testIgnore: /providers\//,
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 800 } },
      dependencies: ['setup'],
    },
    {
      name: 'providers',
      testMatch: /providers\/.*\.spec\.ts/,
      // One retry on CI for these journeys through the Stripe, PayPal and eSIM Go fakes. The portal
      // journeys' "card is late" was the portal's per-address limit (lifted now, lifted-throttles.ts:
      // 96 of 96 passed repeated). What is left is rarer: now and then a press of 'Complete
      // purchase' right after the card is typed into the Stripe stand-in's frame starts nothing (no
      // request in the trace, the form idle, no error shown); the cause is still to be found.
      retries: process.env.CI ? 1 : 0,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 1280, height: 800 },
        baseURL: providersOrigin,
      },
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
        ...storeEnv(port, origin, dataDir),
        SUPPORT_EMAIL: 'support-desk@roamwise.example',
      },
    },
    {
      name: 'fakes',
      command: 'node --import tsx ../apps/api/test/fakes/serve.ts',
      url: fakeUrls.stripeJs,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...env,
        FAKE_ESIMGO_PORT: String(fakePorts.esimgo),
        FAKE_STRIPE_PORT: String(fakePorts.stripe),
        FAKE_PAYPAL_PORT: String(fakePorts.paypal),
        FAKE_STORE_URL: providersOrigin,
      } as Record<string, string>,
    },
    {
      name: 'providers-store',
      command: 'node --import tsx support/store.ts',
      url: `${providersOrigin}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...storeEnv(providersPort, providersOrigin, providersDataDir), ...storeEnvForFakes(fakeUrls) },
    },
  ],
});
