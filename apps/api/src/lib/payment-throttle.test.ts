import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { portalViewSchema } from '@esim/contract/portal';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../test/orders-fixtures.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { SANDBOX_TEST_CARDS } from '../providers/payment/sandbox.ts';

/**
 * Payment throttles through HTTP (docs/product-rules.md#rate-limits; OWASP ASVS 4.0.3 V11.1.4
 * anti-automation): card tokenisation, checkout and portal top-ups, per visitor session (or
 * access token) and per client address, stricter after declines. Every app here sets its limits
 * explicitly: the shipped defaults (`loadConfig({})`), or high attempt limits to look at the
 * decline rule alone. `app.inject` connects from 127.0.0.1 unless a test names another
 * `remoteAddress`; tests that count per address use an address of their own.
 */

/** The environment that sets these throttle limits. */
function throttleEnv(t: Config['paymentThrottle']): NodeJS.ProcessEnv {
  return {
    PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION: String(t.attemptsPerSession),
    PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: String(t.attemptsPerAddress),
    PAYMENT_THROTTLE_ATTEMPT_WINDOW_S: String(t.attemptWindowS),
    PAYMENT_THROTTLE_DECLINES_PER_SESSION: String(t.declinesPerSession),
    PAYMENT_THROTTLE_DECLINES_PER_ADDRESS: String(t.declinesPerAddress),
    PAYMENT_THROTTLE_DECLINE_WINDOW_S: String(t.declineWindowS),
  };
}

/** The shipped defaults, as production runs them. */
const DEFAULTS = loadConfig({}).paymentThrottle;
/** The defaults' decline rule with attempt limits out of the way. */
const DECLINES_ONLY = { ...DEFAULTS, attemptsPerSession: 100_000, attemptsPerAddress: 100_000 };

const YEAR = new Date().getUTCFullYear();
const cardFields = (cardNumber: string = SANDBOX_TEST_CARDS.succeeds) => ({
  cardholderName: 'Card Tester',
  cardNumber,
  expiryMonth: 12,
  expiryYear: YEAR + 2,
  cvv: '123',
});

function tokenise(
  app: FastifyInstance,
  opts: { session?: string; remoteAddress?: string; forwardedFor?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokens',
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: {
      ...(opts.session ? { 'x-session-id': opts.session } : {}),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    payload: cardFields(),
  });
}

function checkout(
  app: FastifyInstance,
  session: string,
  payload: unknown,
  opts: { key?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: { 'content-type': 'application/json', 'x-session-id': session, 'idempotency-key': opts.key ?? newKey() },
    payload: (typeof payload === 'string' ? payload : JSON.stringify(payload)) as InjectOptions['payload'],
  });
}

/** The 429 every throttle answers: the API's error body and `Retry-After` in whole seconds within `[minS, maxS]`. */
function expectThrottled(res: LightMyRequestResponse, minS: number, maxS: number): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const header = String(res.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(minS);
  expect(Number(header)).toBeLessThanOrEqual(maxS);
  const body = res.json<{ error: { code: string; message: string } }>();
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(
    /^Too many payment attempts\. Please wait \d+ (second|minute|hour)s? and try again\.$/,
  );
}

/** Runs `count` requests one after another and returns their status codes. */
async function statuses(count: number, request: (i: number) => Promise<LightMyRequestResponse>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await request(i)).statusCode);
  return out;
}

const times = (n: number, status: number) => Array.from({ length: n }, () => status);

