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

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
