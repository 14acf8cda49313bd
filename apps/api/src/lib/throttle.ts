import { isIPv4, isIPv6 } from 'node:net';
import { waitOf } from '@esim/contract/retry-after';

/**
 * Throttles (docs/product-rules.md#rate-limits; OWASP ASVS 4.0.3 V11.1.4 anti-automation, V2.2.1
 * for the same idea on logins): the pure policy. Counters are fixed windows that start at their
 * first hit and live in the database (`throttle.repository.ts`), so every instance of the store
 * counts the same requests (two instances behave as one store: decision record 0020).
 *
 * A request is counted for each of its subjects (a visitor session, a portal access token) and
 * for its client address. Attempts are refused past their limit; a policy with `declines` also
 * refuses them once a subject or the address has collected that many declined payments (402) in
 * the decline window, and every route of the same decline `group` shares those counts.
 */

/** At most `max` events per `windowS` seconds. */
export interface Limit {
  /** A count, at least 1. */
  max: number;
  /** Seconds. */
  windowS: number;
}

/** The limits of one kind of request (e.g. `checkout`). */
export interface ThrottlePolicy {
  /** Names the policy's attempt counters, e.g. `checkout`; each policy counts apart. */
  name: string;
  /** Attempts per subject and per client address, counted before the request runs. */
  attempts: { perSubject: Limit; perAddress: Limit };
  /**
   * Declined payments: once a subject or the address has `max` of them within `windowS`, its
   * attempts are refused until that window ends. Shared by every policy with the same `group`.
   */
  declines?: { group: string; perSubject: Limit; perAddress: Limit };
}

/** Who makes a request. */
export interface ThrottleIdentity {
  /** `request.ip`: the connection's address, or the one a trusted proxy forwarded (`TRUST_PROXY`). */
  address: string;
  /** Namespaced subjects, e.g. `session:<X-Session-Id>` or `token:<sha256 of X-Access-Token>`. */
  subjects: string[];
}

/** Adds `cost` to the counter `key`, whose window, when one starts now, lasts `windowS` seconds. */
export interface BucketHit {
  key: string;
  cost: number;
  windowS: number;
}

/** A counter as stored: `hits` in the window that ends at `windowEndsAtMs` (epoch ms). */
export interface BucketState {
  key: string;
  hits: number;
  windowEndsAtMs: number;
}

/** What one check does: the attempt counters it adds to and the decline counters it only reads. */
export interface CheckPlan {
  /** Sorted by key: every instance takes row locks in the same order. */
  hits: BucketHit[];
  /** Sorted decline counter keys. */
  peek: string[];
  /** The limit of each counter above, and whether it counts this request (`attempt`) or past declines. */
  limits: ReadonlyMap<string, { max: number; kind: 'attempt' | 'decline' }>;
}

/** Whether a request may run; when not, how many seconds until it may (`Retry-After`). */
export type Verdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** Counter storage: the database (`ThrottleRepository`) or a fake in tests. */
export interface ThrottleStore {
  /**
   * Adds each hit to its counter (starting a new window for a counter whose window has ended) and
   * reads the `peek` counters whose window has not ended, atomically and in one round trip.
   * Returns the states of both.
   */
  hit(hits: BucketHit[], peek: string[], nowMs: number): Promise<BucketState[]>;
  /** Deletes (a batch of) counters whose window ended by `nowMs`, never waiting for a lock. */
  prune(nowMs: number): Promise<number>;
}

/** Longest address text kept in a counter key. */
const MAX_ADDRESS_LENGTH = 64;

/** The eight hextets of an IPv6 address (no zone, IPv4 tail converted); undefined when it is not one. */
function ipv6Hextets(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((h) => Number.parseInt(h, 16));
}

/**
 * The part of a client address that is counted: an IPv4 address as it is (also when IPv4-mapped,
 * `::ffff:203.0.113.9`), an IPv6 address by its /64 (`2001:db8:1:2::/64`), since one subscriber
 * gets a whole /64 and could otherwise rotate addresses in it. Anything else is kept as it is,
 * cut to 64 characters (`unknown` when empty).
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  const hextets = ipv6Hextets(address);
  if (hextets)
    return `${hextets
      .slice(0, 4)
      .map((h) => h.toString(16))
      .join(':')}::/64`;
  return ip ? ip.slice(0, MAX_ADDRESS_LENGTH) : 'unknown';
}

function counterKeys(prefix: string, identity: ThrottleIdentity): { subjects: string[]; address: string } {
  const subjects = [...new Set(identity.subjects)].map((s) => `${prefix}:${s}`);
  return { subjects, address: `${prefix}:ip:${addressKey(identity.address)}` };
}

const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The counters a request's check adds to (`attempt:<policy>:…`) and reads (`decline:<group>:…`). */
export function planCheck(policy: ThrottlePolicy, identity: ThrottleIdentity): CheckPlan {
  const limits = new Map<string, { max: number; kind: 'attempt' | 'decline' }>();
  const attempts = counterKeys(`attempt:${policy.name}`, identity);
  const hits: BucketHit[] = [
    ...attempts.subjects.map((key) => ({ key, cost: 1, windowS: policy.attempts.perSubject.windowS })),
    { key: attempts.address, cost: 1, windowS: policy.attempts.perAddress.windowS },
  ].sort(byKey);
  for (const key of attempts.subjects) limits.set(key, { max: policy.attempts.perSubject.max, kind: 'attempt' });
  limits.set(attempts.address, { max: policy.attempts.perAddress.max, kind: 'attempt' });
  const peek: string[] = [];
  if (policy.declines) {
    const declines = counterKeys(`decline:${policy.declines.group}`, identity);
    for (const key of declines.subjects) limits.set(key, { max: policy.declines.perSubject.max, kind: 'decline' });
    limits.set(declines.address, { max: policy.declines.perAddress.max, kind: 'decline' });
    peek.push(...declines.subjects, declines.address);
    peek.sort();
  }
  return { hits, peek, limits };
}

