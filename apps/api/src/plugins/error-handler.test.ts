import net from 'node:net';
import { apiErrorSchema } from '@esim/contract/catalog';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';
import { ConflictError } from '../lib/errors.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './error-handler.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

const SESSION = { 'x-session-id': 'error-handler-test-session' };
const json = { ...SESSION, 'content-type': 'application/json' };

/** The API's error body, parsed; fails unless the response is JSON in exactly that shape. */
function apiError(res: { headers: Record<string, unknown>; body: string }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const parsed = apiErrorSchema.strict().safeParse(JSON.parse(res.body));
  expect(parsed.success, res.body).toBe(true);
  const body = JSON.parse(res.body) as { error: { code: string; message: string; field?: string } };
  // No keys outside `error` (Fastify's own shape has `statusCode` and a string `error`).
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).every((k) => Object.keys(apiErrorSchema.shape.error.shape).includes(k))).toBe(true);
  return body.error;
}

/** [what, request, status, code, field, message pattern] */
const cases: [string, InjectOptions, number, string, string | undefined, RegExp][] = [
  [
    'a malformed percent-encoding in the path',
    { method: 'GET', url: '/api/products/%ZZ' },
    400,
    'bad_url',
    'path',
    /URL path/i,
  ],
  [
    'a percent-encoding that is not UTF-8',
    { method: 'GET', url: '/api/orders/%C0%80' },
    400,
    'bad_url',
    'path',
    /URL path/i,
  ],
  ['a bad URL under the docs', { method: 'GET', url: '/api/docs/%ZZ' }, 400, 'bad_url', 'path', /URL path/i],
  [
    'a bad URL on an unknown /api path',
    { method: 'GET', url: '/api/nothing-here/%E0%A4%A' },
    400,
    'bad_url',
    'path',
    /URL path/i,
  ],
  [
    'a path parameter over 100 characters',
    { method: 'GET', url: `/api/products/${'9'.repeat(150)}` },
    414,
    'uri_too_long',
    'path',
    /100 characters/,
  ],
  [
    'an over-long path parameter on a portal route',
    { method: 'GET', url: `/api/portal/topups/${'A'.repeat(5_000)}`, headers: { 'x-access-token': 'x' } },
    414,
    'uri_too_long',
    'path',
    /100 characters/,
  ],
  [
    'malformed JSON',
    { method: 'POST', url: '/api/cart', headers: json, payload: '{"productId": 1,' },
    400,
    'invalid_json',
    'body',
    /not valid JSON/,
  ],
  [
    'an empty JSON body',
    { method: 'POST', url: '/api/cart', headers: json, payload: '' },
    400,
    'invalid_json',
    'body',
    /empty/,
  ],
  [
    'a JSON body with __proto__',
    { method: 'POST', url: '/api/cart', headers: json, payload: '{"productId":1,"__proto__":{"admin":true}}' },
    400,
    'invalid_json',
    'body',
    /__proto__/,
  ],
  [
    'a body over the route limit',
    {
      method: 'POST',
      url: '/api/cart',
      headers: json,
      payload: JSON.stringify({ productId: 1, pad: 'x'.repeat(5_000) }),
    },
    413,
    'payload_too_large',
    'body',
    /1024 bytes/,
  ],
  [
    'a body over the app limit',
    {
      method: 'POST',
      url: '/api/nothing-here',
      headers: json,
      payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    },
    413,
    'payload_too_large',
    'body',
    /1048576 bytes/,
  ],
  [
    'an unsupported media type',
    {
      method: 'POST',
      url: '/api/cart',
      headers: { ...SESSION, 'content-type': 'application/xml' },
      payload: '<cart/>',
    },
    415,
    'unsupported_media_type',
    'Content-Type',
    /application\/xml.*application\/json/,
  ],
  [
    'an empty Content-Type',
    {
      method: 'POST',
      url: '/api/checkout',
      headers: { ...SESSION, 'idempotency-key': 'key-12345678', 'content-type': '' },
      payload: 'x',
    },
    415,
    'unsupported_media_type',
    'Content-Type',
    /Content-Type/,
  ],
  [
    'a malformed Content-Type',
    {
      method: 'POST',
      url: '/api/cart',
      headers: { ...SESSION, 'content-type': 'application/json, text/plain' },
      payload: '{}',
    },
    415,
    'unsupported_media_type',
    'Content-Type',
    /Content-Type/,
  ],
  [
    'a body without a Content-Type',
    { method: 'POST', url: '/api/payments/sandbox/tokens', headers: { 'content-length': '2' }, payload: '{}' },
    415,
    'unsupported_media_type',
    'Content-Type',
    /Content-Type/,
  ],
  [
    'a Content-Length that does not match the body',
    { method: 'POST', url: '/api/cart', headers: { ...json, 'content-length': '5' }, payload: '{"productId":1}' },
    400,
    'invalid_content_length',
    'Content-Length',
    /Content-Length/,
  ],
  [
    'a QUERY request without a Content-Type',
    { method: 'QUERY' as InjectOptions['method'], url: '/api/products' },
    400,
    'content_type_required',
    'Content-Type',
    /Content-Type/,
  ],
  ['an unknown /api path', { method: 'GET', url: '/api/nothing-here' }, 404, 'not_found', undefined, /No route/],
  [
    'a method the path does not have',
    { method: 'DELETE', url: '/api/products' },
    404,
    'not_found',
    undefined,
    /No route/,
  ],
  [
    // @fastify/static 10.1.3 (the last release whose dependencies run on Node.js 20) answers 400.
    'a NUL byte in a docs asset path',
    { method: 'GET', url: '/api/docs/static/%00' },
    400,
    'bad_request',
    undefined,
    /Bad Request/,
  ],
];

