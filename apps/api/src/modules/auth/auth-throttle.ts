import { createHash } from 'node:crypto';
import { waitOf } from '@esim/contract/retry-after';
import { TooManyRequestsError } from '../../lib/errors.ts';
import {
  type BucketHit,
  type CheckPlan,
  type ThrottleIdentity,
  type ThrottlePolicy,
  type ThrottleStore,
  planCheck,
  planDecline,
  verdictOf,
} from '../../lib/throttle.ts';
import type { Config } from '../../config.ts';

/**
 * Sign-in throttling (docs/product-rules.md#rate-limits; OWASP ASVS 4.0.3 V2.2.1), on the database
 * counters of `lib/throttle.ts` (`throttle_buckets`), so every instance counts the same requests.
 *
 * - Failures (a wrong password, an unknown account, a wrong or reused two-factor code) are counted
 *   per account and per client address in three tiers of growing windows: by default 5 per
 *   minute, 10 per 15 minutes and 20 per hour per account (4 times as many per address). Once a
 *   tier is full, sign-ins of that account (or from that address) wait until its window ends: the
 *   delays grow with persistence, and end, so the real owner is never locked out for good.
 * - Attempts (sign-ins and registrations, failed or not) per client address per hour, which bound
 *   the argon2 work one address can ask for.
 *
 * - Password-reset requests per e-mail address (known or not) and per client address per hour
 *   (`AUTH_RESET_REQUESTS_*`); reset and first-admin submissions count as attempts of their
 *   address, and a wrong token as a failure of it.
 *
 * Refusals are 429 `rate_limited` with `Retry-After` (seconds), checked before any password is verified.
 */

/** Window multipliers and allowance multipliers of the failure tiers. */
const TIERS = [
  { window: 1, allowance: 1 },
  { window: 15, allowance: 2 },
  { window: 60, allowance: 4 },
] as const;

/** 429 with the seconds to wait (`Retry-After`); `what` names what there were too many of. */
export class AuthRateLimitedError extends TooManyRequestsError {
  constructor(
    readonly retryAfterS: number,
    what = 'sign-in attempts',
  ) {
    const { unit, count } = waitOf(retryAfterS);
    super(`Too many ${what}. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`);
  }
}

/** A throttle subject for what was typed as username or e-mail: a hash, so counter keys hold no address. */
export function nameSubject(identifier: string): string {
  return `name:${createHash('sha256').update(`auth-throttle\0${identifier.trim().toLowerCase()}`).digest('hex').slice(0, 32)}`;
}

/**
 * A throttle subject for an e-mail address a password reset is asked for (known or not): a hash
 * of the address as typed, trimmed and lower-cased, so counter keys hold no address.
 */
export function resetEmailSubject(email: string): string {
  return `reset:${createHash('sha256').update(`auth-reset\0${email.trim().toLowerCase()}`).digest('hex').slice(0, 32)}`;
}

/** Window of the password-reset request limits, seconds. */
export const RESET_REQUEST_WINDOW_S = 3_600;

/** A throttle subject for an account. */
export function accountSubject(userId: number): string {
  return `user:${userId}`;
}

/**
 * The failure and attempt policies of `limits` (`AUTH_THROTTLE_*`), and the password-reset
 * request policy (`AUTH_RESET_REQUESTS_*`: per e-mail address and per client address per hour).
 */
export function authPolicies(limits: Config['auth']['throttle']): {
  attempts: ThrottlePolicy;
  failures: ThrottlePolicy[];
  resetRequests: ThrottlePolicy;
} {
  const attempts: ThrottlePolicy = {
    name: 'auth',
    attempts: {
      perSubject: { max: limits.attemptsPerAddress, windowS: 3_600 },
      perAddress: { max: limits.attemptsPerAddress, windowS: 3_600 },
    },
  };
  const failures = TIERS.map(({ window, allowance }, i): ThrottlePolicy => {
    const windowS = limits.windowS * window;
    return {
      name: `auth-fail-${i}`,
      attempts: attempts.attempts,
      declines: {
        group: `auth-fail-${i}`,
        perSubject: { max: limits.failuresPerAccount * allowance, windowS },
        perAddress: { max: limits.failuresPerAddress * allowance, windowS },
      },
    };
  });
  const resetRequests: ThrottlePolicy = {
    name: 'auth-reset',
    attempts: {
      perSubject: { max: limits.resetRequestsPerEmail, windowS: RESET_REQUEST_WINDOW_S },
      perAddress: { max: limits.resetRequestsPerAddress, windowS: RESET_REQUEST_WINDOW_S },
    },
  };
  return { attempts, failures, resetRequests };
}

/** Applies {@link authPolicies} with counters in `store` (one statement per check or failure). */
export class AuthThrottle {
  private readonly policies: ReturnType<typeof authPolicies>;
  private lastPruneMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: ThrottleStore,
    limits: Config['auth']['throttle'],
    private readonly now: () => number = Date.now,
  ) {
    this.policies = authPolicies(limits);
  }

  /**
   * Counts an attempt from `identity.address` (subjects are not counted as attempts) and refuses
   * it when the address is over its attempts, or the address or a subject is over a failure tier.
   * @throws AuthRateLimitedError
   */
  async check(identity: ThrottleIdentity): Promise<void> {
    const nowMs = this.now();
    const attempt = planCheck(this.policies.attempts, { address: identity.address, subjects: [] });
    const limits = new Map(attempt.limits);
    const peek: string[] = [];
    for (const policy of this.policies.failures) {
      const declines = planCheck(policy, identity);
      for (const key of declines.peek) {
        limits.set(key, declines.limits.get(key)!);
        peek.push(key);
      }
    }
    const plan: CheckPlan = { hits: attempt.hits, peek: peek.sort(), limits };
    const states = await this.store.hit(plan.hits, plan.peek, nowMs);
    if (nowMs - this.lastPruneMs >= 60_000) {
      this.lastPruneMs = nowMs;
      await this.store.prune(nowMs).catch(() => undefined);
    }
    const verdict = verdictOf(plan, states, nowMs);
    if (!verdict.allowed) throw new AuthRateLimitedError(verdict.retryAfterS);
  }

  /**
   * Counts a password-reset request (`POST /api/forgot-password`) per e-mail subject
   * ({@link resetEmailSubject}) and per client address, and refuses it past either hourly limit.
   * The same for addresses with and without an account, so a refusal tells nothing about one.
   * @throws AuthRateLimitedError ('Too many password reset requests')
   */
  async checkResetRequest(identity: ThrottleIdentity): Promise<void> {
    const nowMs = this.now();
    const plan = planCheck(this.policies.resetRequests, identity);
    const states = await this.store.hit(plan.hits, plan.peek, nowMs);
    const verdict = verdictOf(plan, states, nowMs);
    if (!verdict.allowed) throw new AuthRateLimitedError(verdict.retryAfterS, 'password reset requests');
  }

  /** Counts a failure of `identity` in every tier. */
  async recordFailure(identity: ThrottleIdentity): Promise<void> {
    const hits: BucketHit[] = this.policies.failures.flatMap((policy) => planDecline(policy, identity));
    hits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    await this.store.hit(hits, [], this.now());
  }
}
