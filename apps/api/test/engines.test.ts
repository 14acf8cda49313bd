import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

/**
 * The root `package.json`'s `engines.node` is a promise to whoever runs `npm ci`: every package
 * the lockfile installs must accept every Node.js version that range allows, or npm warns
 * `EBADENGINE` and the package may fail at run time. Checked here on the lockfile itself, so a
 * dependency update that needs a newer Node.js fails the suite instead of warning at install.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
  optional?: boolean;
  dev?: boolean;
}

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lockfile = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

it('declares a Node.js range that every installed package accepts', () => {
  const declared = rootPackage.engines.node;
  const lowest = semver.minVersion(declared);
  expect(lowest, `engines.node "${declared}"`).not.toBeNull();
  const refusing = Object.entries(lockfile.packages)
    .filter(([location]) => location.includes('node_modules/'))
    .flatMap(([location, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!wanted || entry.optional) return [];
      // Every version the declared range allows must be allowed by the package's range.
      return semver.subset(declared, wanted, { includePrerelease: false })
        ? []
        : [`${location}@${entry.version} needs node ${wanted}`];
    });
  expect(refusing).toEqual([]);
});

it('runs on the Node.js this machine has', () => {
  expect(semver.satisfies(process.versions.node, rootPackage.engines.node)).toBe(true);
});
