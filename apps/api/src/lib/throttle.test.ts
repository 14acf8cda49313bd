import { describe, expect, it } from 'vitest';
import {
  type BucketHit,
  type BucketState,
  type ThrottlePolicy,
  type ThrottleStore,
  Throttler,
  addressKey,
  planCheck,
  planDecline,
  rateLimitMessage,
  retryAfterS,
  verdictOf,
} from './throttle.ts';

const policy: ThrottlePolicy = {
  name: 'checkout',
  attempts: { perSubject: { max: 10, windowS: 600 }, perAddress: { max: 30, windowS: 600 } },
  declines: { group: 'payment', perSubject: { max: 3, windowS: 3_600 }, perAddress: { max: 10, windowS: 3_600 } },
};
const identity = { address: '203.0.113.9', subjects: ['session:abcdefgh12'] };
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('addressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, the block one subscriber gets', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:1:2:aaaa::9%eth0')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything else as it is, bounded in length', () => {
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('not an address')).toBe('not an address');
    expect(addressKey('x'.repeat(500))).toHaveLength(64);
  });
});

describe('planCheck', () => {
  it('adds one attempt to each subject and to the address, and reads the decline counters', () => {
    const plan = planCheck(policy, { address: '203.0.113.9', subjects: ['session:abcdefgh12', 'token:ff00'] });
    expect(plan.hits).toEqual([
      { key: 'attempt:checkout:ip:203.0.113.9', cost: 1, windowS: 600 },
      { key: 'attempt:checkout:session:abcdefgh12', cost: 1, windowS: 600 },
      { key: 'attempt:checkout:token:ff00', cost: 1, windowS: 600 },
    ]);
    expect(plan.peek).toEqual([
      'decline:payment:ip:203.0.113.9',
      'decline:payment:session:abcdefgh12',
      'decline:payment:token:ff00',
    ]);
  });

  it('sorts and de-duplicates keys (one lock order for every instance, no row touched twice)', () => {
    const plan = planCheck(policy, { address: '10.0.0.1', subjects: ['session:b', 'session:a', 'session:b'] });
    expect(plan.hits.map((h) => h.key)).toEqual([
      'attempt:checkout:ip:10.0.0.1',
      'attempt:checkout:session:a',
      'attempt:checkout:session:b',
    ]);
  });

  it('reads no decline counters for a policy without them', () => {
    const { declines: _, ...tokenisation } = policy;
    expect(planCheck({ ...tokenisation, name: 'tokenisation' }, identity).peek).toEqual([]);
  });
});

describe('planDecline', () => {
  it("adds one to the group's counters of every subject and the address", () => {
    expect(planDecline(policy, identity)).toEqual([
      { key: 'decline:payment:ip:203.0.113.9', cost: 1, windowS: 3_600 },
      { key: 'decline:payment:session:abcdefgh12', cost: 1, windowS: 3_600 },
    ]);
    const { declines: _, ...none } = policy;
    expect(planDecline(none, identity)).toEqual([]);
  });
});

describe('verdictOf', () => {
  const plan = planCheck(policy, identity);
  const state = (key: string, hits: number, endsInS: number): BucketState => ({
    key,
    hits,
    windowEndsAtMs: NOW + endsInS * 1000,
  });

  it('allows attempts up to the limit, counting this one', () => {
    expect(
      verdictOf(
        plan,
        [state('attempt:checkout:session:abcdefgh12', 10, 300), state('attempt:checkout:ip:203.0.113.9', 30, 300)],
        NOW,
      ),
    ).toEqual({
      allowed: true,
    });
  });

  it('refuses the attempt past a limit until that window ends', () => {
    expect(verdictOf(plan, [state('attempt:checkout:session:abcdefgh12', 11, 299.2)], NOW)).toEqual({
      allowed: false,
      retryAfterS: 300,
    });
    expect(verdictOf(plan, [state('attempt:checkout:ip:203.0.113.9', 31, 10)], NOW)).toEqual({
      allowed: false,
      retryAfterS: 10,
    });
  });

  it('refuses once the declines reach their limit, until the decline window ends', () => {
    expect(verdictOf(plan, [state('decline:payment:session:abcdefgh12', 2, 3_000)], NOW)).toEqual({ allowed: true });
    expect(verdictOf(plan, [state('decline:payment:session:abcdefgh12', 3, 3_000)], NOW)).toEqual({
      allowed: false,
      retryAfterS: 3_000,
    });
    expect(verdictOf(plan, [state('decline:payment:ip:203.0.113.9', 10, 60)], NOW)).toEqual({
      allowed: false,
      retryAfterS: 60,
    });
  });

  it('asks to wait for the last of several full counters', () => {
    const states = [
      state('attempt:checkout:session:abcdefgh12', 12, 100),
      state('decline:payment:session:abcdefgh12', 4, 2_000),
    ];
    expect(verdictOf(plan, states, NOW)).toEqual({ allowed: false, retryAfterS: 2_000 });
  });

  it('ignores counters it did not plan', () => {
    expect(verdictOf(plan, [state('attempt:other:ip:1.2.3.4', 1_000, 100)], NOW)).toEqual({ allowed: true });
  });
});