/** The counters one declined payment (402) adds to; none for a policy without `declines`. */
export function planDecline(policy: ThrottlePolicy, identity: ThrottleIdentity): BucketHit[] {
  const { declines } = policy;
  if (!declines) return [];
  const keys = counterKeys(`decline:${declines.group}`, identity);
  return [
    ...keys.subjects.map((key) => ({ key, cost: 1, windowS: declines.perSubject.windowS })),
    { key: keys.address, cost: 1, windowS: declines.perAddress.windowS },
  ].sort(byKey);
}

/** Whole seconds from `nowMs` until `windowEndsAtMs`, rounded up, at least 1 (`Retry-After`). */
export function retryAfterS(windowEndsAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((windowEndsAtMs - nowMs) / 1000));
}

/**
 * The verdict on a check from the counters' states after it: refused when an attempt counter
 * exceeds its limit (this request included) or a decline counter has reached its limit, with
 * the wait until the last of those windows ends. States of counters not in the plan are ignored.
 */
export function verdictOf(plan: CheckPlan, states: readonly BucketState[], nowMs: number): Verdict {
  let wait = 0;
  for (const state of states) {
    const limit = plan.limits.get(state.key);
    if (!limit) continue;
    const full = limit.kind === 'attempt' ? state.hits > limit.max : state.hits >= limit.max;
    if (full) wait = Math.max(wait, retryAfterS(state.windowEndsAtMs, nowMs));
  }
  return wait > 0 ? { allowed: false, retryAfterS: wait } : { allowed: true };
}

/** The 429 message in English, e.g. `Too many payment attempts. Please wait 10 minutes and try again.` */
export function rateLimitMessage(retryAfterS: number): string {
  const { unit, count } = waitOf(retryAfterS);
  return `Too many payment attempts. Please wait ${count} ${unit}${count === 1 ? '' : 's'} and try again.`;
}

/** Options of a {@link Throttler}. */
export interface ThrottlerOptions {
  /** The clock, epoch ms (tests move it). Default `Date.now`. */
  now?: () => number;
  /** Ended counters are deleted after at most one check per this many ms on each instance. Default 60 s. */
  pruneEveryMs?: number;
  /** Where a failed prune is reported (pino's shape); the check it follows still stands. */
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Applies {@link ThrottlePolicy ThrottlePolicies} with counters in a {@link ThrottleStore}: one
 * statement per check, one per recorded decline. On each instance, one check per `pruneEveryMs`
 * is followed by a prune of ended counters (its own statement, which never waits for a lock), so
 * the table holds roughly the clients of the last hour.
 */
export class Throttler {
  private readonly now: () => number;
  private readonly pruneEveryMs: number;
  private readonly log: ThrottlerOptions['log'];
  private lastPruneMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: ThrottleStore,
    options: ThrottlerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.log = options.log;
  }

  /** Counts an attempt of `identity` under `policy` and says whether it may run. */
  async check(policy: ThrottlePolicy, identity: ThrottleIdentity): Promise<Verdict> {
    const nowMs = this.now();
    const plan = planCheck(policy, identity);
    const states = await this.store.hit(plan.hits, plan.peek, nowMs);
    if (nowMs - this.lastPruneMs >= this.pruneEveryMs) {
      this.lastPruneMs = nowMs;
      await this.store.prune(nowMs).catch((error: unknown) => this.log?.warn({ err: error }, 'throttle: prune failed'));
    }
    return verdictOf(plan, states, nowMs);
  }

  /** Counts a declined payment (402) of `identity` against the policy's decline group. */
  async recordDecline(policy: ThrottlePolicy, identity: ThrottleIdentity): Promise<void> {
    const hits = planDecline(policy, identity);
    if (hits.length > 0) await this.store.hit(hits, [], this.now());
  }
}
