/**
 * Sets `<html lang>` and `dir` (every supported language is written left to right,
 * `docs/product-rules.md#languages`), each only where it differs. Writing either attribute, even
 * with the value it already holds, makes the browser match `:lang()` and `:dir()` again on every
 * element and recompute the page's style: on a server-rendered page (which already says both) that
 * was a full style pass of some 600 elements in the middle of hydration, about 60 ms on a phone.
 */
export function setDocumentLanguage(lang: string): void {
  const root = document.documentElement;
  if (root.getAttribute('lang') !== lang) root.setAttribute('lang', lang);
  if (root.getAttribute('dir') !== 'ltr') root.setAttribute('dir', 'ltr');
}
