import { waitOf } from '@esim/contract/retry-after';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../../lib/errors.ts';
import type { RouteThrottle } from '../../../lib/payment-throttle.ts';
import type { ThrottleIdentity, ThrottlePolicy, Throttler } from '../../../lib/throttle.ts';

/**
 * The throttle of `POST /api/user/orders/attach` (docs/product-rules.md#rate-limits): guessing access tokens
 * through an account, bounded like the portal's own token guessing and the sign-in failures
 * (OWASP ASVS 4.0.3 V2.2.1, V11.1.4), on the database counters of `lib/throttle.ts`, so every
 * instance counts the same requests. Counted per account and per client address (`request.ip`;
 * IPv6 by /64):
 *
 * - attempts: {@link ATTACH_THROTTLE_POLICY} `attempts` per hour, refused past the limit;
 * - failures (400: a token that opens no order, or a malformed body): once an account or an
 *   address has collected `declines` of them in 15 minutes, its attempts are refused until that
 *   window ends.
 *
 * Tokens are 256 random bits, so this is defence in depth; the owner of a real token is never
 * locked out for long, since every window ends. Refusals are 429 `rate_limited` with
 * `Retry-After` (seconds), checked before the body is read.
 */

/** The attach route's limits: generous for a person pasting tokens, tight for a script. */
export const ATTACH_THROTTLE_POLICY: ThrottlePolicy = {
  name: 'attach-order',
  attempts: {
    perSubject: { max: 30, windowS: 3_600 },
    perAddress: { max: 120, windowS: 3_600 },
  },
  declines: {
    group: 'attach-order',
    perSubject: { max: 10, windowS: 900 },
    perAddress: { max: 40, windowS: 900 },
  },
};

/** The 429 message in English, e.g. `Too many attempts to add an order. Please wait 15 minutes and try again.` */
function attachRateLimitMessage(retryAfterS: number): string {
  const { unit, count } = waitOf(retryAfterS);
  return `Too many attempts to add an order. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`;
}

/** Who attaches: the signed-in account (the route requires one) and the client address. */
function identityOf(request: FastifyRequest): ThrottleIdentity {
  const userId = request.auth?.user.id;
  return { address: request.ip, subjects: userId === undefined ? [] : [`user:${userId}`] };
}

/**
 * The attach route's hooks, counting in `throttler` with `policy`: `onRequest` (after
 * `requireUser`) counts the attempt and refuses it past a limit; `onSend` counts a 400 as a
 * failure.
 */
export function attachThrottle(throttler: Throttler, policy: ThrottlePolicy = ATTACH_THROTTLE_POLICY): RouteThrottle {
  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      const verdict = await throttler.check(policy, identityOf(request));
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterS)).header('cache-control', 'no-store');
      throw new TooManyRequestsError(attachRateLimitMessage(verdict.retryAfterS));
    },
    async onSend(request, reply, payload) {
      if (reply.statusCode !== 400) return payload;
      try {
        await throttler.recordDecline(policy, identityOf(request));
      } catch (error) {
        // The refusal stands; a lost count must not turn it into a 500.
        request.log.error({ err: error }, 'attach throttle: could not count a failure');
      }
      return payload;
    },
  };
}
