import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguage } from '@esim/contract/languages';
import i18n, { type BackendModule, type Newable, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from './i18n-namespaces.ts';
import type { InitialTexts } from './i18n-texts.ts';
import { setDocumentLanguage } from './document-language.ts';
import { whenIdle } from './when-idle.ts';

export { NAMESPACES };

/**
 * Where the texts are: `{LOCALES_URL}/{language}/{namespace}.json`, static files of the build
 * (`vite-locale-files.ts`), the source files on the dev server.
 */
const LOCALES_URL = (import.meta.env.LOCALES_URL as string | undefined) ?? '/src/locales';

/**
 * Fetches `{language}/{namespace}.json` when a screen first needs it, so only the visitor's
 * language and the screens they open are downloaded. A failed download (a weak connection, a
 * server error) is retried by i18next (5 times, 350 ms apart and more); a language or namespace
 * the store does not have is not.
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    fetch(`${LOCALES_URL}/${language}/${namespace}.json`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`Translations ${language}/${namespace}: HTTP ${response.status}`);
        return (await response.json()) as Record<string, unknown>;
      })
      .then(
        (texts) => callback(null, texts),
        (error: Error) => callback(error, true),
      );
  },
};

let ready: Promise<unknown> | undefined;

/** Where the visitor's language is kept: what the detector reads back and the server's `i18next` cookie. */
const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const LANGUAGE_COOKIE = 'i18next';

/**
 * Keeps the language a page is shown in (the choice is kept in local storage,
 * `docs/product-rules.md#languages`), and in the `i18next` cookie that the server reads to render `/` and the other pages
 * without a language in their path (`apps/api/src/plugins/web.ts`). A browser that refuses
 * storage keeps the cookie.
 */
function rememberLanguage(lng: string): void {
  setDocumentLanguage(lng);
  keepLanguage(lng);
}

/**
 * Writes the language to the cookie and to local storage. Each write waits on the browser
 * process (2 to 5 ms here), so the language a server-rendered page arrives in is written once the
 * page is idle rather than while it hydrates ({@link initI18n}); a visitor's change is written at
 * once, before any link can be followed.
 */
function keepLanguage(lng: string): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; Path=/; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage disabled (private mode, a full quota): the cookie still holds it.
  }
}

/**
 * The language detector, loaded only where the browser must choose the language itself (a page it
 * renders alone); a server-rendered page says its language. A detector that fails to download
 * leaves the language to the fallback rather than the page blank.
 */
async function loadDetector(): Promise<Newable<LanguageDetectorModule> | undefined> {
  try {
    return (await import('i18next-browser-languagedetector')).default;
  } catch {
    return undefined;
  }
}

/**
 * i18next set-up (`docs/product-rules.md#languages`): detection order query string, cookie, local
 * storage, session storage, browser language, html tag; the choice is kept in local storage
 * (and the `i18next` cookie the server reads); fallback English. A server-rendered page passes the
 * language and texts it was rendered with (decision record 0022), so that the first client render
 * matches the HTML exactly and needs neither the detector nor a text download; the other
 * namespaces still load lazily. Runs once; later calls return the first call's promise, which
 * resolves once the first namespace is ready. Only the browser calls it (the server renders with
 * its own instance per request, `entry-server.tsx`).
 */
export function initI18n(initial?: { lang: string; texts: InitialTexts }): Promise<unknown> {
  if (ready) return ready;
  // Before `init`, which sets the first language: that one is kept too, on a server-rendered
  // page once it is idle (unless the visitor has chosen another language by then).
  let arriving = initial?.lang;
  i18n.on('languageChanged', (lng: string) => {
    if (lng === arriving) {
      setDocumentLanguage(lng);
      whenIdle(() => {
        if (i18n.language === lng) keepLanguage(lng);
      });
    } else {
      rememberLanguage(lng);
    }
    arriving = undefined;
  });
  ready = (initial ? Promise.resolve(undefined) : loadDetector()).then((detector) => {
    if (detector) i18n.use(detector);
    return i18n.use(lazyBackend).init({
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
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        // Kept by `rememberLanguage` on every page, detector or not.
        caches: [],
      },
      react: { useSuspense: true },
      ...(initial ? { lng: initial.lang, resources: initial.texts, partialBundledLanguages: true } : {}),
    });
  });
  return ready;
}

// The React binding is registered at import, so `useTranslation()` finds the instance.
i18n.use(initReactI18next);

export { i18n };
