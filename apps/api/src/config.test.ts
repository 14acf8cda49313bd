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

  it.each([
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
