import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that serve the store on port 5000 with PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('resolves DATA_DIR against the folder npm was started in (INIT_CWD), not the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/store' }).dataDir).toBe('/srv/store/data');
    expect(loadConfig({ INIT_CWD: '/srv/store', DATA_DIR: '/var/lib/esim' }).dataDir).toBe('/var/lib/esim');
  });

  it('trusts no proxy by default and reads TRUST_PROXY as addresses and CIDR ranges (issue 8)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('takes absolute URLs from PUBLIC_URL (its origin), else http://localhost:<PORT>', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('syncs the catalogue every 6 hours by default, or as CATALOGUE_SYNC_INTERVAL says (issue 10)', () => {
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
