import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Where the language is kept (`docs/product-rules.md#languages`): the `i18next` cookie that the
 * server renders by, and local storage. Each write waits on the browser process, so the language
 * a server-rendered page arrives in is written once the page is idle, not while it hydrates
 * (docs/decisions/0028-main-thread-and-catalogue-read-path.md); a visitor's change is written at once.
 */
describe('keeping the language', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A browser with an empty cookie jar and storage that records writes, and idle callbacks to run by hand. */
  function browser() {
    const writes: string[] = [];
    const idle: (() => void)[] = [];
    const attributes = new Map<string, string>();
    vi.stubGlobal('document', {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        writes.push(`cookie ${value}`);
      },
      documentElement: {
        getAttribute: (name: string) => attributes.get(name) ?? null,
        setAttribute: (name: string, value: string) => void attributes.set(name, value),
      },
    });
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: (key: string, value: string) => void writes.push(`storage ${key}=${value}`),
    });
    vi.stubGlobal('window', {
      requestIdleCallback: (task: () => void) => idle.push(task),
      cancelIdleCallback: () => undefined,
    });
    vi.stubGlobal('fetch', async () => ({ ok: true, json: async () => ({}) }));
    return { writes, idle, attributes };
  }

  it("writes a server-rendered page's language when the page is idle, and a visitor's change at once", async () => {
    const { writes, idle, attributes } = browser();

    const { initI18n, i18n } = await import('./i18n.ts');
    await initI18n({ lang: 'tr', texts: { tr: { common: { hello: 'Merhaba' } } } });
    expect(attributes.get('lang')).toBe('tr');
    expect(writes).toEqual([]);

    for (const task of idle.splice(0)) task();
    expect(writes).toEqual(['cookie i18next=tr; Path=/; SameSite=Lax', 'storage i18nextLng=tr']);

    writes.length = 0;
    await i18n.changeLanguage('de');
    expect(attributes.get('lang')).toBe('de');
    expect(writes).toEqual(['cookie i18next=de; Path=/; SameSite=Lax', 'storage i18nextLng=de']);
    expect(idle).toEqual([]);
  });

  it('a change before the page is idle wins over the language it arrived in', async () => {
    // A fresh module over the same i18next instance: the first test's listener goes.
    (await import('i18next')).default.off('languageChanged');
    vi.resetModules();
    const { writes, idle } = browser();

    const { initI18n, i18n } = await import('./i18n.ts');
    await initI18n({ lang: 'fr', texts: { fr: { common: {} } } });
    await i18n.changeLanguage('es');
    for (const task of idle.splice(0)) task();
    expect(writes).toEqual(['cookie i18next=es; Path=/; SameSite=Lax', 'storage i18nextLng=es']);
  });
});
