import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { Country } from '@esim/contract/catalog';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, isLanguage } from '@esim/contract/languages';
import { THEME_COLOUR } from '@esim/contract/brand';
import type { PageMeta } from '@esim/contract/seo';
import { SSR_PRELOAD_ID, SSR_ROOT_ID, SSR_STATE_ID } from '@esim/contract/ssr';
import { REGION_DESTINATIONS, canonicalDestinationSlug } from '@esim/contract/destination-alias';
import { matchRoute } from '@esim/contract/routes';
import { sessionIdFromCookie } from '@esim/contract/visitor-session-cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { CatalogService } from '../modules/catalog/catalog.module.ts';
import { acceptedEncoding } from '../lib/cached-json.ts';
import { setStorefrontPage } from './error-handler.ts';
import { resolveRouteMeta } from './route-meta.ts';
import { allowStyleAttributes, cspNonce } from './security-headers.ts';
import { type SsrPage, ServerRenderer } from './ssr.ts';

/**
 * Screens the browser renders alone: the admin area, and the account and token screens, whose
 * first render depends on what only the browser holds (a token in the URL fragment or session
 * storage, the signed-in account). All are private (noindex) and gain nothing from the server.
 */
const CLIENT_ONLY_PATH = /^\/(?:admin|setup-admin|auth|profile|portal)(?:\/|$)/;

/** The pages rendered with the visitor's cart (the session of the `visitor_session` cookie). */
const CART_PATH = /^\/(?:cart|checkout)\/?$/;

/** Public pages listed in the sitemap besides the destinations. */
const SITEMAP_PAGES = [
  '/',
  '/products',
  '/how-it-works',
  '/support',
  '/about-us',
  '/contact',
  '/faq',
  '/terms-conditions',
  '/privacy',
  '/refund',
  '/cookies',
];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's HTML compressed for sending: brotli at quality 5 or gzip at level 6, the usual
 * on-the-fly settings (a few milliseconds for a 150 kB page, off the event loop).
 */
