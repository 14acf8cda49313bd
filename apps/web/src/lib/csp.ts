/**
 * Sets up the libraries that would otherwise trip the store's Content-Security-Policy (no
 * `'unsafe-inline'` styles, no `'unsafe-eval'`; decision record 0010). Imported first by
 * `main.tsx`, for its effects: they must precede any zod schema and any dialog.
 *
 * - zod builds fast object parsers with `new Function` after probing whether eval is allowed; the
 *   CSP refuses it and the browser reports the probe as a violation although zod catches it.
 *   `jitless` skips the probe and the compiled parsers (forms do not need them). It is set through
 *   `globalThis.__zod_globalConfig`, which zod documents for exactly this (config set before zod
 *   loads, shared by every copy), so the entry chunk does not pull zod in.
 * - Radix's scroll lock for dialogs and menus (react-remove-scroll-bar through
 *   react-style-singleton) adds a `<style>` element with the nonce that `get-nonce` gives it:
 *   {@link shareCspNonce}.
 */

/** Where zod reads its global configuration (`z.config`), created by zod when unset. */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

/**
 * Hands the page's CSP nonce to `get-nonce` through its `__webpack_nonce__` fallback (rather than
 * `setNonce`: that reaches every copy of `get-nonce` in the bundle and needs no import of a package
 * the app does not depend on). The server writes a fresh nonce per response into
 * `<meta property="csp-nonce" nonce="…">` (Vite's `html.cspNonce`); the browser hides the
 * attribute from `getAttribute` but keeps the `nonce` property. Without the meta tag (the dev
 * server) nothing is set.
 */
export function shareCspNonce(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}

shareCspNonce();
