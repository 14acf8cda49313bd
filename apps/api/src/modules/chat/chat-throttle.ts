import { waitOf } from '@esim/contract/retry-after';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { ThrottlePolicy, Throttler } from '../../lib/throttle.ts';

/**
 * The chat assistant's rate limit (per session and per client address:
 * docs/product-rules.md#rate-limits), on
 * the database counters of `lib/throttle.ts`, so every instance counts the same messages: at most
 * `perSession` messages per chat session id and `perAddress` per client address (`request.ip`,
 * IPv6 by /64) in a fixed one-minute window that starts at the first message
 * (`CHAT_RATE_LIMIT_PER_SESSION`, `CHAT_RATE_LIMIT_PER_ADDRESS`). Every message an engine would
 * answer is counted, refused ones included, so a script that keeps sending stays refused.
 */

/** Window of both limits, seconds. */
export const CHAT_RATE_WINDOW_S = 60;

/** The policy of the limits (messages per minute per session and per address). */
export function chatThrottlePolicy(limits: {
  rateLimitPerSession: number;
  rateLimitPerAddress: number;
}): ThrottlePolicy {
  return {
    name: 'chat',
    attempts: {
      perSubject: { max: limits.rateLimitPerSession, windowS: CHAT_RATE_WINDOW_S },
      perAddress: { max: limits.rateLimitPerAddress, windowS: CHAT_RATE_WINDOW_S },
    },
  };
}

/** The 429 message in English, e.g. `Too many chat messages. Please wait 42 seconds and try again.` */
export function chatRateLimitMessage(retryAfterS: number): string {
  const { unit, count } = waitOf(retryAfterS);
  return `Too many chat messages. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`;
}

/** A route hook that counts a chat message of `sessionId` and refuses it past a limit. */
export type ChatThrottle = (request: FastifyRequest, reply: FastifyReply, sessionId: string) => Promise<void>;

/**
 * The chat route's throttle: counts the message for its session (`session:<sessionId>`) and its
 * client address, and refuses it past either limit.
 * @throws TooManyRequestsError 429 `rate_limited`, after setting `Retry-After` (seconds until the
 * fuller window ends) and `Cache-Control: no-store`.
 */
export function chatThrottle(throttler: Throttler, policy: ThrottlePolicy): ChatThrottle {
  return async (request, reply, sessionId) => {
    const verdict = await throttler.check(policy, { address: request.ip, subjects: [`session:${sessionId}`] });
    if (verdict.allowed) return;
    reply.header('retry-after', String(verdict.retryAfterS)).header('cache-control', 'no-store');
    throw new TooManyRequestsError(chatRateLimitMessage(verdict.retryAfterS));
  };
}