describe('requests refused by Fastify itself (router, body parser) answer the API error body', () => {
  it.each(cases)('%s', async (_what, request, status, code, field, message) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    const error = apiError(res);
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    expect(res.body).not.toMatch(/FST_|statusCode/);
    // Refusals made before routing carry the same security headers as every other answer.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('does not echo a huge bad path back', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/%ZZ${'x'.repeat(10_000)}` });
    expect(res.statusCode).toBe(400);
    expect(apiError(res).code).toBe('bad_url');
    expect(res.body.length).toBeLessThan(500);
  });

  it('answers bad URLs outside /api in the same shape (no Fastify codes anywhere)', async () => {
    for (const url of ['/sandbox/paypal/%ZZ', '/robots.txt/%ZZ', `/sandbox/esims/${'1'.repeat(200)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(apiError(res).code, url).toMatch(/^(bad_url|uri_too_long)$/);
    }
  });
});

describe('the error handler in isolation', () => {
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    // An asynchronous router constraint that fails on `X-Tenant: fail`: Fastify hands
    // FST_ERR_ASYNC_CONSTRAINT (500) to `frameworkErrors`. Fastify's types only describe the
    // synchronous form of `deriveConstraint` (find-my-way documents the `done` callback form).
    const tenant = {
      name: 'tenant',
      storage: () => {
        const map = new Map<unknown, unknown>();
        return { get: (k: unknown) => map.get(k) ?? null, set: (k: unknown, v: unknown) => void map.set(k, v) };
      },
      deriveConstraint: (
        req: { headers: Record<string, unknown> },
        _ctx: unknown,
        done: (err: Error | null, value?: unknown) => void,
      ) =>
        req.headers['x-tenant'] === 'fail'
          ? done(new Error('tenant lookup failed: secret-db-host:5432'))
          : done(null, req.headers['x-tenant']),
      mustMatchWhenDerived: false,
      validate: () => true,
    };
    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
      frameworkErrors,
      constraints: { tenant } as unknown as FastifyServerOptions['constraints'],
    });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    app.get('/boom-503', async () => {
      throw Object.assign(new Error('upstream said secret'), { statusCode: 503, code: 'ESECRET' });
    });
    app.get('/weird-4xx', async () => {
      throw Object.assign(new Error('Forbidden'), { statusCode: 403, code: 'FST_STATIC_FORBIDDEN_PATH' });
    });
    app.get('/lib-4xx', async () => {
      throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
    });
    app.get('/tenant', { constraints: { tenant: 'a' } }, async () => 'ok');
    app.get('/conflict', async () => {
      throw Object.assign(new ConflictError('This cart was paid as order ORD-7K3F9Q2X4M.', 'cart_checked_out'), {
        orderNumber: 'ORD-7K3F9Q2X4M',
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('never sends the message or stack of a 5xx, and logs it', async () => {
    for (const url of ['/boom', '/boom-503']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(apiError(res)).toEqual({
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(res.body).not.toMatch(/secret|hunter2|at .*\.ts/);
    }
    expect(logged.join('\n')).toContain('hunter2');
  });

  it('answers a failing async router constraint with a 500 in the API shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/tenant', headers: { 'x-tenant': 'fail' } });
    expect(res.statusCode).toBe(500);
    expect(apiError(res).code).toBe('internal_error');
    expect(res.body).not.toContain('secret-db-host');
  });

  it('answers domain errors with their status, code, field and order number', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(apiError(res)).toEqual({
      code: 'cart_checked_out',
      message: 'This cart was paid as order ORD-7K3F9Q2X4M.',
      orderNumber: 'ORD-7K3F9Q2X4M',
    });
  });

  it("replaces other libraries' codes with the API's snake_case codes, keeping the 4xx status", async () => {
    const forbidden = await app.inject({ method: 'GET', url: '/weird-4xx' });
    expect(forbidden.statusCode).toBe(403);
    expect(apiError(forbidden).code).toBe('forbidden');
    const range = await app.inject({ method: 'GET', url: '/lib-4xx' });
    expect(range.statusCode).toBe(416);
    expect(apiError(range)).toMatchObject({ code: 'range_not_satisfiable', message: 'Range Not Satisfiable' });
  });
});

describe('malformed HTTP that never becomes a request (clientErrorHandler)', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify({ clientErrorHandler, frameworkErrors });
    registerErrorHandler(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Writes `raw` to the server and reads everything it answers until it closes the connection. */
  function exchange(raw: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
    });
  }

  function parse(answer: string): { status: number; headers: Record<string, unknown>; body: string } {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  it('answers a garbled request line with 400 in the API shape', async () => {
    const res = parse(await exchange('GET /api/products HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(apiError(res)).toMatchObject({ code: 'bad_request' });
  });

  it('answers headers over the size limit with 431 in the API shape', async () => {
    const res = parse(await exchange(`GET /api/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(apiError(res)).toMatchObject({ code: 'headers_too_large' });
  });
});
