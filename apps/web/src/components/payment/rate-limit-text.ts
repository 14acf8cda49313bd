import { waitOf } from '@esim/contract/retry-after';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a payment form shows when the store throttles payment attempts (`docs/product-rules.md#rate-limits`: 429
 * `rate_limited` on card tokenisation, checkout or a top-up, with `Retry-After` in seconds), in
 * the visitor's language: "Too many payment attempts" / "Please wait 10 minutes and try again."
 */
export interface RateLimitText {
  title: string;
  body: string;
}

/**
 * The texts of a 429 from the `payment` namespace; the wait is said as `waitOf` rounds it
 * (seconds, minutes up to 90, then hours; always rounded up). Without `retryAfterS` the body asks
 * to wait a few minutes.
 */
export function rateLimitText(t: TFunction<'payment'>, retryAfterS: number | undefined): RateLimitText {
  const title = t('rateLimited.title');
  if (retryAfterS === undefined) return { title, body: t('rateLimited.later') };
  const { unit, count } = waitOf(retryAfterS);
  return { title, body: t('rateLimited.wait', { wait: t(`wait.${unit}`, { count }) }) };
}

/** {@link rateLimitText} in the current language (re-renders on a language switch). */
export function useRateLimitText(): (retryAfterS: number | undefined) => RateLimitText {
  const { t } = useTranslation('payment');
  return useCallback((retryAfterS: number | undefined) => rateLimitText(t, retryAfterS), [t]);
}
