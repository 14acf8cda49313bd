import { HttpError } from '../lib/api-client.ts';
import { readApiError } from '../lib/api-error.ts';
import { showToast } from '../lib/toast.ts';

/**
 * The description of a failed admin call for its toast or alert: the HTTP status and its text,
 * then the server's message, e.g. `409 Conflict: This order changed since you loaded it.`, so an
 * admin can tell a refusal from an outage; `offline` for a network error.
 */
export function adminFailureText(error: unknown, offline: string): string {
  const info = readApiError(error);
  if (!info || !(error instanceof HttpError)) return offline;
  const status = `${info.status}${error.statusText ? ` ${error.statusText}` : ''}`;
  return info.message ? `${status}: ${info.message}` : status;
}

/**
 * Shows the error toast of a failed admin call: `title` is the call's localised 'Failed to …'
 * text (e.g. 'Failed to update order status'), the description {@link adminFailureText}.
 */
export function toastAdminFailure(title: string, error: unknown, offline: string): void {
  void showToast('error', title, { description: adminFailureText(error, offline) });
}

/**
 * The `mutate` callbacks of an admin change that says how it went in a toast: `success(result)`
 * as a success toast, or the failure toast titled `failure` ({@link toastAdminFailure}).
 */
export function changeToasts<T>(success: (result: T) => string, failure: string, offline: string) {
  return {
    onSuccess: (result: T) => void showToast('success', success(result)),
    onError: (error: unknown) => toastAdminFailure(failure, error, offline),
  };
}