describe('with the default limits', () => {
  let ctx: OrdersTestApp;
  let productId: number;

  beforeAll(async () => {
    expect(DEFAULTS).toEqual({
      attemptsPerSession: 10,
      attemptsPerAddress: 30,
      attemptWindowS: 600,
      declinesPerSession: 3,
      declinesPerAddress: 10,
      declineWindowS: 3_600,
    });
    ctx = await createOrdersTestApp({ env: throttleEnv(DEFAULTS) });
    productId = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' })
    ).json<ProductsResponse>().products[0]!.productId;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('throttles 60 card tokenisations of one session after 10: 429 with Retry-After and the error body', async () => {
    const session = newSession();
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 60; i++) responses.push(await tokenise(ctx.app, { session, remoteAddress: '198.51.100.10' }));
    expect(responses.map((r) => r.statusCode)).toEqual([...times(10, 201), ...times(50, 429)]);
    expectThrottled(responses[10]!, 540, 600);
    expect(responses[10]!.json().error.message).toBe(
      'Too many payment attempts. Please wait 10 minutes and try again.',
    );
    expect(responses[59]!.headers['cache-control']).toBe('no-store');
  });

  it('throttles a script without a session at 30 per address, and a new X-Forwarded-For each time does not help', async () => {
    const codes = await statuses(60, (i) =>
      tokenise(ctx.app, { remoteAddress: '198.51.100.11', forwardedFor: `203.0.113.${i + 1}` }),
    );
    expect(codes).toEqual([...times(30, 201), ...times(30, 429)]);
    // New sessions do not help either: the address is full.
    expectThrottled(await tokenise(ctx.app, { session: newSession(), remoteAddress: '198.51.100.11' }), 540, 600);
    // Another client is not affected.
    expect((await tokenise(ctx.app, { remoteAddress: '198.51.100.12' })).statusCode).toBe(201);
  });

  it('counts IPv6 clients by their /64: rotating the interface identifier does not help', async () => {
    const codes = await statuses(35, (i) =>
      tokenise(ctx.app, { remoteAddress: `2001:db8:77:1::${(i + 1).toString(16)}` }),
    );
    expect(codes).toEqual([...times(30, 201), ...times(5, 429)]);
    expect((await tokenise(ctx.app, { remoteAddress: '2001:db8:77:2::1' })).statusCode).toBe(201);
  });

  it('lets 15 travellers behind one address each buy by card without being throttled', async () => {
    for (let i = 0; i < 15; i++) {
      const session = newSession();
      const api = client(ctx.app);
      await api.addToCart(session, productId);
      const res = await checkout(ctx.app, session, checkoutBody({ method: 'card', token: await api.cardToken() }));
      expect(res.statusCode, `purchase ${i + 1}: ${res.body}`).toBe(201);
      checkoutResponseSchema.parse(res.json());
    }
  });

  it('refuses the 31st checkout attempt from one address within 10 minutes, whatever the session', async () => {
    // Empty carts answer 409: attempts count whatever their outcome.
    const codes = await statuses(32, () =>
      checkout(ctx.app, newSession(), checkoutBody(), { remoteAddress: '198.51.100.13' }),
    );
    expect(codes).toEqual([...times(30, 409), ...times(2, 429)]);
  });

  it('refuses the 11th checkout attempt of one session, before reading its body', async () => {
    const session = newSession();
    const codes = await statuses(10, () =>
      checkout(ctx.app, session, checkoutBody(), { remoteAddress: '198.51.100.14' }),
    );
    expect(codes).toEqual(times(10, 409));
    expectThrottled(await checkout(ctx.app, session, '{"customer": ', { remoteAddress: '198.51.100.14' }), 540, 600);
  });
});

