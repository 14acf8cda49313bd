import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';
import { CLUSTER_PORTS } from './settings.ts';

/**
 * The cluster browser test (decision record 0020): two store instances on one fresh PostgreSQL
 * database (127.0.0.1:5432) behind nginx, started by `global-setup.ts` (`cluster.ts`), in
 * Debian's Chromium. Run from `e2e/`: `npx playwright test -c cluster/playwright.config.ts`
 * (after `npm run build -w apps/web`; `npm run build` for the production API build).
 *
 * The specs run one at a time in one worker: one of them kills an instance, which the others
 * must not see. `CLUSTER_KEEP=1` keeps the cluster's folder (logs, nginx access log).
 */
/** Chromium's flags, as in `e2e/playwright.config.ts` (not imported: loading that config has side effects). */

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e-cluster.json' }]],
  outputDir: '../test-results/cluster',
  use: {
    baseURL: `http://127.0.0.1:${CLUSTER_PORTS.nginx}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'cluster',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 800 } },
    },
  ],
});
