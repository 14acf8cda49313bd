import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { SANDBOX_TEST_CARDS } from '../../providers/payment/sandbox.ts';

/**
 * The sandbox payment provider through HTTP, as the browser and the checkout use it, on an app
 * that logs at `trace` into memory and serves a (stub) storefront. The last tests dump every
 * table and the captured logs and look for card numbers and CVCs.
 */

const YEAR = new Date().getUTCFullYear();
const CVC = '731';
const AMEX_CVC = '8462';
const SPA_MARKER = 'stub-storefront-marker';

/** Every card number the tests send, digits only. */
const NUMBERS_SENT = new Set<string>();

let database: Database;
let app: FastifyInstance;
let services: AppServices;
let webDist: string;
const logs: string[] = [];
let seq = 0;
const key = (label: string) => `${label}-${++seq}-${Date.now()}`;

function card(cardNumber: string, overrides: Record<string, unknown> = {}) {
  NUMBERS_SENT.add(cardNumber.replace(/\D/g, ''));
  return { cardholderName: 'Ada Lovelace', cardNumber, expiryMonth: 12, expiryYear: YEAR + 2, cvv: CVC, ...overrides };
}

function tokenise(body: unknown) {
  return app.inject({ method: 'POST', url: '/api/payments/sandbox/tokens', payload: body as object });
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-payments-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html lang="en"><head><title>x</title><!--app-head--></head><body>${SPA_MARKER}</body></html>`,
  );
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace', WEB_DIST: webDist }),
    database,
    serveWeb: true,
    logStream: { write: (line: string) => void logs.push(line) },
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('POST /api/payments/sandbox/tokens then chargeCard: Stripe test cards', () => {
  it.each([
    ['4242 4242 4242 4242', CVC, { status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' }],
    ['4242424242424242', CVC, { status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' }],
    ['5555-5555-5555-4444', CVC, { status: 'succeeded', cardBrand: 'mastercard', cardLast4: '4444' }],
    ['3782 822463 10005', AMEX_CVC, { status: 'succeeded', cardBrand: 'amex', cardLast4: '0005' }],
    [
      '4000 0000 0000 0002',
      CVC,
      { status: 'failed', failure: { code: 'card_declined', message: 'Your card was declined.' } },
    ],
    [
      '4000 0000 0000 9995',
      CVC,
      { status: 'failed', failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
    ],
    [
      '4000 0000 0000 0069',
      CVC,
      { status: 'failed', failure: { code: 'expired_card', message: 'Your card has expired.' } },
    ],
    [
      '4000 0000 0000 0127',
      CVC,
      { status: 'failed', failure: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
    ],
  ])('%s', async (cardNumber, cvv, expected) => {
    const response = await tokenise(card(cardNumber, { cvv }));
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ token: string; brand: string; last4: string }>();
    expect(body.last4).toBe(cardNumber.replace(/\D/g, '').slice(-4));
    expect(body.token).not.toContain(cardNumber.replace(/\D/g, ''));
    const result = await services.payments.chargeCard({
      token: body.token,
      idempotencyKey: key('card'),
      amountCents: 1999,
      currency: 'USD',
      description: 'Order ORD-CARD',
    });
    expect(result).toMatchObject(expected);
  });

  it('fails a forged token with invalid_token', async () => {
    const { token } = (await tokenise(card(SANDBOX_TEST_CARDS.declined))).json<{ token: string }>();
    const forged = token.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    const result = await services.payments.chargeCard({
      token: forged,
      idempotencyKey: key('forged'),
      amountCents: 500,
      currency: 'USD',
      description: 'x',
    });
    expect(result).toMatchObject({ status: 'failed', failure: { code: 'invalid_token' } });
  });
});

describe('POST /api/payments/sandbox/wallet-tokens: the simulated Google Pay / Apple Pay sheet', () => {
  it.each(['google_pay', 'apple_pay'] as const)(
    '%s: a token of the approved Visa test card that pays once',
    async (wallet) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/wallet-tokens',
        payload: { wallet },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ token: string; brand: string; last4: string }>();
      expect(body).toMatchObject({ brand: 'visa', last4: '4242' });
      const charge = (idempotencyKey: string) =>
        services.payments.chargeCard({
          token: body.token,
          idempotencyKey,
          amountCents: 1299,
          currency: 'USD',
          description: 'Order ORD-WALLET',
        });
      expect(await charge(key('wallet'))).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
      // Single use, as every card token.
      expect(await charge(key('wallet-again'))).toMatchObject({
        status: 'failed',
        failure: { code: 'token_already_used' },
      });
    },
  );

  it.each([{ wallet: 'samsung_pay' }, {}, { wallet: 1 }, []])('answers 400 for %j', async (payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/wallet-tokens',
      payload: payload as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('POST /api/payments/sandbox/tokens refusals', () => {
  it.each([
    ['a number failing Luhn', card('4242 4242 4242 4241'), 'cardNumber', 'invalid_number'],
    ['letters in the number', card('4242 4242 abcd 4242'), 'cardNumber', 'invalid_number'],
    ['a missing number', { ...card('4242424242424242'), cardNumber: undefined }, 'cardNumber', 'invalid_number'],
    ['month 13', card('4242424242424242', { expiryMonth: 13 }), 'expiryMonth', 'invalid_expiry_month'],
    ['a two-digit year', card('4242424242424242', { expiryYear: 27 }), 'expiryYear', 'invalid_expiry_year'],
    [
      'an expired date',
      card('4242424242424242', { expiryMonth: 1, expiryYear: YEAR - 1 }),
      'expiryYear',
      'expired_card',
    ],
    ['a two-digit CVC', card('4242424242424242', { cvv: '12' }), 'cvv', 'invalid_cvc'],
    ['a three-digit Amex CVC', card('378282246310005', { cvv: '123' }), 'cvv', 'invalid_cvc'],
    ['a four-digit Visa CVC', card('4242424242424242', { cvv: '1234' }), 'cvv', 'invalid_cvc'],
    ['a blank name', card('4242424242424242', { cardholderName: '  ' }), 'cardholderName', 'validation_error'],
  ])('answers 400 for %s, naming the field', async (_label, body, field, code) => {
    const response = await tokenise(body);
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; message: string; field?: string } }>();
    expect(error.field).toBe(field);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/^[A-Z].*\.$/);
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_error' } });
  });

  it('answers 400, not 500, for malformed JSON carrying a card number', async () => {
    NUMBERS_SENT.add('4111111111111111');
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"cardNumber": "4111111111111111", "cvv": "731",',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 for an oversized body', async () => {
    const response = await tokenise(card('4242424242424242', { cardholderName: 'x'.repeat(4000) }));
    expect(response.statusCode).toBe(413);
  });

  it('is documented in the OpenAPI document, the PayPal pages are not', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(document.paths).toHaveProperty(['/api/payments/sandbox/tokens']);
    expect(Object.keys(document.paths).some((p) => p.startsWith('/sandbox/'))).toBe(false);
  });
});

describe('PayPal: create, approval page, approve or cancel, capture', () => {
  async function createOrder(returnUrl = '/checkout/success?order=ORD-42', cancelUrl = '/checkout?order=ORD-42') {
    const result = await services.payments.createPaypalOrder({
      idempotencyKey: key('paypal'),
      amountCents: 1999,
      currency: 'USD',
      description: 'Roamwise order ORD-42 <b>',
      returnUrl,
      cancelUrl,
    });
    if (result.status !== 'requires_approval') throw new Error(`unexpected ${result.status}`);
    return result;
  }

  it('approves and captures (capture is idempotent)', async () => {
    const order = await createOrder();
    expect(order.approvalUrl).toBe(`/sandbox/paypal/${order.reference}`);

    const page = await app.inject({ method: 'GET', url: order.approvalUrl, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'(;|$)/);
    expect(page.body).toContain('$19.99');
    expect(page.body).toContain('Roamwise order ORD-42 &#60;b&#62;');
    expect(page.body).toContain('Pay now');
    expect(page.body).toContain('Cancel and return');
    expect(page.body).toContain(`action="/sandbox/paypal/${order.reference}/approve"`);
    expect(page.body).toContain('name="viewport"');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(page.body).not.toContain(SPA_MARKER);

    expect(await services.payments.capturePaypalOrder(order.reference)).toMatchObject({
      status: 'requires_approval',
      approvalUrl: order.approvalUrl,
    });

    const approve = await app.inject({
      method: 'POST',
      url: `/sandbox/paypal/${order.reference}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/checkout/success?order=ORD-42&paypalOrder=${order.reference}`);

    const first = await services.payments.capturePaypalOrder(order.reference);
    expect(first).toEqual({ status: 'succeeded', reference: order.reference, cardBrand: null, cardLast4: null });
    expect(await services.payments.capturePaypalOrder(order.reference)).toEqual(first);

    // A late "cancel" (back button) changes nothing: the first decision wins.
    const late = await app.inject({ method: 'POST', url: `/sandbox/paypal/${order.reference}/cancel` });
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(`/checkout/success?order=ORD-42&paypalOrder=${order.reference}`);
    expect(await services.payments.capturePaypalOrder(order.reference)).toEqual(first);

    const after = await app.inject({ method: 'GET', url: order.approvalUrl });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Payment approved');
    expect(after.body).not.toContain('Pay now');
  });

  it('cancels: redirects to the cancel URL and capture fails with paypal_cancelled', async () => {
    const order = await createOrder();
    const cancel = await app.inject({
      method: 'POST',
      url: `/sandbox/paypal/${order.reference}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/checkout?order=ORD-42&paypalOrder=${order.reference}&status=cancelled`);
    const expected = {
      status: 'failed',
      reference: order.reference,
      failure: { code: 'paypal_cancelled', message: 'The PayPal payment was cancelled.' },
    };
    expect(await services.payments.capturePaypalOrder(order.reference)).toEqual(expected);
    expect(await services.payments.capturePaypalOrder(order.reference)).toEqual(expected);

    const approveLate = await app.inject({ method: 'POST', url: `/sandbox/paypal/${order.reference}/approve` });
    expect(approveLate.headers.location).toContain('status=cancelled');
    expect(await services.payments.capturePaypalOrder(order.reference)).toEqual(expected);

    const page = await app.inject({ method: 'GET', url: `/sandbox/paypal/${order.reference}` });
    expect(page.body).toContain('Payment cancelled');
  });

  it('allows redirects to an absolute return origin in the page CSP', async () => {
    const order = await createOrder('https://shop.example/checkout/success', 'https://shop.example/checkout');
    const page = await app.inject({ method: 'GET', url: order.approvalUrl });
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://shop.example");
    const approve = await app.inject({ method: 'POST', url: `/sandbox/paypal/${order.reference}/approve` });
    expect(approve.headers.location).toBe(`https://shop.example/checkout/success?paypalOrder=${order.reference}`);
  });

  it('answers an unknown id with 404 (HTML page or JSON), not the storefront and never 500', async () => {
    const html = await app.inject({
      method: 'GET',
      url: '/sandbox/paypal/UNKNOWN0000000000',
      headers: { accept: 'text/html' },
    });
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('PayPal order not found');
    expect(html.body).not.toContain(SPA_MARKER);

    const json = await app.inject({
      method: 'POST',
      url: '/sandbox/paypal/UNKNOWN0000000000/approve',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ error: { code: 'not_found', field: 'id' } });

    const long = await app.inject({
      method: 'POST',
      url: `/sandbox/paypal/${'A'.repeat(80)}/cancel`,
      headers: { accept: 'text/html' },
    });
    expect(long.statusCode).toBe(404);
    // Over the router's 100-character parameter limit: 414, still a client error.
    const huge = await app.inject({
      method: 'GET',
      url: `/sandbox/paypal/${'A'.repeat(500)}`,
      headers: { accept: 'text/html' },
    });
    expect(huge.statusCode).toBe(414);

    const odd = await app.inject({
      method: 'GET',
      url: '/sandbox/paypal/%27%3Cscript%3E',
      headers: { accept: 'text/html' },
    });
    expect(odd.statusCode).toBe(404);
    expect(odd.body).not.toContain('<script>');

    // A card charge is no PayPal order.
    const { token } = (await tokenise(card('4242424242424242'))).json<{ token: string }>();
    const cardCharge = await services.payments.chargeCard({
      token,
      idempotencyKey: key('card-not-paypal'),
      amountCents: 100,
      currency: 'USD',
      description: 'x',
    });
    expect((await app.inject({ method: 'GET', url: `/sandbox/paypal/${cardCharge.reference}` })).statusCode).toBe(404);

    await expect(services.payments.capturePaypalOrder('UNKNOWN0000000000')).rejects.toMatchObject({ status: 404 });

    // The storefront still answers other paths (the fallback is intact).
    const spa = await app.inject({ method: 'GET', url: '/products', headers: { accept: 'text/html' } });
    expect(spa.body).toContain(SPA_MARKER);
  });
});

