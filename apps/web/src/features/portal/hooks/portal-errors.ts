import { HttpError } from '../../../lib/api-client.ts';

/**
 * How the portal explains a failed request (the API's 401
 * codes `token_required`, `invalid_token`, `token_expired`, `token_revoked` and 429
 * `rate_limited`).
 */

/** Why `GET /api/portal` (or another read of the portal) failed. */
export type LoadFailure =
  /** 401: the token is unknown, expired or revoked: 'Access Error' with retry. */
  | 'access'
  /** 429: too many attempts from this address. */
  | 'rateLimited'
  /** 404: the eSIM or top-up is not this token's. */
  | 'notFound'
  /** Any other answer or no answer: 'Error loading data'. */
  | 'other';

/** Classifies a failed portal read. */
export function loadFailureOf(error: unknown): LoadFailure {
  if (!(error instanceof HttpError)) return 'other';
  if (error.status === 401) return 'access';
  if (error.status === 429) return 'rateLimited';
  if (error.status === 404) return 'notFound';
  return 'other';
}

/**
 * The outcome of a failed sync or refresh: `failed` when the server answered with an error status
 * (4xx or 5xx, e.g. 502 `upstream_error` when the eSIM provider fails), `error` when there was
 * no answer (network error, time-out).
 */
export function actionFailureOf(error: unknown): 'failed' | 'error' {
  return error instanceof HttpError ? 'failed' : 'error';
}
