import type { CheckoutResponse } from '@esim/contract/checkout';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';

/**
 * Who may read `GET /api/orders/{orderNumber}`, and what everyone else learns: its visitor
 * session, its access token (in `X-Access-Token` only) and the signed-in account that owns it
 * read it; for anyone else an order that exists and one that does not are answered byte for
 * byte alike, so order numbers cannot be enumerated (OWASP ASVS 4.0.3 V4.2.1, V8.3.1); and the
 * token never reaches a log line. Runs on PGlite, or PostgreSQL with `DATABASE_URL`.
 */

const logs: string[] = [];
let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let productId: number;

beforeAll(async () => {
  ctx = await createOrdersTestApp({
    env: { LOG_LEVEL: 'trace' },
    deps: { logStream: { write: (line: string) => void logs.push(line) } },
  });
  api = client(ctx.app);
  const products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<{
    products: { productId: number }[];
  }>();
  productId = products.products[0]!.productId;
});
afterAll(async () => {
  await ctx?.close();
});

/** Pays a one-plan cart by card; `headers` add e.g. a signed-in account's cookie. */
async function buy(headers: Record<string, string> = {}): Promise<CheckoutResponse & { session: string }> {
  const session = newSession();
  await api.addToCart(session, productId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'x-session-id': session, 'idempotency-key': newKey(), ...headers },
    payload: checkoutBody({ method: 'card', token: await api.cardToken() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<CheckoutResponse>(), session };
}

/** What a client can tell from an answer: status, body and headers (bar the per-request id and date). */
function observable(res: LightMyRequestResponse) {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

/** A well-formed order number that belongs to no order. */
const UNKNOWN = 'ORD-0000000000ZZ';

describe('GET /api/orders/{orderNumber}: enumeration', () => {
  it('answers an existing order it will not show exactly as a number nobody bought', async () => {
    const { orderNumber, accessToken } = await buy();
    const other = await buy();
    const stranger = await signIn(ctx.app, ctx.services, ctx.database);
    const proofs: Record<string, string>[] = [
      {},
      { 'x-session-id': newSession() },
      { 'x-session-id': other.session },
      { 'x-access-token': other.accessToken },
      { 'x-access-token': accessToken.slice(1) },
      stranger.headers,
    ];
    for (const headers of proofs) {
      const existing = observable(await api.getOrder(orderNumber, headers));
      const unknown = observable(await api.getOrder(UNKNOWN, headers));
      expect(existing.status, JSON.stringify(headers)).toBe(404);
      expect(existing, JSON.stringify(headers)).toEqual(unknown);
      expect(JSON.parse(existing.body)).toEqual({ error: { code: 'not_found', message: 'Order Not Found' } });
    }
  });
});

describe('GET /api/orders/{orderNumber}: the signed-in owner', () => {
  it('shows an order to the account that owns it, from any browser, and to no other account', async () => {
    const owner = await signIn(ctx.app, ctx.services, ctx.database);
    const { orderNumber } = await buy(owner.headers);

    // Another device: the account's cookie, no visitor session of the purchase, no token.
    const mine = await api.getOrder(orderNumber, { ...owner.headers, 'x-session-id': newSession() });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ orderNumber });
    expect(mine.headers['cache-control']).toBe('no-store');

    const someoneElse = await signIn(ctx.app, ctx.services, ctx.database);
    expect((await api.getOrder(orderNumber, someoneElse.headers)).statusCode).toBe(404);
    // A guest order belongs to no account: being signed in opens none of them.
    const guest = await buy();
    expect((await api.getOrder(guest.orderNumber, owner.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/orders/{orderNumber}: the token stays out of logs', () => {
  it('logs neither the token of a read that succeeds nor one that fails', async () => {
    const { orderNumber, accessToken } = await buy();
    logs.length = 0;
    expect((await api.getOrder(orderNumber, { 'x-access-token': accessToken })).statusCode).toBe(200);
    expect((await api.getOrder(UNKNOWN, { 'x-access-token': accessToken })).statusCode).toBe(404);
    expect(logs.join('\n')).toContain(orderNumber);
    expect(logs.join('\n')).not.toContain(accessToken);
  });
});