describe('no card data at rest or in logs', () => {
  /** A card number as digits, grouped by 4 with spaces, and with dashes. */
  function spellings(digits: string): string[] {
    const groups = digits.match(/.{1,4}/g) ?? [];
    return [digits, groups.join(' '), groups.join('-')];
  }

  it('redacts card fields should any code ever log them', () => {
    NUMBERS_SENT.add('4000056655665556');
    app.log.info(
      { cardNumber: '4000056655665556', cvv: CVC, body: { cardNumber: '4000056655665556', cvv: CVC } },
      'redaction probe',
    );
    const probe = logs.find((line) => line.includes('redaction probe'));
    expect(probe).toBeDefined();
    expect(probe).toContain('[Redacted]');
  });

  it('stores no card number or CVC in any table', async () => {
    const tables = await queryRows<{ table_schema: string; table_name: string }>(
      database.db,
      sql`select table_schema, table_name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          order by 1, 2`,
    );
    expect(tables.map((t) => t.table_name)).toContain('sandbox_charges');
    const columns = await queryRows<{ column_name: string }>(
      database.db,
      sql`select column_name from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(columns.map((c) => c.column_name).filter((name) => /card_?number|cvv|cvc|pan$/i.test(name))).toEqual([]);

    const values: unknown[] = [];
    let dump = '';
    for (const { table_schema, table_name } of tables) {
      const rows = await queryRows<{ j: string }>(
        database.db,
        sql.raw(
          `select row_to_json(t)::text as j from "${table_schema.replaceAll('"', '""')}"."${table_name.replaceAll('"', '""')}" t`,
        ),
      );
      for (const { j } of rows) {
        dump += `${j}\n`;
        values.push(...Object.values(JSON.parse(j) as Record<string, unknown>));
      }
    }
    expect(dump).toContain('"card_last4":"4242"');
    for (const digits of NUMBERS_SENT) for (const spelling of spellings(digits)) expect(dump).not.toContain(spelling);
    expect(values).not.toContain(CVC);
    expect(values).not.toContain(AMEX_CVC);
    expect(dump).not.toMatch(/"(cvv|cvc|cardNumber|card_number)"/i);
  });

  it('logs no card number or CVC, and nothing at all of the tokenisation route', () => {
    const text = logs.join('');
    expect(text).toContain('incoming request'); // request logging is on at trace: the check is not vacuous
    expect(text).toContain('/sandbox/paypal/');
    expect(text).not.toContain('/api/payments/sandbox/tokens');
    for (const digits of NUMBERS_SENT) for (const spelling of spellings(digits)) expect(text).not.toContain(spelling);
    expect(text).not.toMatch(new RegExp(`"(cvv|cvc)":"(?!\\[Redacted\\])`));
  });
});
