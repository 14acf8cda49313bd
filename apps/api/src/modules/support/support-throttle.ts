import { createHash } from 'node:crypto';
import { waitOf } from '@esim/contract/retry-after';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { ThrottleIdentity, ThrottlePolicy, Throttler } from '../../lib/throttle.ts';

/**
 * The throttle of `POST /api/support/messages` (docs/product-rules.md#rate-limits; OWASP ASVS 4.0.3
 * V11.1.4 anti-automation), on the database counters of `lib/throttle.ts`, so every instance
 * counts the same requests: at most `SUPPORT_RATE_LIMIT_PER_HOUR` (default 5) messages per hour
 * from one client address (`request.ip`, IPv6 by /64), and as many to one sender e-mail address
 * (so that many addresses cannot make the store mail one inbox without end). Counted once the
 * body is valid (a form refused with 400 sends nothing and costs nothing); a honeypot submission
 * counts like a real one. Refusals are 429 `rate_limited` with `Retry-After` in seconds.
 */

/** The contact form's policy: `perHour` messages per hour per client address and per sender address. */
export function supportPolicy(perHour: number): ThrottlePolicy {
  return {
    name: 'support-message',
    attempts: {
      perSubject: { max: perHour, windowS: 3_600 },
      perAddress: { max: perHour, windowS: 3_600 },
    },
  };
}

/** The 429 message in English, e.g. `Too many messages. Please wait 40 minutes and try again.` */
export function supportRateLimitMessage(retryAfterS: number): string {
  const { unit, count } = waitOf(retryAfterS);
  return `Too many messages. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`;
}

/** A sender address as a counter subject: a hash, so that the counters hold no address. */
function emailSubject(email: string): string {
  return `email:${createHash('sha256').update(`support\0${email.trim().toLowerCase()}`).digest('hex').slice(0, 32)}`;
}

/** Who writes: the client address and, once the body is read, the sender's e-mail address. */
function identityOf(request: FastifyRequest): ThrottleIdentity {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return { address: request.ip, subjects: typeof email === 'string' && email ? [emailSubject(email)] : [] };
}

/** The hook the route adds (`preHandler`: after validation). */
export interface SupportThrottle {
  /**
   * Counts the message and refuses it past a limit: throws `TooManyRequestsError` (429
   * `{ error: { code: 'rate_limited', message } }`) after setting `Retry-After` (seconds) and
   * `Cache-Control: no-store`.
   */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The contact form's hook, counting in `throttler` with {@link supportPolicy}(`perHour`). */
export function supportThrottle(throttler: Throttler, perHour: number): SupportThrottle {
  const policy = supportPolicy(perHour);
  return {
    async preHandler(request, reply) {
      const verdict = await throttler.check(policy, identityOf(request));
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterS)).header('cache-control', 'no-store');
      throw new TooManyRequestsError(supportRateLimitMessage(verdict.retryAfterS));
    },
  };
}
