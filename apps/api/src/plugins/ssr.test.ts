import { createHash } from 'node:crypto';
import type { Language } from '@esim/contract/languages';
import { describe, expect, it, vi } from 'vitest';
import { type ManifestEntry, SSR_CACHE_ENTRIES, ServerRenderer, type SsrModule, jsonForHtml } from './ssr.ts';

/** The CSP hash source (`'sha256-…'`) of a text, as a browser computes it. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** A promise with its settle functions, to hold a render in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Rendered = Awaited<ReturnType<SsrModule['render']>>;
type RenderRequest = Parameters<SsrModule['render']>[0];

/** A stand-in for `dist-ssr/entry-server.js`: renders `<p>{lang} {url} #{n}</p>` unless `impl` says otherwise. */
function fakeModule(impl?: (request: RenderRequest, call: number) => Promise<Rendered> | Rendered) {
  let calls = 0;
  const render = vi.fn(async (request: RenderRequest): Promise<Rendered> => {
    calls += 1;
    if (impl) return impl(request, calls);
    return {
      html: `<p>${request.lang} ${request.url} #${calls}</p>`,
      state: { lang: request.lang },
      module: 'src/app/routes/home.tsx',
    };
  });
  return { render } satisfies SsrModule;
}

const noFetch = async (): Promise<unknown> => undefined;

