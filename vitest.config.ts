import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One test command for every workspace; each project finds the tests beside its code. */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core free (one worker on CI's 2-core
    // machine); the suites wait mostly on PGlite and PostgreSQL, and two workers took the unit
    // run from 456 s to 286 s there.
    maxWorkers: os.availableParallelism(),
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', '*.test.ts'] } },
    ],
  },
});
