import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@esim/contract/languages';
import { styleAttributeHashesOf } from '../lib/content-security.ts';

/**
 * Reads an API response in this process (`app.inject`), with extra request headers
 * (`x-session-id` for the cart); `undefined` for anything but 200.
 */
export type FetchJson = (path: string, headers?: Record<string, string>) => Promise<unknown>;

/** The server renderer's module (`apps/web/src/entry-server.tsx`, built into `dist-ssr/`): its `render`. */
export interface SsrModule {
  render(request: { url: string; lang: Language; fetchJson: FetchJson; cartSession?: string | null }): Promise<{
    html: string;
    state: unknown;
    module: string;
  }>;
}

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** A rendered page, ready to be put into the template: the `#root` markup, head tags and state. */
export interface SsrPage {
  /** Markup of `#root`, without the resource hints React puts first (they go to `head`). */
  body: string;
  /** `<link rel="stylesheet">` of the screen's CSS and the resource hints of the render. */
  head: string;
  /**
   * The screen's chunks (`/assets/...`), JSON escaped for the `#ssr-preload` script: the browser's
   * entry preloads them once the page is painted (`main.tsx`), so they do not compete with the
   * HTML and CSS for a slow connection.
   */
  preloadJson: string;
  /** The state for hydration, JSON escaped for a `<script type="application/json">`. */
  stateJson: string;
  /** CSP hashes of the `style` attributes in `body` (UI libraries' inline styles). */
  styleHashes: string[];
}

/** Most pages kept; the oldest is dropped first (a bound, so odd query strings cannot fill memory). */
export const SSR_CACHE_ENTRIES = 500;

/**
 * JSON for a `<script type="application/json">` inside HTML: `<`, `>`, `&` and the line
 * separators escaped, so no text of the catalogue can close the script or start markup (OWASP
 * XSS prevention rule 3.1).
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Leading `<link .../>` resource hints React 19 puts before the markup when there is no `<head>` to put them in. */
const LEADING_LINKS = /^(?:<link\b[^>]*\/?>)+/;

/**
 * The server rendering of the storefront (decision record 0022): loads the renderer
 * built by `npm run build -w apps/web` and renders pages through it, with a cache of rendered
 * pages per path, query string and language that is emptied whenever the catalogue or prices
 * change (`CatalogService.onChange`, shared across instances through the change bus).
 * Concurrent requests for a page that is not cached yet share one render.
 */
export class ServerRenderer {
  private readonly cache = new Map<string, Promise<SsrPage>>();
  private generation = 0;

  private constructor(
    private readonly ssr: SsrModule,
    private readonly manifest: Record<string, ManifestEntry>,
    private readonly fetchJson: FetchJson,
  ) {}

  /**
   * The renderer of the build next to `webDist` (`../dist-ssr/entry-server.js`), or `undefined`
   * when there is no such build (the storefront is then sent unrendered and renders in the browser).
   */
  static async load(webDist: string, fetchJson: FetchJson): Promise<ServerRenderer | undefined> {
    const entry = path.resolve(webDist, '..', 'dist-ssr', 'entry-server.js');
    const manifestPath = path.join(webDist, '.vite', 'manifest.json');
    if (!fs.existsSync(entry) || !fs.existsSync(manifestPath)) return undefined;
    const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
    return ServerRenderer.fromModule(ssr, manifest, fetchJson);
  }

  /**
   * A renderer over a renderer module and build manifest already in memory (what {@link load}
   * reads from the build; tests pass a stand-in module). `manifest` is keyed by source path
   * (`index.html`, `src/app/routes/country.tsx`), as Vite writes it.
   */
  static fromModule(ssr: SsrModule, manifest: Record<string, ManifestEntry>, fetchJson: FetchJson): ServerRenderer {
    return new ServerRenderer(ssr, manifest, fetchJson);
  }

  /** Forgets every rendered page (the catalogue or prices changed). */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /**
   * The page at `url` (path and query string) in `lang`, from the cache or rendered now.
   * `cartSession`, for the pages that show the cart (`/cart`, `/checkout`): the visitor's session
   * id, whose cart is rendered into the page (never cached: the page is that visitor's), or
   * `null` for a visitor without a session (the empty cart, cached like any page).
   *
   * @throws what the renderer throws; a failed render is not cached.
   */
  page(url: string, lang: Language, cartSession?: string | null): Promise<SsrPage> {
    if (typeof cartSession === 'string') return this.render(url, lang, cartSession);
    const key = `${lang} ${url}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last, so the oldest is dropped first.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const generation = this.generation;
    const rendering = this.render(url, lang, cartSession);
    this.cache.set(key, rendering);
    // Only this render's own entry is dropped: a render started after an invalidation (or after
    // this one was evicted) may hold the key by now.
    const drop = () => {
      if (this.cache.get(key) === rendering) this.cache.delete(key);
    };
    rendering.then(() => {
      if (generation !== this.generation) drop();
    }, drop);
    while (this.cache.size > SSR_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return rendering;
  }

  private async render(url: string, lang: Language, cartSession?: string | null): Promise<SsrPage> {
    const { html, state, module } = await this.ssr.render({
      url,
      lang,
      fetchJson: this.fetchJson,
      ...(cartSession === undefined ? {} : { cartSession }),
    });
    const hints = LEADING_LINKS.exec(html)?.[0] ?? '';
    const body = html.slice(hints.length);
    return {
      body,
      styleHashes: styleAttributeHashesOf(body),
      head: [...this.screenChunks(module).css, hints].filter(Boolean).join('\n    '),
      preloadJson: jsonForHtml(this.screenChunks(module).js),
      stateJson: jsonForHtml(state),
    };
  }

  /**
   * A screen's chunk and the chunks it imports statically (their URLs), and `<link rel="stylesheet">`
   * of their CSS, leaving out what the entry (`index.html`) loads already.
   */
  private screenChunks(module: string): { js: string[]; css: string[] } {
    const closure = (keys: string[], skip: Set<string>) => {
      const seen = new Set<string>();
      const visit = (key: string) => {
        const entry = this.manifest[key];
        if (!entry || seen.has(key) || skip.has(key)) return;
        seen.add(key);
        for (const imported of entry.imports ?? []) visit(imported);
      };
      keys.forEach(visit);
      return seen;
    };
    this.entryChunks ??= closure(
      Object.keys(this.manifest).filter((key) => this.manifest[key]?.isEntry),
      new Set(),
    );
    const chunks = [...closure([module], this.entryChunks)].map((key) => this.manifest[key]!);
    return {
      css: chunks.flatMap((chunk) =>
        (chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ),
      js: chunks.map((chunk) => `/${chunk.file}`),
    };
  }

  private entryChunks: Set<string> | undefined;
}