/** A renderer over `ssr` with an empty manifest. */
const rendererOf = (ssr: SsrModule, manifest: Record<string, ManifestEntry> = {}) =>
  ServerRenderer.fromModule(ssr, manifest, noFetch);

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('jsonForHtml', () => {
  const hostile = {
    name: '</script><script>alert(1)</script>',
    comment: '<!-- --> <![CDATA[ ]]>',
    amp: 'Tom & Jerry &lt;b&gt;',
    separators: 'line\u2028paragraph\u2029end',
    quotes: `"'\``,
    unicode: 'Türkiye 日本 🇹🇷',
    nested: [{ text: '</SCRIPT >' }, 1, null, true],
  };

  it('leaves no <, >, & or line/paragraph separator in the output', () => {
    const json = jsonForHtml(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(json).toContain('\\u0026');
    expect(json).toContain('\\u2028');
    expect(json).toContain('\\u2029');
  });

  it('round-trips: JSON.parse gives back the input', () => {
    expect(JSON.parse(jsonForHtml(hostile))).toEqual(hostile);
    for (const value of ['</script>', '&', '\u2028', 0, null, [], {}, 'plain']) {
      expect(JSON.parse(jsonForHtml(value))).toEqual(value);
    }
  });

  it('cannot close the script element it is put in', () => {
    const page = `<script id="ssr-state" type="application/json">${jsonForHtml(hostile)}</script><p>after</p>`;
    // An HTML parser ends a script's text at the first `</script`: it must be the one we wrote.
    const end = page.search(/<\/script/i);
    expect(page.slice(end)).toBe('</script><p>after</p>');
    expect(JSON.parse(page.slice(page.indexOf('>') + 1, end))).toEqual(hostile);
  });
});

describe('ServerRenderer cache', () => {
  it('renders a page once per language and URL, and each language separately', async () => {
    const ssr = fakeModule();
    const renderer = rendererOf(ssr);
    const first = await renderer.page('/en/turkey', 'en');
    const again = await renderer.page('/en/turkey', 'en');
    expect(again).toBe(first);
    expect(ssr.render).toHaveBeenCalledTimes(1);

    const turkish = await renderer.page('/en/turkey', 'tr');
    expect(turkish.body).toBe('<p>tr /en/turkey #2</p>');
    const withQuery = await renderer.page('/en/turkey?x=1', 'en');
    expect(withQuery.body).toBe('<p>en /en/turkey?x=1 #3</p>');
    expect(ssr.render).toHaveBeenCalledTimes(3);
    expect(ssr.render.mock.calls.map(([request]) => [request.url, request.lang])).toEqual([
      ['/en/turkey', 'en'],
      ['/en/turkey', 'tr'],
      ['/en/turkey?x=1', 'en'],
    ]);
  });

  it('passes its fetchJson to the renderer module', async () => {
    const fetchJson = vi.fn(async (path: string) => ({ path }));
    const ssr = fakeModule(async ({ fetchJson: fetch }) => ({
      html: '<p>x</p>',
      state: await fetch('/api/countries'),
      module: 'src/app/routes/home.tsx',
    }));
    const page = await ServerRenderer.fromModule(ssr, {}, fetchJson).page('/', 'en');
    expect(fetchJson).toHaveBeenCalledWith('/api/countries');
    expect(ssr.render.mock.calls[0]?.[0]).not.toHaveProperty('cartSession');
    expect(JSON.parse(page.stateJson)).toEqual({ path: '/api/countries' });
  });

  it('shares one render between concurrent requests for the same page', async () => {
    const gate = deferred<void>();
    const ssr = fakeModule(async ({ url, lang }) => {
      await gate.promise;
      return { html: `<p>${lang} ${url}</p>`, state: null, module: 'm' };
    });
    const renderer = rendererOf(ssr);
    const requests = Array.from({ length: 5 }, () => renderer.page('/products', 'de'));
    gate.resolve();
    const pages = await Promise.all(requests);
    expect(ssr.render).toHaveBeenCalledTimes(1);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]?.body).toBe('<p>de /products</p>');
  });

  it('renders again after invalidate()', async () => {
    const ssr = fakeModule();
    const renderer = rendererOf(ssr);
    expect((await renderer.page('/', 'en')).body).toBe('<p>en / #1</p>');
    renderer.invalidate();
    expect((await renderer.page('/', 'en')).body).toBe('<p>en / #2</p>');
    expect((await renderer.page('/', 'en')).body).toBe('<p>en / #2</p>');
    expect(ssr.render).toHaveBeenCalledTimes(2);
  });

  it('does not keep a render that was in flight during invalidate()', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const ssr = fakeModule(async ({ url }, call) => {
      await gates[call - 1]?.promise;
      return { html: `<p>${url} #${call}</p>`, state: null, module: 'm' };
    });
    const renderer = rendererOf(ssr);
    const stale = renderer.page('/', 'en');
    renderer.invalidate();
    gates[0]!.resolve();
    // The request that was waiting gets what it asked for, but it is not kept.
    expect((await stale).body).toBe('<p>/ #1</p>');
    await settle();
    gates[1]!.resolve();
    expect((await renderer.page('/', 'en')).body).toBe('<p>/ #2</p>');
    expect((await renderer.page('/', 'en')).body).toBe('<p>/ #2</p>');
    expect(ssr.render).toHaveBeenCalledTimes(2);
  });

  it('keeps the fresh render when a stale one started before invalidate() ends after it', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const ssr = fakeModule(async ({ url }, call) => {
      await gates[call - 1]?.promise;
      return { html: `<p>${url} #${call}</p>`, state: null, module: 'm' };
    });
    const renderer = rendererOf(ssr);
    const stale = renderer.page('/', 'en');
    renderer.invalidate();
    // A request after the change starts a render of its own, while the stale one still runs.
    const fresh = renderer.page('/', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(2);
    gates[1]!.resolve();
    expect((await fresh).body).toBe('<p>/ #2</p>');
    gates[0]!.resolve();
    expect((await stale).body).toBe('<p>/ #1</p>');
    await settle();
    // The stale render's end must not drop the fresh page, nor put itself back.
    expect(await renderer.page('/', 'en')).toBe(await fresh);
    expect(ssr.render).toHaveBeenCalledTimes(2);
  });

  it('keeps the fresh render when a stale one started before invalidate() fails after it', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const ssr = fakeModule(async ({ url }, call) => {
      await gates[call - 1]?.promise;
      if (call === 1) throw new Error('stale render failed');
      return { html: `<p>${url} #${call}</p>`, state: null, module: 'm' };
    });
    const renderer = rendererOf(ssr);
    const stale = renderer.page('/', 'en');
    renderer.invalidate();
    const fresh = renderer.page('/', 'en');
    gates[1]!.resolve();
    await fresh;
    gates[0]!.resolve();
    await expect(stale).rejects.toThrow('stale render failed');
    await settle();
    expect(await renderer.page('/', 'en')).toBe(await fresh);
    expect(ssr.render).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed render: the next request renders again', async () => {
    const ssr = fakeModule(async ({ url }, call) => {
      if (call === 1) throw new Error('render failed');
      return { html: `<p>${url} #${call}</p>`, state: null, module: 'm' };
    });
    const renderer = rendererOf(ssr);
    await expect(renderer.page('/faq', 'fr')).rejects.toThrow('render failed');
    await settle();
    expect((await renderer.page('/faq', 'fr')).body).toBe('<p>/faq #2</p>');
    expect((await renderer.page('/faq', 'fr')).body).toBe('<p>/faq #2</p>');
    expect(ssr.render).toHaveBeenCalledTimes(2);
  });

  it('gives every concurrent request of a failing render the error', async () => {
    const gate = deferred<void>();
    const ssr = fakeModule(async () => {
      await gate.promise;
      throw new Error('boom');
    });
    const renderer = rendererOf(ssr);
    const requests = [renderer.page('/x', 'en'), renderer.page('/x', 'en')];
    gate.reject(new Error('boom'));
    for (const request of requests) await expect(request).rejects.toThrow('boom');
    expect(ssr.render).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${SSR_CACHE_ENTRIES} pages, dropping the least recently used`, async () => {
    expect(SSR_CACHE_ENTRIES).toBe(500);
    const ssr = fakeModule();
    const renderer = rendererOf(ssr);
    for (let i = 0; i < SSR_CACHE_ENTRIES; i += 1) await renderer.page(`/p?i=${i}`, 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES);
    // A hit makes /p?i=0 the most recently used, so /p?i=1 is now the oldest.
    await renderer.page('/p?i=0', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES);
    await renderer.page('/p?i=new', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES + 1);

    await renderer.page('/p?i=0', 'en');
    await renderer.page('/p?i=2', 'en');
    await renderer.page('/p?i=new', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES + 1);
    // /p?i=1 was dropped; rendering it again drops the next oldest (/p?i=3).
    await renderer.page('/p?i=1', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES + 2);
    await renderer.page('/p?i=4', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES + 2);
    await renderer.page('/p?i=3', 'en');
    expect(ssr.render).toHaveBeenCalledTimes(SSR_CACHE_ENTRIES + 3);
  });

  it("never caches a page rendered with a visitor's cart, nor serves it to anyone else", async () => {
    const ssr = fakeModule(async (request, call) => ({
      html: `<p>${request.cartSession ?? 'no session'} #${call}</p>`,
      state: {},
      module: 'src/app/routes/cart.tsx',
    }));
    const renderer = rendererOf(ssr);
    const alice = await renderer.page('/cart', 'en', 'alice-session-1');
    const aliceAgain = await renderer.page('/cart', 'en', 'alice-session-1');
    expect(alice.body).toBe('<p>alice-session-1 #1</p>');
    expect(aliceAgain.body).toBe('<p>alice-session-1 #2</p>');
    // A visitor without a session gets the empty cart's page, which is the same for all and cached.
    const anonymous = await renderer.page('/cart', 'en', null);
    expect(anonymous.body).toBe('<p>no session #3</p>');
    expect(await renderer.page('/cart', 'en', null)).toBe(anonymous);
    expect(ssr.render.mock.calls.map(([request]) => request.cartSession)).toEqual([
      'alice-session-1',
      'alice-session-1',
      null,
    ]);
  });
});

