/**
 * The HTTP client of the storefront (specification section 7 "Common behaviour"): every request
 * sends cookies and the visitor session id; bodies are JSON; an absolute URL is used as given,
 * otherwise resolved against the base address (section 9: same origin in production, port 5000
 * of the same host on localhost or an IP during development).
 */
import { getSessionId } from './session.ts';

/** Base address (section 9). Empty string means same origin. */
export function apiBase(location: Pick<Location, 'hostname' | 'protocol' | 'port'> = window.location): string {
  const isLocal = location.hostname === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(location.hostname);
  // In development Vite serves on another port and proxies /api, so same origin works too; only
  // pages opened from a file or another port without the proxy need the explicit port.
  if (isLocal && location.port !== '' && location.port !== '5000' && !import.meta.env.DEV) {
    return `${location.protocol}//${location.hostname}:5000`;
  }
  return '';
}

/** Resolves a path against the base address; absolute URLs are returned unchanged. */
export function resolveUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${apiBase()}${url}`;
}

/** A non-OK response: `message` is `<status>: <body or status text>` (section 8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
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
    throw new HttpError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
