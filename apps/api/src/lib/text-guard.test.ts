import { apiErrorSchema, type ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { INVALID_CHARACTERS } from '@esim/contract/text';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { orders } from '../modules/orders/orders.schema.ts';
import { OrdersRepository } from '../modules/orders/orders.repository.ts';
import { PortalRepository } from '../modules/orders/portal/portal.repository.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { SandboxChargesRepository } from '../providers/payment/sandbox-charges.repository.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../test/orders-fixtures.ts';
import { registerTextGuard } from './text-guard.ts';

/**
 * Text that PostgreSQL cannot store (NUL; lone surrogates, which
 * have no UTF-8 form) used to reach a query and come back as 500. Every such request must be a
 * 4xx with the standard error body, on PGlite and on PostgreSQL (`DATABASE_URL`).
 */

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let productId: number;

beforeAll(async () => {
  ctx = await createOrdersTestApp();
  api = client(ctx.app);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' });
  productId = res.json<ProductsResponse>().products[0]!.productId;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const address = {
  address: '1 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75001',
  country: 'FR',
  state: 'Île-de-France',
};

/** A card checkout of one plan in a new session, with a fresh (single-use) card token. */
async function checkout(overrides: Parameters<typeof checkoutBody>[1]) {
  const session = newSession();
  await api.addToCart(session, productId);
  return api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }, overrides));
}

/** The access token of a new paid order (opens the portal). */
async function portalToken(): Promise<string> {
  const res = await checkout({});
  expect(res.statusCode, res.body).toBe(201);
  return checkoutResponseSchema.parse(res.json()).accessToken;
}

const ordersCount = async () => (await ctx.database.db.select({ id: orders.id }).from(orders)).length;

