import type { Plugin } from 'vite';

/** sonner's bundle, ESM or CommonJS, wherever npm put it. */
const SONNER_BUNDLE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;

/** The call that adds sonner's CSS as a `<style>` element when the module is evaluated. */
const INSERT_CSS_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/g;

/**
 * Stops the toast library (sonner) from adding a `<style>` element at import time, which the
 * store's Content-Security-Policy blocks (`style-src` without `'unsafe-inline'`; decision record
 * 0010): the build drops sonner's `__insertCSS(...)` call, and `src/app/toaster-region.tsx` imports the
 * same rules from `sonner/dist/styles.css` as a stylesheet of its chunk. The build fails when
 * sonner's bundle no longer has exactly one such call (another sonner version), so that a toast
 * never silently loses its styles. Build only: the dev server sends no CSP.
 */
export function sonnerStylesheet(): Plugin {
  return {
    name: 'sonner-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!SONNER_BUNDLE.test(id)) return null;
      const calls = code.match(INSERT_CSS_CALL)?.length ?? 0;
      if (calls !== 1) {
        this.error(
          `sonner-stylesheet: expected one __insertCSS("...") call in ${id}, found ${calls}; see docs/decisions/0010-content-security-policy.md`,
        );
      }
      return { code: code.replace(INSERT_CSS_CALL, ''), map: null };
    },
  };
}
