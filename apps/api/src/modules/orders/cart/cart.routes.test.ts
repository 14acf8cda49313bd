import { randomUUID } from 'node:crypto';
import { type Cart, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@esim/contract/cart';
import type { Product, ProductsResponse } from '@esim/contract/catalog';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../../test/helper.ts';
import { buildApp } from '../../../app.ts';
import type { CatalogueBundle } from '../../../providers/esim/esim-provider.ts';
import { SandboxEsimProvider } from '../../../providers/esim/sandbox.ts';

/** The sandbox minus the bundles named in `dropped`, to retire products mid-test. */
class RetiringProvider extends SandboxEsimProvider {
  readonly dropped = new Set<string>();

  override async listCatalogue(): Promise<CatalogueBundle[]> {
    return (await super.listCatalogue()).filter((b) => !this.dropped.has(b.name));
  }
}

const provider = new RetiringProvider();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** Active products of the seeded catalogue, in catalogue order. */
let products: Product[];
/** A bundle left out of the seeded catalogue, for "another instance added it" (see below). */
let lateBundle: string;

beforeAll(async () => {
  lateBundle = (await new SandboxEsimProvider().listCatalogue()).at(-1)?.name ?? '';
  provider.dropped.add(lateBundle);
  ctx = await createTestApp({ esimProvider: provider });
  products = (await ctx.app.inject({ method: 'GET', url: '/api/products' })).json<ProductsResponse>().products;
});
afterAll(async () => {
  await ctx?.close();
});

/** The n-th product of the catalogue; each test uses its own so that they stay independent. */
function product(n: number): Product {
  const p = products[n];
  if (!p) throw new Error(`no product #${n}`);
  return p;
}

/** A request as a visitor with session `session` (no header when `session` is null). */
function call(method: InjectOptions['method'], url: string, session: string | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: session === null ? {} : { 'x-session-id': session },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

const getCart = async (session: string) => (await call('GET', '/api/cart', session)).json<Cart>();
const add = (session: string, productId: number, quantity?: number) =>
  call('POST', '/api/cart', session, quantity === undefined ? { productId } : { productId, quantity });

/** Asserts a 400 JSON error naming `field`. */
function expectBadRequest(res: Awaited<ReturnType<typeof call>>, field: string | undefined) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const { error } = res.json<{ error: { code: string; message: string; field?: string } }>();
  expect(error.code).toBe('validation_error');
  expect(error.field).toBe(field);
  expect(error.message).toEqual(expect.any(String));
}

describe('GET /api/cart', () => {
  it('answers an empty cart for a new session, never cached, with the security headers', async () => {
    const res = await call('GET', '/api/cart', randomUUID());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], totalCount: 0, totalCents: 0, currency: 'USD' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('POST /api/cart', () => {
  it('adds a quantity of 1 by default and answers 201 with the whole cart embedding the product', async () => {
    const session = randomUUID();
    const p = product(0);
    const res = await add(session, p.productId);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const cart = res.json<Cart>();
    expect(cart).toEqual({
      items: [
        { id: expect.any(Number), productId: p.productId, quantity: 1, product: p, lineTotalCents: p.priceCents },
      ],
      totalCount: 1,
      totalCents: p.priceCents,
      currency: 'USD',
    });
    expect(await getCart(session)).toEqual(cart);
  });

  it('merges a second add of the same product into its line', async () => {
    const session = randomUUID();
    const p = product(1);
    const first = (await add(session, p.productId, 2)).json<Cart>();
    const second = await add(session, p.productId, 3);
    expect(second.statusCode).toBe(201);
    const cart = second.json<Cart>();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: first.items[0]?.id, productId: p.productId, quantity: 5 });
    expect(cart.totalCount).toBe(5);
  });

  it('answers 404 naming productId for an unknown product and writes nothing', async () => {
    const session = randomUUID();
    const res = await add(session, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'Product 999999 not found', field: 'productId' },
    });
    expect((await getCart(session)).items).toEqual([]);
  });

  it(`caps a line at ${MAX_LINE_QUANTITY} with a 400 naming quantity, leaving the line as it was`, async () => {
    const session = randomUUID();
    const p = product(2);
    expect((await add(session, p.productId, 60)).statusCode).toBe(201);
    expectBadRequest(await add(session, p.productId, 40), 'quantity');
    expect((await getCart(session)).items[0]?.quantity).toBe(60);
    expect((await add(session, p.productId, 39)).json<Cart>().items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expectBadRequest(await add(session, p.productId), 'quantity');
    expect((await getCart(session)).totalCount).toBe(MAX_LINE_QUANTITY);
  });

  it(`refuses a line beyond ${MAX_CART_LINES} with a 400, but still adds to existing lines`, async () => {
    const session = randomUUID();
    const many = products.slice(100, 100 + MAX_CART_LINES + 1);
    for (const p of many.slice(0, MAX_CART_LINES)) expect((await add(session, p.productId)).statusCode).toBe(201);
    const extra = many[MAX_CART_LINES];
    if (!extra) throw new Error('catalogue too small');
    const refused = await add(session, extra.productId);
    expectBadRequest(refused, undefined);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain(String(MAX_CART_LINES));
    const more = await add(session, many[0]?.productId ?? 0, 2);
    expect(more.statusCode).toBe(201);
    const cart = more.json<Cart>();
    expect(cart.items).toHaveLength(MAX_CART_LINES);
    expect(cart.totalCount).toBe(MAX_CART_LINES + 2);
  });

  it('counts every one of 20 concurrent adds of the same product', async () => {
    const session = randomUUID();
    const p = product(3);
    const responses = await Promise.all(Array.from({ length: 20 }, () => add(session, p.productId, 1)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const cart = await getCart(session);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(20);
    expect(cart.totalCents).toBe(20 * p.priceCents);
  });
});

describe('cart totals', () => {
  it('sums quantities and quantity x price in integer cents, lines ordered by line id', async () => {
    const session = randomUUID();
    const a = product(4);
    const b = products.find((p) => p.priceCents !== a.priceCents && p.productId < a.productId) ?? product(5);
    await add(session, a.productId, 2);
    const cart = (await add(session, b.productId, 3)).json<Cart>();
    expect(cart.items.map((i) => i.productId)).toEqual([a.productId, b.productId]);
    expect(cart.items[0]?.id).toBeLessThan(cart.items[1]?.id ?? 0);
    expect(cart.items.map((i) => i.lineTotalCents)).toEqual([2 * a.priceCents, 3 * b.priceCents]);
    expect(cart.totalCount).toBe(5);
    expect(cart.totalCents).toBe(2 * a.priceCents + 3 * b.priceCents);
    expect(Number.isInteger(cart.totalCents)).toBe(true);
  });

  it('keeps a line whose product is no longer sold, with product null and no price in the totals', async () => {
    const session = randomUUID();
    const kept = product(6);
    const retired = product(7);
    await add(session, kept.productId, 1);
    await add(session, retired.productId, 2);
    provider.dropped.add(retired.apiBundleName);
    try {
      expect((await ctx.services.catalog.sync()).deactivated).toBe(1);
      const cart = await getCart(session);
      expect(cart.items.map((i) => [i.productId, i.quantity, i.product?.productId ?? null, i.lineTotalCents])).toEqual([
        [kept.productId, 1, kept.productId, kept.priceCents],
        [retired.productId, 2, null, 0],
      ]);
      expect(cart).toMatchObject({ totalCount: 3, totalCents: kept.priceCents });
      const again = await add(session, retired.productId);
      expect(again.statusCode).toBe(404);
      expect(again.json<{ error: { field: string } }>().error.field).toBe('productId');
      const patched = await call('PATCH', `/api/cart/${cart.items[1]?.id}`, session, { quantity: 1 });
      expect(patched.json<Cart>().totalCount).toBe(2);
    } finally {
      provider.dropped.delete(retired.apiBundleName);
      await ctx.services.catalog.sync();
    }
  });
});

describe('two instances on one database', () => {
  it('embeds a product that another instance added after this one loaded its catalogue', async () => {
    const other = await buildApp({ config: testConfig(), database: ctx.database, serveWeb: false });
    try {
      expect((await other.services.catalog.sync()).added).toBe(1);
      provider.dropped.delete(lateBundle);
      const late = (await other.app.inject({ method: 'GET', url: '/api/products' }))
        .json<ProductsResponse>()
        .products.find((p) => p.apiBundleName === lateBundle);
      if (!late) throw new Error('late bundle not synced');
      const res = await add(randomUUID(), late.productId, 2);
      expect(res.statusCode).toBe(201);
      expect(res.json<Cart>()).toMatchObject({ items: [{ product: late }], totalCents: 2 * late.priceCents });
    } finally {
      await other.app.close();
    }
  });
});

describe('PATCH /api/cart/{id}', () => {
  it('sets the quantity and answers the whole cart', async () => {
    const session = randomUUID();
    const p = product(8);
    const line = (await add(session, p.productId, 2)).json<Cart>().items[0];
    const res = await call('PATCH', `/api/cart/${line?.id}`, session, { quantity: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cart = res.json<Cart>();
    expect(cart.items).toEqual([{ ...line, quantity: 7, lineTotalCents: 7 * p.priceCents }]);
    expect(cart.totalCents).toBe(7 * p.priceCents);
    expectBadRequest(
      await call('PATCH', `/api/cart/${line?.id}`, session, { quantity: MAX_LINE_QUANTITY + 1 }),
      'quantity',
    );
  });

  it.each([0, -1, -50])('removes the line when the quantity is %i', async (quantity) => {
    const session = randomUUID();
    const [first, second] = [product(9), product(10)];
    await add(session, first.productId);
    const line = (await add(session, second.productId)).json<Cart>().items[1];
    const res = await call('PATCH', `/api/cart/${line?.id}`, session, { quantity });
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>().items.map((i) => i.productId)).toEqual([first.productId]);
    const emptied = await call('PATCH', `/api/cart/${(await getCart(session)).items[0]?.id}`, session, { quantity });
    expect(emptied.json<Cart>()).toEqual({ items: [], totalCount: 0, totalCents: 0, currency: 'USD' });
  });

  it('answers 404 for an unknown line and for a line that is already gone', async () => {
    const session = randomUUID();
    const line = (await add(session, product(11).productId)).json<Cart>().items[0];
    await call('DELETE', `/api/cart/${line?.id}`, session);
    for (const id of [line?.id, 2_000_000_000]) {
      const res = await call('PATCH', `/api/cart/${id}`, session, { quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: `Cart item ${id} not found` } });
    }
  });
});

describe('DELETE /api/cart/{id} and DELETE /api/cart', () => {
  it('removes a line with 204, and answers 204 again when it is already gone', async () => {
    const session = randomUUID();
    await add(session, product(12).productId);
    const cart = (await add(session, product(13).productId)).json<Cart>();
    const id = cart.items[0]?.id;
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/api/cart/${id}`, session);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await getCart(session)).items.map((i) => i.productId)).toEqual([product(13).productId]);
  });

  it('clears the cart with 204, also when it is already empty', async () => {
    const session = randomUUID();
    await add(session, product(14).productId, 2);
    await add(session, product(15).productId);
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', '/api/cart', session);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await getCart(session)).toEqual({ items: [], totalCount: 0, totalCents: 0, currency: 'USD' });
  });
});

describe('session isolation', () => {
  it('never lets one session see or change the lines of another', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const p = product(16);
    const aliceCart = (await add(alice, p.productId, 2)).json<Cart>();
    const line = aliceCart.items[0];
    expect((await getCart(bob)).items).toEqual([]);
    expect((await call('PATCH', `/api/cart/${line?.id}`, bob, { quantity: 5 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/cart/${line?.id}`, bob, { quantity: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cart/${line?.id}`, bob)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/cart', bob)).statusCode).toBe(204);
    const bobCart = (await add(bob, p.productId)).json<Cart>();
    expect(bobCart.items[0]?.id).not.toBe(line?.id);
    expect(bobCart.items[0]?.quantity).toBe(1);
    expect(await getCart(alice)).toEqual(aliceCart);
  });
});

describe('malformed requests', () => {
  const routes: [InjectOptions['method'], string, unknown][] = [
    ['GET', '/api/cart', undefined],
    ['POST', '/api/cart', { productId: 1 }],
    ['PATCH', '/api/cart/1', { quantity: 1 }],
    ['DELETE', '/api/cart/1', undefined],
    ['DELETE', '/api/cart', undefined],
  ];
  const badSessions: [string, string | null][] = [
    ['missing', null],
    ['empty', ''],
    ['too short', 'abc1234'],
    ['too long', 'a'.repeat(129)],
    ['with other characters', 'abcdefgh;drop table'],
    ['with spaces', 'abcd efgh'],
  ];

  it.each(routes)(
    'answers 400 naming X-Session-Id on %s %s for every bad session header',
    async (method, url, payload) => {
      for (const [, session] of badSessions) {
        const res = await call(method, url, session, payload);
        expectBadRequest(res, 'X-Session-Id');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    },
  );

  it('accepts the session id in any header case', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { 'X-SESSION-ID': randomUUID() } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{}, 'productId'],
    [{ productId: '5' }, 'productId'],
    [{ productId: 0 }, 'productId'],
    [{ productId: 1.5 }, 'productId'],
    [{ productId: 2 ** 31 }, 'productId'],
    [{ productId: 1, quantity: 0 }, 'quantity'],
    [{ productId: 1, quantity: -1 }, 'quantity'],
    [{ productId: 1, quantity: 2.5 }, 'quantity'],
    [{ productId: 1, quantity: MAX_LINE_QUANTITY + 1 }, 'quantity'],
    [{ productId: 1, quantity: '2' }, 'quantity'],
    [[1, 2], 'body'],
  ])('answers 400 to POST %j naming %s', async (payload, field) => {
    expectBadRequest(await call('POST', '/api/cart', randomUUID(), payload), field);
  });

  it.each([
    [{}, 'quantity'],
    [{ quantity: 'x' }, 'quantity'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ quantity: -1e300 }, 'quantity'],
    [{ quantity: MAX_LINE_QUANTITY + 1 }, 'quantity'],
  ])('answers 400 to PATCH %j naming %s', async (payload, field) => {
    expectBadRequest(await call('PATCH', '/api/cart/1', randomUUID(), payload), field);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', 'NaN'])('answers 400 naming id for /api/cart/%s', async (id) => {
    const session = randomUUID();
    expectBadRequest(await call('PATCH', `/api/cart/${id}`, session, { quantity: 1 }), 'id');
    expectBadRequest(await call('DELETE', `/api/cart/${id}`, session), 'id');
  });

  it('answers bad JSON, a missing body, a wrong media type and a huge body with 4xx, never 5xx', async () => {
    const session = randomUUID();
    const raw = (payload: string, contentType = 'application/json') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'x-session-id': session, 'content-type': contentType },
        payload,
      });
    const responses = [
      await raw('{"productId":'),
      await raw('productId=1', 'application/x-www-form-urlencoded'),
      await raw('{"productId":1}', 'text/plain'),
      await raw(JSON.stringify({ productId: 1, padding: 'x'.repeat(5_000) })),
      await call('POST', '/api/cart', session),
      await raw('{"__proto__":{"quantity":5},"productId":1}'),
      await raw('null'),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect((await getCart(session)).items).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the cart routes with the session header', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/cart', '/api/cart/{id}']));
    expect(Object.keys(doc.paths['/api/cart'] ?? {})).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
    expect(Object.keys(doc.paths['/api/cart/{id}'] ?? {})).toEqual(expect.arrayContaining(['patch', 'delete']));
    expect(doc.paths['/api/cart']?.post?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-session-id', required: true })]),
    );
  });
});
