import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@esim/contract/languages';
import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { InitialTexts } from './i18n-texts.ts';

export { NAMESPACES } from './i18n-namespaces.ts';

/** A lazy import of one `locales/{lng}/{ns}.json` file. */
export type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The storefront's texts. The admin area's namespaces (`admin*.json`) are left out, so that the
 * storefront's entry does not carry a loader per admin file and language; the admin chunk adds
 * them with {@link addLocaleLoaders} before it renders.
 */
const locales: Record<string, LocaleLoader> = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/admin*.json',
]);

/**
 * Adds loaders of more namespaces, keyed like `import.meta.glob` from `lib/` (`../locales/en/admin.json`).
 * The admin area calls it with its own glob when its chunk loads.
 */
export function addLocaleLoaders(loaders: Record<string, LocaleLoader>): void {
  Object.assign(locales, loaders);
}

/** Loads `locales/{lng}/{ns}.json` lazily so only the visitor's language is downloaded. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = locales[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};


let ready: Promise<unknown> | undefined;

/**
 * i18next set-up (specification section 1): detection order query string, cookie, local
 * storage, session storage, browser language, html tag; the choice is kept in local storage;
 * fallback English. A server-rendered page passes the language and texts it was rendered with
 * (decision record 0022), so that the first client render matches the HTML exactly and needs no
 * text download; the other namespaces still load lazily. Runs once; later calls return the
 * first call's promise. Only the browser calls it (the server renders with its own instance per
 * request, `entry-server.tsx`).
 */
export function initI18n(initial?: { lang: string; texts: InitialTexts }): Promise<unknown> {
  ready ??= i18n
    .use(lazyBackend)
    .use(LanguageDetector)
    .init({
      supportedLngs: [...LANGUAGE_CODES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage', 'cookie'],
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      react: { useSuspense: true },
      ...(initial ? { lng: initial.lang, resources: initial.texts, partialBundledLanguages: true } : {}),
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    document.documentElement.dir = 'ltr';
  });
  return ready;
}

// The React binding is registered at import, so `useTranslation()` finds the instance.
i18n.use(initReactI18next);

export { i18n };
