import { HttpError } from '../../lib/api-client.ts';
import { readApiError } from '../../lib/api-error.ts';
import { showToast } from '../../lib/toast.ts';

/**
 * The description of a failed admin call for its toast or alert (specification section 8: the
 * message is followed by the status; issue 10 "the section 8 error texts ... with the status
 * text"): `"<status> <statusText>: <server message>"`, e.g. `409 Conflict: This order changed
 * since you loaded it.`; the `offline` text for a network error.
 */
export function adminFailureText(error: unknown, offline: string): string {
  const info = readApiError(error);
  if (!info || !(error instanceof HttpError)) return offline;
  const status = `${info.status}${error.statusText ? ` ${error.statusText}` : ''}`;
  return info.message ? `${status}: ${info.message}` : status;
}

/**
 * Shows the section 8 error toast of an admin call: `title` is the localised 'Failed to …' text
 * of the call (e.g. 'Failed to update order status'), the description {@link adminFailureText}.
 */
export function toastAdminFailure(title: string, error: unknown, offline: string): void {
  void showToast('error', title, { description: adminFailureText(error, offline) });
}