function expectErrorBody(res: { statusCode: number; body: string; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('POST /api/checkout: text the database cannot store is a 400 naming the field', () => {
  const unstorable = [
    ['NUL', '\u0000'],
    ['a lone surrogate', '\ud800'],
  ] as const;
  const fields = [
    [
      'customer.fullName',
      (bad: string) => ({ customer: { ...checkoutBody().customer, fullName: `Ada${bad}Lovelace` } }),
    ],
    ['customer.email', (bad: string) => ({ customer: { ...checkoutBody().customer, email: `ada${bad}@example.com` } })],
    ...(['address', 'city', 'postalCode', 'state', 'country'] as const).map(
      (field) =>
        [
          `billingAddress.${field}`,
          (bad: string) => ({ billingAddress: { ...address, [field]: `${address[field].slice(0, 1)}${bad}` } }),
        ] as const,
    ),
  ] as const;

  it.each(unstorable.flatMap(([what, bad]) => fields.map(([field, body]) => [field, what, body(bad)] as const)))(
    '%s with %s',
    async (field, _what, overrides) => {
      const before = await ordersCount();
      const res = await checkout(overrides);
      const error = expectErrorBody(res, 400, 'validation_error');
      expect(error.field).toBe(field);
      if (field !== 'billingAddress.country') expect(error.message).toBe(`${field}: ${INVALID_CHARACTERS}`);
      expect(await ordersCount()).toBe(before);
    },
  );

  it('refuses other control characters and line breaks in single-line fields, and accepts every script', async () => {
    for (const bad of ['\u0007', '\u001b', '\u007f', '\u0085', '\n', '\u2028']) {
      const res = await checkout({ customer: { ...checkoutBody().customer, fullName: `Ada${bad}Lovelace` } });
      expect(expectErrorBody(res, 400, 'validation_error').field).toBe('customer.fullName');
    }
    const ok = await checkout({
      customer: { ...checkoutBody().customer, fullName: 'Çağrı Öztürk 山田 😀' },
      billingAddress: { ...address, address: 'Straße 1\t(Hinterhaus)' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('path parameters with NUL never reach a query', () => {
  /** Values that are not order numbers, PayPal ids or ICCIDs; `%00` is NUL. */
  const malformed = [
    '%00',
    'ORD-%00',
    `ORD-${'A'.repeat(10)}%00`,
    '%01',
    '%7F',
    '%C2%85',
    '%E2%80%A8',
    '%EF%BF%BF',
    'ord-abcdefgh',
    'x'.repeat(90),
  ];

  it('GET /api/portal/topups/{n} and its PayPal capture answer 404 like an unknown number, before any query', async () => {
    const token = await portalToken();
    const query = vi.spyOn(PortalRepository.prototype, 'topupOfPortal');
    for (const number of malformed) {
      for (const [method, url] of [
        ['GET', `/api/portal/topups/${number}`],
        ['POST', `/api/portal/topups/${number}/paypal/capture`],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: { 'x-access-token': token } });
        expect(expectErrorBody(res, 404, 'not_found').message, url).toBe('Order Not Found');
      }
    }
    expect(query).not.toHaveBeenCalled();
    // Without a token, the token is still checked first.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/portal/topups/%00' });
    expectErrorBody(res, 401, 'token_required');
  });

  it('GET and POST /api/orders/{n} answer 404 for a malformed number, before any query', async () => {
    const token = await portalToken();
    const query = vi.spyOn(OrdersRepository.prototype, 'findByNumber');
    for (const number of malformed) {
      for (const method of ['GET', 'POST'] as const) {
        const url = method === 'GET' ? `/api/orders/${number}` : `/api/orders/${number}/paypal/capture`;
        const res = await ctx.app.inject({ method, url, headers: { 'x-access-token': token } });
        expect(expectErrorBody(res, 404, 'not_found').message, url).toBe('Order Not Found');
      }
    }
    expect(query).not.toHaveBeenCalled();
  });

  it('the sandbox PayPal page and its decisions answer 404 for anything but a 17-character id, before any query', async () => {
    const query = vi.spyOn(SandboxChargesRepository.prototype, 'findById');
    for (const id of [...malformed, 'A'.repeat(16), 'A'.repeat(18), 'abcdefghijklmnopq']) {
      const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/paypal/${id}` });
      expectErrorBody(page, 404, 'not_found');
      const html = await ctx.app.inject({
        method: 'GET',
        url: `/sandbox/paypal/${id}`,
        headers: { accept: 'text/html' },
      });
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toContain('text/html');
      for (const decision of ['approve', 'cancel']) {
        const res = await ctx.app.inject({ method: 'POST', url: `/sandbox/paypal/${id}/${decision}` });
        expectErrorBody(res, 404, 'not_found');
      }
    }
    expect(query).not.toHaveBeenCalled();
  });

  it('the sandbox device simulator answers 404 for a malformed ICCID', async () => {
    for (const iccid of malformed) {
      const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/esims/${iccid}` });
      expect(page.statusCode, iccid).toBe(404);
      const form = await ctx.app.inject({ method: 'POST', url: `/sandbox/esims/${iccid}/install` });
      expect(form.statusCode, iccid).toBe(404);
      expectErrorBody(await ctx.app.inject({ method: 'GET', url: `/api/sandbox/esims/${iccid}` }), 404, 'not_found');
      const act = await ctx.app.inject({
        method: 'POST',
        url: `/api/sandbox/esims/${iccid}/actions`,
        payload: { action: 'install' },
      });
      expectErrorBody(act, 404, 'not_found');
    }
  });

  it('ids checked by their schema answer 400 naming the parameter', async () => {
    const token = await portalToken();
    for (const [url, method, headers, field] of [
      ['/api/products/%00', 'GET', {}, 'id'],
      ['/api/portal/esims/%00/topups', 'GET', { 'x-access-token': token }, 'iccid'],
      ['/api/portal/esims/%00/sync', 'POST', { 'x-access-token': token }, 'iccid'],
      ['/api/cart/%00', 'DELETE', { 'x-session-id': newSession() }, 'id'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers });
      expect(expectErrorBody(res, 400, 'validation_error').field, url).toBe(field);
    }
  });
});

describe('query strings', () => {
  it('GET /api/products?q= with NUL or a control character is a 400 naming q', async () => {
    for (const q of ['%00', 'tur%00key', '%1B', '%C2%85']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products?q=${q}` });
      expect(expectErrorBody(res, 400, 'validation_error').field, q).toBe('q');
    }
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent('Türkiye')}` });
    expect(ok.statusCode).toBe(200);
  });
});

describe('the text guard (defence in depth for fields without the contract rules)', () => {
  let guarded: FastifyInstance;

  beforeAll(async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    registerTextGuard(app);
    // Schemas that let anything through, as a careless future route might.
    const anything = {
      body: z.unknown(),
      querystring: z.record(z.string(), z.unknown()),
      params: z.object({ id: z.string() }),
    };
    app.post('/loose/:id', { schema: anything }, async () => ({ ok: true }));
    app.post('/checked/:id', { schema: anything, config: { paramsFormatChecked: true } }, async (request) => ({
      id: request.params.id,
    }));
    // A file route: its wildcard path is the file server's business (it refuses NUL itself).
    app.get('/files/*', async (request) => ({ path: (request.params as Record<string, string>)['*'] }));
    app.register(async (child) => {
      child.post('/child/:id', { schema: anything }, async () => ({ ok: true }));
    });
    await app.ready();
    guarded = app;
  });
  afterAll(async () => {
    await guarded?.close();
  });

  /** Posts `payload` as JSON (no body when undefined). */
  const post = (url: string, payload?: unknown) =>
    payload === undefined
      ? guarded.inject({ method: 'POST', url })
      : raw(url, JSON.stringify(payload), 'application/json');
  const raw = (url: string, body: string, contentType: string) =>
    guarded.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } });

  it('names the path of a NUL or a lone surrogate in the JSON body, at any depth, in values and keys', async () => {
    const cases: [unknown, string][] = [
      [{ note: 'a\u0000b' }, 'note'],
      [{ items: [{ name: 'ok' }, { name: 'x\ud800' }] }, 'items.1.name'],
      [{ deep: { er: { still: ['\udc00'] } } }, 'deep.er.still.0'],
      [['\u0000'], '0'],
      [{ ['k\u0000ey']: 1 }, 'k\ufffdey'],
      ['\u0000', 'body'],
    ];
    for (const [payload, field] of cases) {
      for (const url of ['/loose/1', '/child/1']) {
        const res = await post(url, payload);
        expect(res.json(), JSON.stringify(payload)).toEqual({
          error: { code: 'validation_error', message: `${field}: ${INVALID_CHARACTERS}`, field },
        });
      }
    }
  });

  it('lets well-formed text through: emoji pairs, tabs, line breaks and other controls are the schemas’ business', async () => {
    for (const payload of [{ a: '😀 👩‍👩‍👧', b: ['a\tb\nc\r\u0001\u007f'], c: null, d: 1, e: true }, [], {}, 'plain']) {
      const res = await post('/loose/1', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect((await post('/loose/1')).statusCode).toBe(200);
  });

  it('refuses a text/plain body with NUL', async () => {
    const res = await raw('/loose/1', 'a\u0000b', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string } }>().error.field).toBe('body');
  });

  it('survives a deeply nested body', async () => {
    const depth = 20_000;
    const res = await raw('/loose/1', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`, 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string } }>().error.field.length).toBeLessThanOrEqual(200);
  });

  it('checks query strings and path parameters, unless the route checks its parameters itself', async () => {
    expect((await post('/loose/1?q=a%00')).json<{ error: { field: string } }>().error.field).toBe('q');
    expect((await post('/loose/%00')).json<{ error: { field: string } }>().error.field).toBe('id');
    const checked = await post('/checked/%00');
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ id: '\u0000' });
    expect((await post('/checked/1?q=%00')).statusCode).toBe(400);
    const file = await guarded.inject({ method: 'GET', url: '/files/a%00b' });
    expect(file.json()).toEqual({ path: 'a\u0000b' });
  });
});