describe('after declined payments', () => {
  let ctx: OrdersTestApp;
  let api: ReturnType<typeof client>;
  let productId: number;

  beforeAll(async () => {
    ctx = await createOrdersTestApp({ env: throttleEnv(DECLINES_ONLY) });
    api = client(ctx.app);
    productId = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' })
    ).json<ProductsResponse>().products[0]!.productId;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const declinedBody = async () =>
    checkoutBody({ method: 'card', token: await api.cardToken(SANDBOX_TEST_CARDS.declined) });

  it('refuses 30 declined checkouts in a row from one session after 3 declines, for the rest of the hour', async () => {
    const session = newSession();
    await api.addToCart(session, productId);
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 30; i++)
      responses.push(await checkout(ctx.app, session, await declinedBody(), { remoteAddress: '198.51.100.20' }));
    expect(responses.map((r) => r.statusCode)).toEqual([...times(3, 402), ...times(27, 429)]);
    expect(responses[0]!.json().error.code).toBe('card_declined');
    expectThrottled(responses[3]!, 3_500, 3_600);
    expect(responses[3]!.json().error.message).toBe('Too many payment attempts. Please wait 60 minutes and try again.');
    // A good card does not help, nor does tokenising a new card in that session.
    const good = await checkout(ctx.app, session, checkoutBody({ method: 'card', token: await api.cardToken() }), {
      remoteAddress: '198.51.100.20',
    });
    expectThrottled(good, 3_500, 3_600);
    expectThrottled(await tokenise(ctx.app, { session, remoteAddress: '198.51.100.20' }), 3_500, 3_600);
  });

  it('refuses an address after 10 declines, even with a new session for each attempt', async () => {
    const codes = await statuses(30, async () => {
      const session = newSession();
      await api.addToCart(session, productId);
      return checkout(ctx.app, session, await declinedBody(), { remoteAddress: '198.51.100.21' });
    });
    expect(codes).toEqual([...times(10, 402), ...times(20, 429)]);
    expectThrottled(await tokenise(ctx.app, { session: newSession(), remoteAddress: '198.51.100.21' }), 3_500, 3_600);
    // Other addresses still pay.
    const session = newSession();
    await api.addToCart(session, productId);
    const ok = await checkout(ctx.app, session, checkoutBody({ method: 'card', token: await api.cardToken() }), {
      remoteAddress: '198.51.100.22',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('does not count the replay of a declined checkout (same Idempotency-Key) as another decline', async () => {
    const session = newSession();
    await api.addToCart(session, productId);
    const key = newKey();
    const body = await declinedBody();
    const first = await checkout(ctx.app, session, body, { key, remoteAddress: '198.51.100.23' });
    expect(first.statusCode).toBe(402);
    for (let i = 0; i < 5; i++) {
      const replay = await checkout(ctx.app, session, body, { key, remoteAddress: '198.51.100.23' });
      expect(replay.statusCode).toBe(402);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    const more = await statuses(3, async () =>
      checkout(ctx.app, session, await declinedBody(), { remoteAddress: '198.51.100.23' }),
    );
    expect(more).toEqual([402, 402, 429]);
  });
});

describe('portal top-ups', () => {
  let ctx: OrdersTestApp;
  let api: ReturnType<typeof client>;
  let products: ProductsResponse['products'];

  beforeAll(async () => {
    ctx = await createOrdersTestApp({ env: throttleEnv(DECLINES_ONLY) });
    api = client(ctx.app);
    products = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' })
    ).json<ProductsResponse>().products;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Buys an eSIM, activates it on the simulated phone and syncs it: its access token and ICCID. */
  async function activeEsim(): Promise<{ token: string; iccid: string }> {
    const session = newSession();
    await api.addToCart(session, products[0]!.productId);
    const res = await checkout(ctx.app, session, checkoutBody({ method: 'card', token: await api.cardToken() }));
    expect(res.statusCode, res.body).toBe(201);
    const token = checkoutResponseSchema.parse(res.json()).accessToken;
    await ctx.services.jobs.runUntilIdle();
    const view = portalViewSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': token } })).json(),
    );
    const iccid = view.esims[0]!.iccid;
    const act = await ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/esims/${iccid}/actions`,
      payload: { action: 'first-use' },
    });
    expect(act.statusCode, act.body).toBe(200);
    const synced = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/sync`,
      headers: { 'x-access-token': token },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    return { token, iccid };
  }

  async function topup(
    token: string,
    iccid: string,
    cardNumber: string,
    remoteAddress: string,
    session = newSession(),
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/topups`,
      remoteAddress,
      headers: {
        'x-access-token': token,
        'x-session-id': session,
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      payload: {
        productId: products[1]!.productId,
        payment: { method: 'card', token: await api.cardToken(cardNumber) },
        acceptTerms: true,
        language: 'en',
      },
    });
  }

  it("refuses an access token's top-ups after 3 declines, even from a new session each time", async () => {
    const { token, iccid } = await activeEsim();
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 8; i++) responses.push(await topup(token, iccid, SANDBOX_TEST_CARDS.declined, '198.51.100.30'));
    expect(responses.map((r) => r.statusCode)).toEqual([...times(3, 402), ...times(5, 429)]);
    expectThrottled(responses[3]!, 3_500, 3_600);
    expectThrottled(await topup(token, iccid, SANDBOX_TEST_CARDS.succeeds, '198.51.100.30'), 3_500, 3_600);
    // The portal itself still opens.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': token } })).statusCode,
    ).toBe(200);
  });

  it('shares the decline count of a session between checkout and top-ups', async () => {
    const { token, iccid } = await activeEsim();
    const session = newSession();
    await api.addToCart(session, products[0]!.productId);
    for (let i = 0; i < 2; i++) {
      const declined = await checkout(
        ctx.app,
        session,
        checkoutBody({ method: 'card', token: await api.cardToken(SANDBOX_TEST_CARDS.declined) }),
        {
          remoteAddress: '198.51.100.31',
        },
      );
      expect(declined.statusCode).toBe(402);
    }
    expect((await topup(token, iccid, SANDBOX_TEST_CARDS.declined, '198.51.100.31', session)).statusCode).toBe(402);
    expectThrottled(await topup(token, iccid, SANDBOX_TEST_CARDS.succeeds, '198.51.100.31', session), 3_500, 3_600);
  });
});

describe('attempt limits of top-ups', () => {
  let ctx: OrdersTestApp;

  beforeAll(async () => {
    ctx = await createOrdersTestApp({
      env: throttleEnv({ ...DEFAULTS, attemptsPerSession: 2, attemptsPerAddress: 100_000 }),
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('counts per access token, so new sessions do not help', async () => {
    const token = 'a-portal-access-token-of-some-order-xxxxxxx';
    const codes = await statuses(4, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portal/esims/8944000000000000000/topups',
        headers: {
          'x-access-token': token,
          'x-session-id': newSession(),
          'idempotency-key': newKey(),
          'content-type': 'application/json',
        },
        payload: {},
      }),
    );
    // 400 (the body is incomplete) is still an attempt.
    expect(codes).toEqual([400, 400, 429, 429]);
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY=127.0.0.1)', () => {
  let ctx: OrdersTestApp;

  beforeAll(async () => {
    ctx = await createOrdersTestApp({
      env: {
        TRUST_PROXY: '127.0.0.1',
        ...throttleEnv({ ...DEFAULTS, attemptsPerSession: 100_000, attemptsPerAddress: 5 }),
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("counts the proxy's forwarded client address: different clients are not throttled together", async () => {
    const codes = await statuses(12, (i) =>
      tokenise(ctx.app, { remoteAddress: '127.0.0.1', forwardedFor: `203.0.113.${i + 1}` }),
    );
    expect(codes).toEqual(times(12, 201));
  });

  it('throttles one forwarded client address', async () => {
    const codes = await statuses(7, () =>
      tokenise(ctx.app, { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.50' }),
    );
    expect(codes).toEqual([...times(5, 201), ...times(2, 429)]);
  });

  it('ignores X-Forwarded-For from anyone but the proxy', async () => {
    const codes = await statuses(7, (i) =>
      tokenise(ctx.app, { remoteAddress: '198.51.100.40', forwardedFor: `203.0.113.${100 + i}` }),
    );
    expect(codes).toEqual([...times(5, 201), ...times(2, 429)]);
  });
});

describe('PAYMENT_THROTTLE_* settings', () => {
  it('refuses limits below 1 and windows beyond a day, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_THROTTLE_DECLINES_PER_SESSION: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_THROTTLE_ATTEMPT_WINDOW_S: '86401' })).toThrow(
      /PAYMENT_THROTTLE_ATTEMPT_WINDOW_S/,
    );
    expect(loadConfig({ PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: '100' }).paymentThrottle.attemptsPerAddress).toBe(100);
  });
});
