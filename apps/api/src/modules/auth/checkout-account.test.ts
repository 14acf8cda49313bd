import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';
import { queryRows } from '../../db/client.ts';

/** Orders placed while signed in belong to the account; guest orders to none. */

let ctx: OrdersTestApp;
const PASSWORD = 'violet-harbour-tram-42';

beforeAll(async () => {
  ctx = await createOrdersTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function checkout(headers: Record<string, string>) {
  const api = client(ctx.app);
  const session = newSession();
  const products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<{
    products: { productId: number }[];
  }>();
  await api.addToCart(session, products.products[0]!.productId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'x-session-id': session, 'idempotency-key': newKey(), ...headers },
    payload: checkoutBody({ method: 'card', token: await api.cardToken() }),
  });
  expect(res.statusCode).toBe(201);
  const { orderNumber } = res.json<{ orderNumber: string }>();
  const [row] = await queryRows<{ user_id: number | null }>(
    ctx.database.db,
    sql`select user_id from orders where order_number = ${orderNumber}`,
  );
  return row!.user_id;
}

describe('POST /api/checkout with the session cookie', () => {
  it('records the signed-in account on the order, and none for a guest', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'buyer',
        email: 'buyer@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'B',
        lastName: 'Y',
      },
    });
    const userId = registered.json<{ id: number }>().id;
    const token = registered.cookies[0]!.value;
    expect(await checkout({ cookie: `sid=${token}`, 'sec-fetch-site': 'same-origin' })).toBe(userId);
    expect(await checkout({})).toBeNull();
  });

  it('refuses a cross-site checkout that carries the session cookie (CSRF)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: {
        'x-session-id': newSession(),
        'idempotency-key': newKey(),
        cookie: 'sid=whatever',
        origin: 'https://evil.example',
      },
      payload: checkoutBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_rejected');
  });
});
