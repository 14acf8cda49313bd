import { THEME_COLOUR } from '@esim/contract/brand';
import { isLanguage } from '@esim/contract/languages';
import type { MetaRoute, PageMeta } from '@esim/contract/seo';
import { SSR_STATE_ID } from '@esim/contract/ssr';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { setDocumentLanguage } from '../lib/document-language.ts';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Whether the server's metadata of the first page is still in the head (consumed by the first check). */
let serverMetaPending = true;

/**
 * True once, for the page the server rendered: its head already holds this metadata (same
 * `@esim/contract/seo` texts), so the texts of five languages need not be downloaded for it.
 */
function isServerRenderedPage(path: string, lang: string): boolean {
  if (!serverMetaPending) return false;
  serverMetaPending = false;
  return (
    document.getElementById(SSR_STATE_ID) !== null &&
    path === window.location.pathname &&
    lang === document.documentElement.lang
  );
}

/**
 * Sets the document's metadata on each route (`docs/product-rules.md#storefront-pages`): title, description, keywords, robots,
 * social tags, canonical link, `html lang` and the theme colour (`@esim/contract/brand`). The same texts the
 * server writes into the HTML (`@esim/contract/seo`). The server already sent the first page's
 * metadata, so the texts of all five languages load only when the visitor moves to another page,
 * in their own chunk.
 * `pathOverride`: the path whose metadata to write (default: the current location). Writes only in
 * an effect, so it is safe in the server's render.
 */
export function usePageMeta(route: MetaRoute, pathOverride?: string) {
  const { i18n } = useTranslation();
  const [location] = useLocation();
  const path = pathOverride ?? location;
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const key = JSON.stringify(route);
  useEffect(() => {
    if (isServerRenderedPage(path, lang)) return;
    let cancelled = false;
    void import('@esim/contract/seo').then(({ pageMeta }) => {
      if (!cancelled) applyMeta(pageMeta(path, lang, JSON.parse(key) as MetaRoute), lang);
    });
    return () => {
      cancelled = true;
    };
  }, [key, lang, path]);
}

/** Writes one route's metadata into the document head. */
function applyMeta(meta: PageMeta, lang: string) {
  const origin = window.location.origin;
  document.title = meta.title;
  setDocumentLanguage(lang);
  setMeta('meta[name="description"]', 'name', 'description', meta.description);
  setMeta('meta[name="keywords"]', 'name', 'keywords', meta.keywords);
  setMeta('meta[name="robots"]', 'name', 'robots', meta.robots);
  setMeta('meta[property="og:title"]', 'property', 'og:title', meta.title);
  setMeta('meta[property="og:description"]', 'property', 'og:description', meta.description);
  setMeta('meta[property="og:url"]', 'property', 'og:url', origin + meta.canonicalPath);
  setMeta('meta[property="og:image"]', 'property', 'og:image', origin + meta.image);
  setMeta('meta[name="twitter:title"]', 'name', 'twitter:title', meta.title);
  setMeta('meta[name="twitter:description"]', 'name', 'twitter:description', meta.description);
  setMeta('meta[name="theme-color"]', 'name', 'theme-color', THEME_COLOUR);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = origin + meta.canonicalPath;
}