function compressPage(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const body = Buffer.from(html);
  return encoding === 'br'
    ? brotli(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAsync(body, { level: 6 });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Request language for server-rendered metadata: path, `?lng=`, `i18next` cookie, Accept-Language (docs/product-rules.md#languages). */
function requestLanguage(request: FastifyRequest, pathLang: string | undefined): Language {
  if (isLanguage(pathLang)) return pathLang;
  const query = request.query as Record<string, unknown> | undefined;
  const lng = typeof query?.lng === 'string' ? query.lng.slice(0, 2) : undefined;
  if (isLanguage(lng)) return lng;
  const cookie = /(?:^|;\s*)i18next=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** Renders the `<head>` tags of a page (title, description, robots, canonical, social, hreflang, theme colour). */
export function renderHead(meta: PageMeta, origin: string, alternates: { lang: string; path: string }[]): string {
  const url = `${origin}${meta.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}">`,
    `<meta name="robots" content="${meta.robots}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(origin + meta.image)}">`,
    `<meta property="og:locale" content="${meta.lang}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(origin + meta.image)}">`,
    ...alternates.map((a) => `<link rel="alternate" hreflang="${a.lang}" href="${escapeHtml(origin + a.path)}">`),
    `<meta name="theme-color" content="${THEME_COLOUR}">`,
  ];
  return tags.join('\n    ');
}

/**
 * Serves the built storefront: hashed assets (immutable, pre-compressed; the flag images among
 * them), `robots.txt`, `sitemap.xml`, and for every other GET the SPA's `index.html` with the
 * route's metadata and a fresh CSP nonce filled in (status 404 for paths outside the route table).
 * Unknown `/api/*` paths get a JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { config: Config; catalog: CatalogService; serveWeb: boolean },
): Promise<void> {
  const { config, catalog } = opts;
  // Absolute URLs come from PUBLIC_URL alone, never from Host or X-Forwarded-* (decision record 0013).
  const origin = (): string => config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /checkout\nDisallow: /portal\nDisallow: /admin\nDisallow: /auth\nDisallow: /order-confirmation/\n\nSitemap: ${origin()}/sitemap.xml\n`,
      ),
  );

  let sitemapCache: { countries: Country[]; origin: string; xml: string } | undefined;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const countries = await catalog.destinations();
    const base = origin();
    if (sitemapCache?.countries !== countries || sitemapCache.origin !== base) {
      const urls: string[] = SITEMAP_PAGES.map((p) => `  <url><loc>${escapeHtml(base + p)}</loc></url>`);
      for (const country of countries) {
        const links = LANGUAGE_CODES.map(
          (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(`${base}/${l}/${country.slug}`)}"/>`,
        ).join('');
        for (const lang of LANGUAGE_CODES) {
          urls.push(`  <url><loc>${escapeHtml(`${base}/${lang}/${country.slug}`)}</loc>${links}</url>`);
        }
      }
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
      sitemapCache = { countries, origin: base, xml };
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapCache.xml);
  });

  const indexPath = path.join(config.webDist, 'index.html');
  const template = opts.serveWeb && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  if (opts.serveWeb && !template) {
    app.log.warn(`No storefront build at ${config.webDist}: run "npm run build" (npm start does).`);
  }
  // The nonce placeholder of the build (Vite `html.cspNonce`, in its `<meta property="csp-nonce">`):
  // every page gets a fresh nonce in its place and in its CSP (decision record 0010).
  const noncePlaceholder = template && /<meta property="csp-nonce" nonce="([^"]+)"/.exec(template)?.[1];
  if (template) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // The template (and its .br/.gz) only through the handler below, which fills in the nonce;
      // the build manifest is the server's.
      allowedPath: (pathname) => !pathname.startsWith('/index.html') && !pathname.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  const routeMeta = (pathname: string, lang: Language) => resolveRouteMeta(catalog, pathname, lang);

  // [ssr] Server rendering of the storefront's pages (decision record 0022): the
  // catalogue reads go through the API's own routes in this process, so the page renders from
  // exactly the JSON the browser would fetch.
  const renderer = template
    ? await ServerRenderer.load(config.webDist, async (apiPath, headers) => {
        const response = await app.inject({
          method: 'GET',
          url: apiPath,
          headers: { ...headers, accept: 'application/json' },
        });
        return response.statusCode === 200 ? (JSON.parse(response.body) as unknown) : undefined;
      })
    : undefined;
  if (template && !renderer) app.log.warn('No server renderer build (apps/web/dist-ssr): pages are sent unrendered.');
  if (renderer) catalog.onChange(() => renderer.invalidate());

  /**
   * The server-rendered page, or `undefined` for the client-only screens and when rendering fails
   * (the browser then renders it, as before server rendering).
   */
  async function renderedPage(
    url: string,
    lang: Language,
    cartSession: string | null | undefined,
    log: FastifyRequest['log'],
  ): Promise<SsrPage | undefined> {
    const pathname = url.split('?')[0] ?? '/';
    if (!renderer || CLIENT_ONLY_PATH.test(pathname)) return undefined;
    try {
      return await renderer.page(url, lang, cartSession);
    } catch (error) {
      log.error({ err: error, url }, 'Server rendering failed; the page is sent unrendered');
      return undefined;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsHtml || !template) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for ${request.method} ${pathname}` } });
    }
    return sendPage(request, reply, template);
  });
  if (template) setStorefrontPage(app, (request, reply) => sendPage(request, reply, template));

  /**
   * The canonical address of a `/{lang}/{destination}` page reached by another spelling: a
   * capitalised slug, an ISO code, a common alias or a name in one of the five languages
   * (`/en/Turkey`, `/en/uk`, `/de/türkei`), or `undefined` when the path is
   * canonical already or names no destination. Built from the language code and the catalogue's
   * slug only, so it never points outside the store.
   */
  async function canonicalCountryPath(pathname: string): Promise<string | undefined> {
    const match = matchRoute(pathname);
    if (match.kind !== 'country') return undefined;
    const destinations = await catalog.destinations();
    const slug =
      canonicalDestinationSlug(match.slug, destinations) ?? canonicalDestinationSlug(match.slug, REGION_DESTINATIONS);
    return slug && slug !== pathname.split('/')[2] ? `/${match.lang}/${slug}` : undefined;
  }

  /**
   * Sends a storefront page: the template with the route's metadata and status, the server-rendered
   * markup and state when there is a renderer, and a fresh CSP nonce.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, template: string) {
    const pathname = request.url.split('?')[0] ?? '/';
    const canonical = await canonicalCountryPath(pathname);
    if (canonical) return reply.redirect(canonical + request.url.slice(pathname.length), 301);
    const pathLang = /^\/([a-z]{2})\//.exec(pathname)?.[1];
    const lang = requestLanguage(request, pathLang);
    // The cart pages are rendered with the visitor's cart: the session id of the `visitor_session`
    // cookie (a malformed one counts as none), only ever used to read that session's cart.
    const cartSession = CART_PATH.test(pathname) ? (sessionIdFromCookie(request.headers.cookie) ?? null) : undefined;
    const [{ meta, status, alternates }, page] = await Promise.all([
      routeMeta(pathname, lang),
      renderedPage(request.url, lang, cartSession, request.log),
    ]);
    const nonce = cspNonce(reply);
    if (page) allowStyleAttributes(reply, page.styleHashes);
    let html = (noncePlaceholder ? template.replaceAll(`nonce="${noncePlaceholder}"`, `nonce="${nonce}"`) : template)
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
      .replace(/<title>.*?<\/title>/s, '');
    const head = renderHead(meta, origin(), alternates) + (page?.head ? `\n    ${page.head}` : '');
    // Replacement functions: the rendered text may hold `$&` and the like, which a replacement string would expand.
    html = html.replace('<!--app-head-->', () => head);
    if (page) {
      html = html.replace(
        `<div id="${SSR_ROOT_ID}"></div>`,
        () =>
          `<div id="${SSR_ROOT_ID}">${page.body}</div>\n    <script id="${SSR_PRELOAD_ID}" type="application/json">${page.preloadJson}</script>` +
          `\n    <script id="${SSR_STATE_ID}" type="application/json">${page.stateJson}</script>`,
      );
    }
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // A page with a visitor's cart in it is theirs alone.
      .header('cache-control', typeof cartSession === 'string' ? 'private, no-cache' : 'no-cache')
      .header('vary', 'accept-language, cookie, accept-encoding');
    // Compressed per response (each page has its own nonce): a rendered page is 80 to 160 kB of
    // markup and state, 15 to 25 kB compressed, which a phone on a weak connection feels.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressPage(html, encoding));
  }
}