describe('ServerRenderer page', () => {
  /**
   * A manifest shaped like Vite's: the entry (`index.html`) imports the shared chunks `_react`
   * and `_shared` (which imports `_tiny`); the country screen imports `_shared`, `_plans` (with
   * CSS, importing `_react` and `_flag`) and lazily `_chat` (a dynamic import, not preloaded).
   */
  const MANIFEST: Record<string, ManifestEntry> = {
    'index.html': {
      file: 'assets/index-E.js',
      isEntry: true,
      imports: ['_react.js', '_shared.js'],
      css: ['assets/index-E.css'],
      dynamicImports: ['src/app/routes/country.tsx'],
    },
    '_react.js': { file: 'assets/react-R.js' },
    '_shared.js': { file: 'assets/shared-S.js', imports: ['_tiny.js'], css: ['assets/shared-S.css'] },
    '_tiny.js': { file: 'assets/tiny-T.js' },
    'src/app/routes/country.tsx': {
      file: 'assets/country-C.js',
      imports: ['_shared.js', '_plans.js', '_react.js'],
      css: ['assets/country-C.css'],
      dynamicImports: ['_chat.js'],
    },
    '_plans.js': {
      file: 'assets/plans-P.js',
      imports: ['_react.js', '_flag.js', '_plans.js'],
      css: ['assets/plans-P.css'],
    },
    '_flag.js': { file: 'assets/flag-F.js' },
    '_chat.js': { file: 'assets/chat-X.js', css: ['assets/chat-X.css'] },
    'src/app/routes/home.tsx': { file: 'assets/home-H.js', imports: ['_react.js'] },
  };

  const pageOf = (html: string, module: string, lang: Language = 'en') =>
    ServerRenderer.fromModule({ render: async () => ({ html, state: { lang }, module }) }, MANIFEST, noFetch).page(
      '/en/turkey',
      lang,
    );

  it("preloads the screen's static chunk closure minus the entry's, with their CSS as style sheets", async () => {
    const page = await pageOf('<main>x</main>', 'src/app/routes/country.tsx');
    const links = page.head.split('\n    ');
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/country-C.css">',
      '<link rel="stylesheet" crossorigin href="/assets/plans-P.css">',
    ]);
    // The chunks go to the list the browser preloads once the page is painted.
    expect(JSON.parse(page.preloadJson)).toEqual(['/assets/country-C.js', '/assets/plans-P.js', '/assets/flag-F.js']);
    // Nothing the entry loads already, and no dynamic import.
    for (const loaded of ['index-E', 'react-R', 'shared-S', 'tiny-T', 'chat-X']) {
      expect(page.head).not.toContain(loaded);
      expect(page.preloadJson).not.toContain(loaded);
    }
  });

  it('preloads nothing for a screen inside the entry, or one the manifest does not know', async () => {
    expect((await pageOf('<main>x</main>', '_shared.js')).preloadJson).toBe('[]');
    expect((await pageOf('<main>x</main>', 'src/app/routes/unknown.tsx')).preloadJson).toBe('[]');
    const home = await pageOf('<main>x</main>', 'src/app/routes/home.tsx');
    expect(home.head).toBe('');
    expect(home.preloadJson).toBe('["/assets/home-H.js"]');
  });

  it('moves the leading <link> resource hints from the markup to the head', async () => {
    const hints =
      '<link rel="preload" href="/fonts/a.woff2" as="font" crossorigin=""/><link rel="preconnect" href="https://x.example">';
    const page = await pageOf(
      `${hints}<header><link rel="icon" href="/in-body"></header><main>x</main>`,
      'src/app/routes/home.tsx',
    );
    expect(page.body).toBe('<header><link rel="icon" href="/in-body"></header><main>x</main>');
    expect(page.head).toBe(hints);
    // A page without hints keeps its markup whole.
    const plain = await pageOf('<main><link rel="x" href="/y"></main>', 'src/app/routes/unknown.tsx');
    expect(plain.body).toBe('<main><link rel="x" href="/y"></main>');
    expect(plain.head).toBe('');
  });

  it('hashes the distinct style attributes of the markup, as a browser decodes them', async () => {
    const page = await pageOf(
      '<link rel="preload" href="/a" style="display:none"/>' +
        '<div style="width:50%"><span style="width:50%"></span><i style="font-family:&quot;Inter&quot;;content:&#39;&amp;&#x27;"></i></div>',
      'src/app/routes/unknown.tsx',
    );
    // The hint's attribute left the body with the hint: it is not hashed.
    expect(page.styleHashes).toEqual([hashSource('width:50%'), hashSource(`font-family:"Inter";content:'&'`)]);
    expect((await pageOf('<main>no styles</main>', 'm')).styleHashes).toEqual([]);
  });

  it('escapes the state for a script element', async () => {
    const state = { products: [{ name: '</script><script>alert(1)</script>' }] };
    const page = await ServerRenderer.fromModule(
      { render: async () => ({ html: '<main></main>', state, module: 'm' }) },
      {},
      noFetch,
    ).page('/', 'en');
    expect(page.stateJson).not.toMatch(/</);
    expect(JSON.parse(page.stateJson)).toEqual(state);
  });
});
