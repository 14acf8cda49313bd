import { waitOf } from '@esim/contract/retry-after';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Limit, ThrottlePolicy, Throttler } from '../../lib/throttle.ts';

/**
 * The throttle of `POST /api/webhooks/paypal` (OWASP ASVS 4.0.3 V11.1.4
 * anti-automation): a delivery is verified by a postback to PayPal (an OAuth token and
 * `POST /v1/notifications/verify-webhook-signature`), so anyone could make the
 * store call PayPal without end by posting well-formed, unsigned deliveries. Each delivery that
 * would be verified is counted per client address (`request.ip`, IPv6 by /64) on the database
 * counters of `lib/throttle.ts` (every instance counts the same requests), before the
 * verification; past the limit it is refused with 429 `rate_limited`, `Retry-After` (seconds)
 * and nothing is called. PayPal delivers from a few addresses and retries refused deliveries
 * for days, so the limit is generous: {@link PAYPAL_WEBHOOK_LIMIT}.
 */

/** Deliveries per client address: 120 per minute (PayPal's own deliveries stay far below). */
export const PAYPAL_WEBHOOK_LIMIT: Limit = { max: 120, windowS: 60 };

/** The webhook's policy: `limit` deliveries per client address (no other subject). */
export function paypalWebhookPolicy(limit: Limit = PAYPAL_WEBHOOK_LIMIT): ThrottlePolicy {
  return { name: 'paypal-webhook', attempts: { perSubject: limit, perAddress: limit } };
}

/** The 429 message, e.g. `Too many webhook deliveries. Please wait 40 seconds and try again.` */
export function paypalWebhookRateLimitMessage(retryAfterS: number): string {
  const { unit, count } = waitOf(retryAfterS);
  return `Too many webhook deliveries. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`;
}

/** What the route calls before it has a delivery verified. */
export interface PaypalWebhookThrottle {
  /**
   * Counts the delivery of `request` (by `request.ip`) and refuses it past the limit: throws
   * `TooManyRequestsError` (429 `{ error: { code: 'rate_limited', message } }`) after setting
   * `Retry-After` (seconds) and `Cache-Control: no-store` on `reply`.
   */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The webhook's throttle, counting in `throttler` with {@link paypalWebhookPolicy}(`limit`). */
export function paypalWebhookThrottle(
  throttler: Throttler,
  limit: Limit = PAYPAL_WEBHOOK_LIMIT,
): PaypalWebhookThrottle {
  const policy = paypalWebhookPolicy(limit);
  return {
    async admit(request, reply) {
      const verdict = await throttler.check(policy, { address: request.ip, subjects: [] });
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterS)).header('cache-control', 'no-store');
      throw new TooManyRequestsError(paypalWebhookRateLimitMessage(verdict.retryAfterS));
    },
  };
}
