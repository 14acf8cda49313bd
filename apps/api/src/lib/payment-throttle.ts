import { createHash } from 'node:crypto';
import { sessionIdSchema } from '@esim/contract/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { TooManyRequestsError } from './errors.ts';
import { type ThrottleIdentity, type ThrottlePolicy, type Throttler, rateLimitMessage } from './throttle.ts';

/**
 * The payment throttles (docs/product-rules.md#rate-limits): without them unlimited card
 * tokenisations and declined checkouts would leave room for card testing (OWASP ASVS 4.0.3
 * V11.1.4 anti-automation). Route hooks for card tokenisation, checkout and portal top-ups, each with its
 * own attempt counters per subject and per client address; checkout and top-ups count their
 * declines (402) in one group, `payment`, which all three consult.
 */

/** The routes that take payments. */
export type PaymentRoute = 'tokenisation' | 'checkout' | 'topup';

/** The hooks a payment route adds to its options (`onRequest` after its own header checks). */
export interface RouteThrottle {
  /**
   * Counts the attempt before the body is read and refuses it past a limit: throws
   * `TooManyRequestsError` (429 `{ error: { code: 'rate_limited', message } }`) after setting
   * `Retry-After` in seconds (and `Cache-Control: no-store`).
   */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a declined payment (402) that is not an idempotent replay; passes the payload on. */
  onSend<T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T>;
}

/** The decline group that checkout and top-ups share. */
const DECLINE_GROUP = 'payment';

/**
 * The policies of the three routes from the configured limits (`PAYMENT_THROTTLE_*`): attempts
 * per session (or access token) and per address within the attempt window, each route counted
 * apart; declines of checkout and top-ups together per session (or token) and per address within
 * the decline window, which refuse all three once full.
 */
export function paymentPolicies(limits: Config['paymentThrottle']): Record<PaymentRoute, ThrottlePolicy> {
  const attempts = {
    perSubject: { max: limits.attemptsPerSession, windowS: limits.attemptWindowS },
    perAddress: { max: limits.attemptsPerAddress, windowS: limits.attemptWindowS },
  };
  const declines = {
    group: DECLINE_GROUP,
    perSubject: { max: limits.declinesPerSession, windowS: limits.declineWindowS },
    perAddress: { max: limits.declinesPerAddress, windowS: limits.declineWindowS },
  };
  return {
    tokenisation: { name: 'card-token', attempts, declines },
    checkout: { name: 'checkout', attempts, declines },
    topup: { name: 'topup', attempts, declines },
  };
}

/**
 * A portal access token as a counter subject: its SHA-256 with a prefix of its own, so that the
 * counter keys never hold the hash the orders table looks tokens up by.
 */
function tokenSubject(token: string): string {
  return `token:${createHash('sha256').update(`throttle\0${token}`).digest('hex').slice(0, 32)}`;
}

/**
 * Who pays: `request.ip` (only a `TRUST_PROXY` proxy can change it) and the subjects the request
 * speaks for: its valid `X-Session-Id`, and for top-ups its `X-Access-Token` (the portal of one
 * order) or, without one, the signed-in account whose portal it is, so that neither a
 * new session nor a new token escapes the other's counters.
 */
function identityOf(route: PaymentRoute, request: FastifyRequest): ThrottleIdentity {
  const subjects: string[] = [];
  const session = sessionIdSchema.safeParse(request.headers['x-session-id']);
  if (session.success) subjects.push(`session:${session.data}`);
  const token = request.headers['x-access-token'];
  if (route === 'topup') {
    if (typeof token === 'string' && token.trim()) subjects.push(tokenSubject(token.trim()));
    else if (request.auth) subjects.push(`user:${request.auth.user.id}`);
  }
  return { address: request.ip, subjects };
}

/** The hooks of each payment route, counting in `throttler` with {@link paymentPolicies} of `limits`. */
export function paymentThrottles(
  throttler: Throttler,
  limits: Config['paymentThrottle'],
): Record<PaymentRoute, RouteThrottle> {
  const policies = paymentPolicies(limits);
  const hooks = (route: PaymentRoute): RouteThrottle => ({
    async onRequest(request, reply) {
      const verdict = await throttler.check(policies[route], identityOf(route, request));
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterS)).header('cache-control', 'no-store');
      throw new TooManyRequestsError(rateLimitMessage(verdict.retryAfterS));
    },
    async onSend(request, reply, payload) {
      // A replay repeats the first answer; no card was tried again.
      if (reply.statusCode !== 402 || reply.getHeader('idempotent-replayed') === 'true') return payload;
      try {
        await throttler.recordDecline(policies[route], identityOf(route, request));
      } catch (error) {
        // The decline stands; a lost count must not turn it into a 500.
        request.log.error({ err: error }, 'payment throttle: could not count a decline');
      }
      return payload;
    },
  });
  return { tokenisation: hooks('tokenisation'), checkout: hooks('checkout'), topup: hooks('topup') };
}
