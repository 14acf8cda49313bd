import { HttpError } from './api-client.ts';

/**
 * The retry policy of a payment request's `Idempotency-Key` (checkout and portal top-ups;
 * decision records 0012 and 0024, IETF Idempotency-Key draft, Stripe semantics). One submission attempt has one key. When its
 * outcome is unknown (the network failed, the server answered 5xx or is still working on the
 * same key), the next click sends the SAME key and the SAME card token with the SAME form, so
 * the server replays the first result and never charges twice. After a definitive answer (a
 * decline, a validation error, an empty cart, a success) the next attempt gets a new key. A
 * changed form always gets a new key: the server rejects a reused key with a different body.
 */

/** One submission attempt: its key, what was submitted, and the card token once there is one. */
export interface PaymentAttempt {
  readonly key: string;
  /** The submitted form and language, serialised; kept in memory only, never stored. */
  readonly fingerprint: string;
  /** The provider's card token, reused on a retry so the body stays the same. */
  readonly token?: string;
}

/** How an attempt ended, as far as retrying goes. */
export type AttemptOutcome = 'unknown' | 'definitive';

/**
 * The attempt to use for a submission: the previous one when it is still open (its outcome
 * was unknown) and the form is unchanged, otherwise a new attempt with a key from `newKey`.
 */
export function attemptFor(previous: PaymentAttempt | null, fingerprint: string, newKey: () => string): PaymentAttempt {
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newKey(), fingerprint };
}

/** The attempt kept for the next submission: the same one after an unknown outcome, none otherwise. */
export function attemptAfter(attempt: PaymentAttempt, outcome: AttemptOutcome): PaymentAttempt | null {
  return outcome === 'unknown' ? attempt : null;
}

/**
 * Classifies a failed request: `unknown` when the request may or may not have been processed
 * (network error or time-out, 5xx such as 503 provider unreachable, 408, 429, 409
 * `idempotency_in_progress`: the server still working on the same key); `definitive` for every
 * other answer (400, 402 declined, 404, 409 `cart_empty`, `products_unavailable` or
 * `topup_unavailable`, 422 key reused with another body).
 */
export function outcomeOf(error: unknown): AttemptOutcome {
  if (!(error instanceof HttpError)) return 'unknown';
  const { status } = error;
  if (status >= 500 || status === 408 || status === 429) return 'unknown';
  if (status === 409) {
    const code = errorCodeOf(error);
    return code === undefined || code === 'idempotency_in_progress' ? 'unknown' : 'definitive';
  }
  return 'definitive';
}

/** The `error.code` of a JSON error body (`{ error: { code, message, field? } }`), if any. */
export function errorCodeOf(error: HttpError): string | undefined {
  try {
    const code = (JSON.parse(error.body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
