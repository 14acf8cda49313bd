import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_AUTH_SECRET, DEVELOPMENT_PAYMENT_SANDBOX_SECRET, loadConfig } from './config.ts';
import { SecretBox } from './modules/auth/totp.ts';

describe('loadConfig', () => {
  it('has defaults that serve the store on port 5000 with PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    // A quick start is reachable from this machine only, unless HOST says otherwise.
    expect(config.host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('resolves DATA_DIR against the folder npm was started in (INIT_CWD), not the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/store' }).dataDir).toBe('/srv/store/data');
    expect(loadConfig({ INIT_CWD: '/srv/store', DATA_DIR: '/var/lib/esim' }).dataDir).toBe('/var/lib/esim');
  });

  it('trusts no proxy by default and reads TRUST_PROXY as addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('takes absolute URLs from PUBLIC_URL (its origin), else http://localhost:<PORT>', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('syncs the catalogue every 6 hours by default, or as CATALOGUE_SYNC_INTERVAL says', () => {
    expect(loadConfig({}).catalogueSyncIntervalMs).toBe(6 * 3_600_000);
    expect(loadConfig({ CATALOGUE_SYNC_INTERVAL: '30m' }).catalogueSyncIntervalMs).toBe(1_800_000);
    expect(loadConfig({ CATALOGUE_SYNC_INTERVAL: ' 1D ' }).catalogueSyncIntervalMs).toBe(86_400_000);
    expect(loadConfig({ CATALOGUE_SYNC_INTERVAL: '90s' }).catalogueSyncIntervalMs).toBe(90_000);
    expect(loadConfig({ CATALOGUE_SYNC_INTERVAL: '900000' }).catalogueSyncIntervalMs).toBe(900_000);
    expect(loadConfig({ CATALOGUE_SYNC_INTERVAL: 'off' }).catalogueSyncIntervalMs).toBeNull();
  });

  it.each([
    [{ CATALOGUE_SYNC_INTERVAL: '5s' }, 'CATALOGUE_SYNC_INTERVAL'],
    [{ CATALOGUE_SYNC_INTERVAL: '6 hours' }, 'CATALOGUE_SYNC_INTERVAL'],
    [{ CATALOGUE_SYNC_INTERVAL: '31d' }, 'CATALOGUE_SYNC_INTERVAL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, 'PUBLIC_URL'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

/**
 * No store in production runs on a secret printed in the source code
 * (docs/decisions/0025-one-process-per-data-folder.md): the public development defaults and
 * short values are refused naming the variable; missing ones are made once per embedded database
 * folder, and are an error on PostgreSQL, where every instance needs the same value.
 */
describe('production secrets', () => {
  const STRONG = 'q4Xv9pL2mN7rT1wZ8kB3cF6hJ0sD5gY2aE9uI4oP7';
  const folders: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'esim-config-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('never runs production on the public development defaults', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.auth.secret).not.toBe(DEVELOPMENT_AUTH_SECRET);
    expect(config.paymentSandboxSecret).not.toBe(DEVELOPMENT_PAYMENT_SANDBOX_SECRET);
    expect(config.auth.secret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ AUTH_SECRET: DEVELOPMENT_AUTH_SECRET }, 'AUTH_SECRET: is the public development default'],
    [
      { PAYMENT_SANDBOX_SECRET: DEVELOPMENT_PAYMENT_SANDBOX_SECRET },
      'PAYMENT_SANDBOX_SECRET: is the public development default',
    ],
    [
      { PAYMENT_SANDBOX_SECRET: 'sixteen-chars-ok!' },
      'PAYMENT_SANDBOX_SECRET: too short for production (17 characters)',
    ],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET:'],
    [
      { DATABASE_URL: 'postgres://127.0.0.1/store', PAYMENT_SANDBOX_SECRET: STRONG },
      'AUTH_SECRET: required in production on PostgreSQL',
    ],
    [
      { DATABASE_URL: 'postgres://127.0.0.1/store', AUTH_SECRET: STRONG },
      'PAYMENT_SANDBOX_SECRET: required in production on PostgreSQL',
    ],
  ])('refuses to start in production with %o', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(message);
  });

  it('accepts strong secrets in production, and needs no sandbox secret when Stripe takes the cards', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1/store',
      AUTH_SECRET: STRONG,
      PAYMENT_SANDBOX_SECRET: STRONG,
    });
    expect(config.auth.secret).toBe(STRONG);
    expect(config.secretsFile).toBeUndefined();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh',
    };
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://127.0.0.1/store',
        AUTH_SECRET: STRONG,
        PAYMENT_PROVIDER: 'stripe',
        ...stripe,
      }),
    ).not.toThrow();
  });

  it('keeps the public defaults for development and tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).auth.secret).toBe(DEVELOPMENT_AUTH_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).paymentSandboxSecret).toBe(DEVELOPMENT_PAYMENT_SANDBOX_SECRET);
  });

  it('makes the secrets of an embedded store once, in <DATA_DIR>/secrets.json readable by its owner only', () => {
    const dataDir = tempDir();
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, { persistSecrets: true });
    const file = path.join(dataDir, 'secrets.json');
    expect(first.secretsFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      AUTH_SECRET: first.auth.secret,
      previousAuthSecrets: [],
    });
    const second = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, { persistSecrets: true });
    expect(second.auth.secret).toBe(first.auth.secret);
    expect(second.paymentSandboxSecret).toBe(first.paymentSandboxSecret);
    // Without persistSecrets nothing is written.
    const other = tempDir();
    loadConfig({ NODE_ENV: 'production', DATA_DIR: other });
    expect(() => statSync(path.join(other, 'secrets.json'))).toThrow();
  });

  it('keeps the two-factor enrolments of a folder that ran on the public default readable', () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pglite'));
    const sealedBefore = new SecretBox(DEVELOPMENT_AUTH_SECRET).seal(new Uint8Array([1, 2, 3]));
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, { persistSecrets: true });
    expect(config.auth.secret).not.toBe(DEVELOPMENT_AUTH_SECRET);
    expect(config.auth.previousSecrets).toEqual([DEVELOPMENT_AUTH_SECRET]);
    const box = new SecretBox(config.auth.secret, config.auth.previousSecrets);
    expect([...box.open(sealedBefore)]).toEqual([1, 2, 3]);
    // New enrolments are sealed under the new secret only.
    expect(() => new SecretBox(DEVELOPMENT_AUTH_SECRET).open(box.seal(new Uint8Array([4])))).toThrow();
  });

  it('opens secrets sealed under AUTH_PREVIOUS_SECRETS, so AUTH_SECRET can be changed', () => {
    const old = new SecretBox(STRONG).seal(new Uint8Array([9]));
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: `${STRONG}-new`,
      AUTH_PREVIOUS_SECRETS: ` ${STRONG} ,`,
    });
    expect(config.auth.previousSecrets).toEqual([STRONG]);
    expect([...new SecretBox(config.auth.secret, config.auth.previousSecrets).open(old)]).toEqual([9]);
    expect(() => new SecretBox(config.auth.secret).open(old)).toThrow();
  });
});
