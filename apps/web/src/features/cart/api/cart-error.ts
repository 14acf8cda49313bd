import { HttpError } from '../../../lib/api-client.ts';

/** Whether an error is a cancelled request (a newer query or an unmount aborted it). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Wraps a failed cart request in one error shape: `<action>: <status>:
 * <reason>` for HTTP errors (the server's message, else the body or status text), `<action>:
 * <network error>` otherwise. The original error is the `cause`.
 */
export function cartRequestError(action: string, error: unknown): Error {
  const reason =
    error instanceof HttpError
      ? `${error.status}: ${error.serverMessage ?? error.message.slice(`${error.status}: `.length)}`
      : String((error as Error | undefined)?.message ?? error);
  return new Error(`${action}: ${reason}`, { cause: error });
}

/**
 * The part of a cart error a visitor can read in a toast: the server's message when it sent
 * one, else the HTTP status, else `undefined` (a network failure, which the caller words itself).
 */
export function failureReason(error: unknown): string | undefined {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof HttpError) return cause.serverMessage ?? `HTTP ${cause.status}`;
  return undefined;
}
