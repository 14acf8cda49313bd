/**
 * The `?next=` of the sign-in page: where a visitor goes after signing in, back to the page that
 * sent them there. Only a path of this site is followed (an open redirect would let a link to
 * our sign-in page send a visitor anywhere, OWASP ASVS 5.1.5): it starts with one `/` (not `//`
 * or `/\`, which browsers read as another host), has no control characters, and resolves to this
 * origin. Anything else, and `/auth` itself, gives `/`.
 */

const ORIGIN = 'https://store.invalid';

/** The same-site path of `raw` (path, query and fragment), or `/` when it is not one. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that comes back to `path` (the current path and query) afterwards. */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/auth' : `/auth?next=${encodeURIComponent(next)}`;
}

/** The `next` of a search string (`?next=%2Fprofile`), made safe. */
export function nextFromSearch(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
