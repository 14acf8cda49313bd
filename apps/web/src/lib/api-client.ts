/**
 * The HTTP client of the storefront: every request sends cookies and the visitor session id;
 * bodies are JSON; an absolute URL is used as given, otherwise resolved against the base address
 * (same origin in production, port 5000 of the same host on localhost or an IP during
 * development).
 */
import { getSessionId } from './session.ts';

/**
 * Base address of the API. The API process serves the built store itself and Vite proxies `/api`
 * during development, so the API is always on the page's own origin: with the default `PORT`
 * that is port 5000 on localhost or an IP, and any other `PORT` keeps working. `VITE_API_BASE` (build time) points a store built
 * for a separate host at its API. Empty string means same origin.
 */
export function apiBase(): string {
  return (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
}

/** Resolves a path against the base address; absolute URLs are returned unchanged. */
export function resolveUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${apiBase()}${url}`;
}

/**
 * Reads a `Retry-After` header (RFC 9110 section 10.2.3): delay-seconds (`600`) or an HTTP date.
 * @returns whole seconds from `nowMs` (0 for a date in the past), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its weekday and has a time (`Tue, 01 Jan 2030 12:10:00 GMT`); Date.parse
  // alone would take `-5` for a year.
  if (!/^[a-z]{3}/i.test(text) || !/\d{2}:\d{2}:\d{2}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** A non-OK response: `message` is `<status>: <body or status text>`. */
export class HttpError extends Error {
  /**
   * @param retryAfterS the response's `Retry-After` in seconds (429 and 503 answers), when it had
   *   one: how long to wait before trying again.
   */
  constructor(
    readonly status: number,
    readonly body: string,
    readonly statusText: string,
    readonly retryAfterS?: number,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }

  /** The server's `error.message` from a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: { message?: unknown }; message?: unknown };
      const message = parsed.error?.message ?? parsed.message;
      return typeof message === 'string' ? message : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * Fetches JSON. Throws {@link HttpError} for non-OK responses and lets network errors
 * (TypeError) through. `init.json` is serialised as the body.
 */
export async function apiFetch<T>(
  url: string,
  init: Omit<RequestInit, 'body'> & { json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(resolveUrl(url), {
    credentials: 'include',
    ...rest,
    headers: {
      Accept: 'application/json',
      'X-Session-Id': getSessionId(),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new HttpError(
      response.status,
      body,
      response.statusText,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