describe('retryAfterS', () => {
  it('is whole seconds, rounded up, at least 1', () => {
    expect(retryAfterS(NOW + 1, NOW)).toBe(1);
    expect(retryAfterS(NOW - 5_000, NOW)).toBe(1);
    expect(retryAfterS(NOW + 600_000, NOW)).toBe(600);
    expect(retryAfterS(NOW + 600_001, NOW)).toBe(601);
  });
});

describe('rateLimitMessage', () => {
  it('says how long to wait, in words', () => {
    expect(rateLimitMessage(600)).toBe('Too many payment attempts. Please wait 10 minutes and try again.');
    expect(rateLimitMessage(1)).toBe('Too many payment attempts. Please wait 1 second and try again.');
    expect(rateLimitMessage(60)).toBe('Too many payment attempts. Please wait 1 minute and try again.');
    expect(rateLimitMessage(3_600)).toBe('Too many payment attempts. Please wait 60 minutes and try again.');
    expect(rateLimitMessage(7_200)).toBe('Too many payment attempts. Please wait 2 hours and try again.');
  });
});

/** An in-memory {@link ThrottleStore} with the repository's semantics (fixed windows from the first hit). */
class MemoryStore implements ThrottleStore {
  readonly rows = new Map<string, { hits: number; windowEndsAtMs: number }>();
  calls: string[] = [];

  async prune(nowMs: number): Promise<number> {
    this.calls.push('prune');
    let deleted = 0;
    for (const [key, row] of this.rows) if (row.windowEndsAtMs <= nowMs && this.rows.delete(key)) deleted++;
    return deleted;
  }

  async hit(hits: BucketHit[], peek: string[], nowMs: number): Promise<BucketState[]> {
    this.calls.push('hit');
    const out: BucketState[] = [];
    for (const h of hits) {
      const row = this.rows.get(h.key);
      const next =
        row && row.windowEndsAtMs > nowMs
          ? { hits: row.hits + h.cost, windowEndsAtMs: row.windowEndsAtMs }
          : { hits: h.cost, windowEndsAtMs: nowMs + h.windowS * 1000 };
      this.rows.set(h.key, next);
      out.push({ key: h.key, ...next });
    }
    for (const key of peek) {
      const row = this.rows.get(key);
      if (row && row.windowEndsAtMs > nowMs) out.push({ key, ...row });
    }
    return out;
  }
}

describe('Throttler', () => {
  function setup() {
    const store = new MemoryStore();
    let now = NOW;
    const throttler = new Throttler(store, { now: () => now, pruneEveryMs: 60_000 });
    return { store, throttler, advance: (ms: number) => (now += ms) };
  }

  it('allows ten attempts of a session, refuses the eleventh, and allows again when the window has passed', async () => {
    const { throttler, advance } = setup();
    for (let i = 0; i < 10; i++) expect(await throttler.check(policy, identity)).toEqual({ allowed: true });
    expect(await throttler.check(policy, identity)).toEqual({ allowed: false, retryAfterS: 600 });
    advance(599_000);
    expect(await throttler.check(policy, identity)).toEqual({ allowed: false, retryAfterS: 1 });
    advance(1_000);
    expect(await throttler.check(policy, identity)).toEqual({ allowed: true });
  });

  it('refuses every attempt after three declines until the decline window ends, even from a new session', async () => {
    const { throttler, advance } = setup();
    for (let i = 0; i < 3; i++) {
      expect(await throttler.check(policy, identity)).toEqual({ allowed: true });
      await throttler.recordDecline(policy, identity);
    }
    expect(await throttler.check(policy, identity)).toEqual({ allowed: false, retryAfterS: 3_600 });
    // Another session at the same address is still allowed: 3 declines are below the address's 10.
    expect(await throttler.check(policy, { ...identity, subjects: ['session:other-session'] })).toEqual({
      allowed: true,
    });
    advance(3_600_000);
    expect(await throttler.check(policy, identity)).toEqual({ allowed: true });
  });

  it('prunes ended counters after at most one check per interval', async () => {
    const { store, throttler, advance } = setup();
    await throttler.check(policy, identity);
    await throttler.check(policy, identity);
    advance(600_000);
    await throttler.check(policy, identity);
    await throttler.recordDecline(policy, identity);
    expect(store.calls).toEqual(['hit', 'prune', 'hit', 'hit', 'prune', 'hit']);
    // The third check's prune removed the first window's counters; its hit had started new ones.
    expect(store.rows.get('attempt:checkout:session:abcdefgh12')).toEqual({ hits: 1, windowEndsAtMs: NOW + 1_200_000 });
  });

  it('keeps the verdict when a prune fails, and reports it', async () => {
    const store = new MemoryStore();
    store.prune = () => Promise.reject(new Error('connection lost'));
    const warnings: string[] = [];
    const throttler = new Throttler(store, { now: () => NOW, log: { warn: (_obj, msg) => void warnings.push(msg) } });
    expect(await throttler.check(policy, identity)).toEqual({ allowed: true });
    expect(warnings).toEqual(['throttle: prune failed']);
  });
});
