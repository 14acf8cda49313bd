import { HttpError } from './api-client.ts';

/** The store's error body (`{ error: { code, message, field? } }`), read from a failed request. */
export interface ApiErrorInfo {
  status: number;
  code?: string;
  message?: string;
  field?: string;
}

/** The HTTP status and error body of a failed request; `null` for network errors and aborts. */
export function readApiError(error: unknown): ApiErrorInfo | null {
  if (!(error instanceof HttpError)) return null;
  const info: ApiErrorInfo = { status: error.status };
  try {
    const body = (JSON.parse(error.body) as { error?: Record<string, unknown> }).error;
    if (typeof body?.code === 'string') info.code = body.code;
    if (typeof body?.message === 'string') info.message = body.message;
    if (typeof body?.field === 'string') info.field = body.field;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return info;
}

/** An aborted request (the page went away), which is never reported. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
