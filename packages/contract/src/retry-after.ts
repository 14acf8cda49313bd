/**
 * How a wait (an HTTP `Retry-After` in seconds, RFC 9110 section 10.2.3) is put into words, the
 * same in the API's English messages and the storefront's translated ones
 * (`docs/product-rules.md#rate-limits`). No zod: the storefront imports it into its payment forms.
 */

/** A wait as it is said: a whole number of seconds, minutes or hours. */
export interface Wait {
  unit: 'second' | 'minute' | 'hour';
  /** At least 1. */
  count: number;
}

/**
 * The wait of `retryAfterS` seconds, always rounded up so that the visitor never tries too early:
 * seconds below a minute, minutes up to 90 ("60 minutes" rather than "1 hour" for the hour a
 * decline block lasts), hours beyond. A missing, negative or non-finite value is 1 second.
 */
export function waitOf(retryAfterS: number): Wait {
  const seconds = Number.isFinite(retryAfterS) ? Math.max(1, Math.ceil(retryAfterS)) : 1;
  if (seconds < 60) return { unit: 'second', count: seconds };
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return { unit: 'minute', count: minutes };
  return { unit: 'hour', count: Math.ceil(minutes / 60) };
}
