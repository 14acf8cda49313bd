import { HttpError } from './api-client.ts';

/** The store's error body (`{ error: { code, message, field?, orderNumber? } }`), read from a failed request. */
export interface ApiErrorInfo {
  status: number;
  code?: string;
  message?: string;
  field?: string;
  /** `Retry-After` in seconds, when the answer had one (429 `rate_limited`). */
  retryAfterS?: number;
  /** The order a 409 `checkout_in_progress` or `cart_checked_out` is about. */
  orderNumber?: string;
}

/** The HTTP status and error body of a failed request; `null` for network errors and aborts. */
export function readApiError(error: unknown): ApiErrorInfo | null {
  if (!(error instanceof HttpError)) return null;
  const info: ApiErrorInfo = { status: error.status };
  if (error.retryAfterS !== undefined) info.retryAfterS = error.retryAfterS;
  try {
    const body = (JSON.parse(error.body) as { error?: Record<string, unknown> }).error;
    if (typeof body?.code === 'string') info.code = body.code;
    if (typeof body?.message === 'string') info.message = body.message;
    if (typeof body?.field === 'string') info.field = body.field;
    if (typeof body?.orderNumber === 'string') info.orderNumber = body.orderNumber;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return info;
}

/** An aborted request (the page went away), which is never reported. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
