import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { SANDBOX_TEST_CARDS, SandboxPaymentProvider } from './sandbox.ts';
import { SandboxChargesRepository } from './sandbox-charges.repository.ts';

const SECRET = 'test-secret-for-sandbox-payments';
const YEAR = new Date().getUTCFullYear();

function card(cardNumber: string, cvv = '731') {
  return { cardholderName: 'Ada Lovelace', cardNumber, expiryMonth: 12, expiryYear: YEAR + 2, cvv };
}

let database: Database;
let clock = new Date();
let provider: SandboxPaymentProvider;
let seq = 0;
const key = (label: string) => `${label}-${++seq}-${Date.now()}`;
const charge = { amountCents: 1999, currency: 'USD', description: 'Order ORD-TEST' };

async function rowsWithKey(idempotencyKey: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from sandbox_charges where idempotency_key = ${idempotencyKey}`,
  );
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  database = await openTestDatabase();
  provider = new SandboxPaymentProvider({ db: database.db, secret: SECRET, now: () => clock });
});

afterAll(async () => {
  await database.close();
});

describe('SandboxPaymentProvider.tokenizeCard', () => {
  it('returns brand and last four in a signed token that holds no card number', () => {
    const result = provider.tokenizeCard(card('4242 4242 4242 4242'));
    expect(result.brand).toBe('visa');
    expect(result.last4).toBe('4242');
    expect(result.token).toMatch(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(result.token.length).toBeLessThanOrEqual(200);
    const payload = Buffer.from(result.token.slice(4, result.token.indexOf('.')), 'base64url').toString('utf8');
    expect(payload).not.toContain('4242424242424242');
    // Only brand, last four, outcome, the token's expiry (s) and a random nonce: no field for the CVV or the card's
    // expiry (searching the text for '731' failed whenever the time or the nonce held those digits).
    const fields = JSON.parse(payload) as Record<string, unknown>;
    expect(Object.keys(fields).sort()).toEqual(['b', 'e', 'l', 'n', 'o']);
    expect(fields).toMatchObject({ b: 'visa', l: '4242', o: 'succeeded' });
    expect(Object.values(fields)).not.toContain('731');
  });

  it('stays within the checkout token limit for the longest payload', () => {
    const { token } = provider.tokenizeCard(card('5555 5555 5555 4444'));
    expect(token.length).toBeLessThanOrEqual(200);
    const long = provider.tokenizeCard(card(SANDBOX_TEST_CARDS.insufficientFunds));
    expect(long.token.length).toBeLessThanOrEqual(200);
  });

  it('issues a different token each time', () => {
    expect(provider.tokenizeCard(card('4242424242424242')).token).not.toBe(
      provider.tokenizeCard(card('4242424242424242')).token,
    );
  });
});

describe('SandboxPaymentProvider.chargeCard with bad tokens', () => {
  const genuine = () => provider.tokenizeCard(card(SANDBOX_TEST_CARDS.declined)).token;

  function tampered(): string {
    const token = genuine();
    const [body = '', signature = ''] = token.split('.');
    const payload = JSON.parse(Buffer.from(body.slice(4), 'base64url').toString('utf8')) as Record<string, unknown>;
    payload.o = 'succeeded';
    return `tok_${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
  }

  const other = () =>
    new SandboxPaymentProvider({ db: database.db, secret: 'another-secret-0123456789' }).tokenizeCard(
      card('4242424242424242'),
    ).token;

  it.each([
    ['a tampered payload (decline turned into success)', tampered],
    ['a token signed with another secret', other],
    ['a garbled token', () => 'tok_garbage'],
    ['an empty token', () => ''],
    ['a signature of the wrong length', () => `${genuine()}x`],
    ['a non-JSON payload with a valid-looking signature', () => `tok_bm90LWpzb24.${'A'.repeat(43)}`],
  ])('fails %s with invalid_token, without throwing', async (_label, makeToken) => {
    const idempotencyKey = key('forged');
    const result = await provider.chargeCard({ ...charge, idempotencyKey, token: makeToken() });
    expect(result).toMatchObject({ status: 'failed', failure: { code: 'invalid_token' } });
    expect(result.reference).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    expect(await rowsWithKey(idempotencyKey)).toBe(1);
  });

  it('fails an expired token with invalid_token', async () => {
    const { token } = provider.tokenizeCard(card('4242424242424242'));
    clock = new Date(Date.now() + 2 * 3600_000);
    try {
      const result = await provider.chargeCard({ ...charge, idempotencyKey: key('expired-token'), token });
      expect(result).toMatchObject({
        status: 'failed',
        failure: { code: 'invalid_token', message: expect.stringMatching(/expired/) },
      });
    } finally {
      clock = new Date();
    }
  });
});

describe('SandboxPaymentProvider idempotency', () => {
  it('charges a key once: a repeat returns the first result', async () => {
    const idempotencyKey = key('repeat');
    const { token } = provider.tokenizeCard(card('4242424242424242'));
    const first = await provider.chargeCard({ ...charge, idempotencyKey, token });
    const second = await provider.chargeCard({ ...charge, idempotencyKey, token });
    expect(first).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    expect(second).toEqual(first);
    expect(await rowsWithKey(idempotencyKey)).toBe(1);
  });

  it('keeps the first result even when the repeat brings another token', async () => {
    const idempotencyKey = key('repeat-other-token');
    const declined = await provider.chargeCard({
      ...charge,
      idempotencyKey,
      token: provider.tokenizeCard(card(SANDBOX_TEST_CARDS.declined)).token,
    });
    const again = await provider.chargeCard({
      ...charge,
      idempotencyKey,
      token: provider.tokenizeCard(card('4242424242424242')).token,
    });
    expect(again).toEqual(declined);
  });

  it('records one row and gives 20 concurrent calls with one key the same result', async () => {
    const idempotencyKey = key('concurrent');
    const { token } = provider.tokenizeCard(card('4242424242424242'));
    const insert = vi.spyOn(SandboxChargesRepository.prototype, 'insertOnce');
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => provider.chargeCard({ ...charge, idempotencyKey, token })),
      );
      expect(results[0]?.status).toBe('succeeded');
      for (const result of results) expect(result).toEqual(results[0]);
      expect(await rowsWithKey(idempotencyKey)).toBe(1);
      // The race really happened: several calls reached the insert, all but one hit the conflict.
      const outcomes = await Promise.all(insert.mock.results.map((r) => r.value as Promise<{ created: boolean }>));
      expect(outcomes.length).toBeGreaterThan(1);
      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    } finally {
      insert.mockRestore();
    }
  });

  it('records one PayPal order for 20 concurrent creations with one key', async () => {
    const idempotencyKey = key('concurrent-paypal');
    const request = { ...charge, idempotencyKey, returnUrl: '/checkout/success', cancelUrl: '/checkout' };
    const results = await Promise.all(Array.from({ length: 20 }, () => provider.createPaypalOrder(request)));
    expect(results[0]).toMatchObject({
      status: 'requires_approval',
      reference: expect.stringMatching(/^[0-9A-Z]{17}$/),
    });
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await rowsWithKey(idempotencyKey)).toBe(1);
  });

  it('refuses a key reused with another amount, currency or method', async () => {
    const idempotencyKey = key('mismatch');
    const { token } = provider.tokenizeCard(card('4242424242424242'));
    await provider.chargeCard({ ...charge, idempotencyKey, token });
    await expect(provider.chargeCard({ ...charge, amountCents: 2999, idempotencyKey, token })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(provider.chargeCard({ ...charge, currency: 'EUR', idempotencyKey, token })).rejects.toThrow(
      /different parameters/,
    );
    await expect(
      provider.createPaypalOrder({ ...charge, idempotencyKey, returnUrl: '/r', cancelUrl: '/c' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(await rowsWithKey(idempotencyKey)).toBe(1);
  });
});

describe('SandboxPaymentProvider request checks', () => {
  const { token } = { token: 'tok_unused' };

  it.each([
    [{ amountCents: 12.5 }, /amountCents/],
    [{ amountCents: 0 }, /amountCents/],
    [{ currency: 'usd' }, /currency/],
    [{ idempotencyKey: '' }, /idempotencyKey/],
  ])('refuses %o without recording anything', async (override, message) => {
    const error = await provider
      .chargeCard({ ...charge, idempotencyKey: key('bad'), token, ...override })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).retryable).toBe(false);
    expect((error as Error).message).toMatch(message);
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'checkout/success', 'ftp://x.example/', '/a b'])(
    'refuses the PayPal return URL %s',
    async (returnUrl) => {
      await expect(
        provider.createPaypalOrder({ ...charge, idempotencyKey: key('url'), returnUrl, cancelUrl: '/checkout' }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    },
  );

  it('answers capture of an unknown reference or of a card charge with NotFoundError', async () => {
    await expect(provider.capturePaypalOrder('NOPE0000000000000')).rejects.toBeInstanceOf(NotFoundError);
    const cardCharge = await provider.chargeCard({
      ...charge,
      idempotencyKey: key('card'),
      token: provider.tokenizeCard(card('4242424242424242')).token,
    });
    const error = await provider.capturePaypalOrder(cardCharge.reference).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).status).toBe(404);
  });
});

describe('SandboxPaymentProvider PayPal links', () => {
  it('prefixes approval links with the public base URL and keeps relative return URLs relative', async () => {
    const hosted = new SandboxPaymentProvider({
      db: database.db,
      secret: SECRET,
      publicBaseUrl: 'https://shop.example/',
    });
    const order = await hosted.createPaypalOrder({
      ...charge,
      idempotencyKey: key('hosted'),
      returnUrl: '/checkout/success?order=ORD-1#top',
      cancelUrl: 'https://shop.example/checkout?order=ORD-1',
    });
    expect(order.status).toBe('requires_approval');
    if (order.status !== 'requires_approval') return;
    expect(order.approvalUrl).toBe(`https://shop.example/sandbox/paypal/${order.reference}`);
    expect(await hosted.decidePaypal(order.reference, 'approve')).toEqual({
      redirectTo: `/checkout/success?order=ORD-1&paypalOrder=${order.reference}#top`,
    });
    const view = await hosted.paypalApproval(order.reference);
    expect(view).toMatchObject({
      state: 'approved',
      redirectOrigins: ['https://shop.example'],
      description: 'Order ORD-TEST',
    });
  });
});

describe('SandboxPaymentProvider.refund', () => {
  async function paidCard(amountCents = charge.amountCents) {
    const result = await provider.chargeCard({
      ...charge,
      amountCents,
      idempotencyKey: key('refund-charge'),
      token: provider.tokenizeCard(card('4242424242424242')).token,
    });
    expect(result.status).toBe('succeeded');
    return result.reference;
  }

  async function refundRows(chargeId: string) {
    return queryRows<{ status: string; amount_cents: number }>(
      database.db,
      sql`select status, amount_cents from sandbox_refunds where charge_id = ${chargeId} order by created_at, id`,
    );
  }

  it('refunds a card charge once per key: a repeat returns the first refund and refunds nothing more', async () => {
    const chargeReference = await paidCard();
    const idempotencyKey = key('refund');
    const first = await provider.refund({ chargeReference, amountCents: 1999, idempotencyKey });
    expect(first).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^re_[A-Za-z0-9]{24}$/) });
    expect(await provider.refund({ chargeReference, amountCents: 1999, idempotencyKey })).toEqual(first);
    expect(await refundRows(chargeReference)).toEqual([{ status: 'succeeded', amount_cents: 1999 }]);
  });

  it('records one refund for 20 concurrent calls with one key, all answered alike', async () => {
    const chargeReference = await paidCard();
    const idempotencyKey = key('refund-concurrent');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => provider.refund({ chargeReference, amountCents: 1999, idempotencyKey })),
    );
    expect(results[0]?.status).toBe('succeeded');
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await refundRows(chargeReference)).toHaveLength(1);
  });

  it('never refunds more than the charge, even with concurrent refunds under different keys', async () => {
    const chargeReference = await paidCard(1999);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        provider.refund({ chargeReference, amountCents: 1000, idempotencyKey: key('part') }),
      ),
    );
    expect(results.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'failed');
    expect(refused).toHaveLength(3);
    expect(refused[0]?.failureMessage).toMatch(/greater than the unrefunded amount .*\(9\.99 USD\)/);
    const rest = await provider.refund({ chargeReference, amountCents: 999, idempotencyKey: key('rest') });
    expect(rest.status).toBe('succeeded');
    const done = await provider.refund({ chargeReference, amountCents: 1, idempotencyKey: key('more') });
    expect(done).toMatchObject({
      status: 'failed',
      failureMessage: expect.stringMatching(/already been refunded in full/),
    });
    const succeeded = (await refundRows(chargeReference)).filter((r) => r.status === 'succeeded');
    expect(succeeded.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(1999);
  });

  it('refunds a PayPal payment only once captured; the refused key is decided again and then refunds once', async () => {
    const order = await provider.createPaypalOrder({
      ...charge,
      idempotencyKey: key('pp'),
      returnUrl: '/r',
      cancelUrl: '/c',
    });
    const idempotencyKey = key('pp-refund');
    const early = await provider.refund({ chargeReference: order.reference, amountCents: 1999, idempotencyKey });
    expect(early).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/has not been paid/) });
    await provider.decidePaypal(order.reference, 'approve');
    expect((await provider.capturePaypalOrder(order.reference)).status).toBe('succeeded');
    const refunded = await provider.refund({ chargeReference: order.reference, amountCents: 1999, idempotencyKey });
    expect(refunded).toEqual({ status: 'succeeded', reference: early.reference });
    expect(refunded.reference).toMatch(/^[0-9A-Z]{17}$/);
    expect(await provider.refund({ chargeReference: order.reference, amountCents: 1999, idempotencyKey })).toEqual(
      refunded,
    );
    expect(await refundRows(order.reference)).toEqual([{ status: 'succeeded', amount_cents: 1999 }]);
  });

  it('refuses a declined charge', async () => {
    const declined = await provider.chargeCard({
      ...charge,
      idempotencyKey: key('declined'),
      token: provider.tokenizeCard(card(SANDBOX_TEST_CARDS.declined)).token,
    });
    const result = await provider.refund({
      chargeReference: declined.reference,
      amountCents: 1999,
      idempotencyKey: key('r'),
    });
    expect(result).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/status failed/) });
  });

  it('throws for an unknown charge, a malformed request, and a key reused for another charge or amount', async () => {
    const unknown = await provider
      .refund({ chargeReference: 'ch_nope', amountCents: 100, idempotencyKey: key('u') })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect((unknown as PaymentProviderError).retryable).toBe(false);
    const chargeReference = await paidCard();
    for (const bad of [{ amountCents: 0 }, { amountCents: 1.5 }, { idempotencyKey: '' }, { chargeReference: '' }]) {
      await expect(
        provider.refund({ chargeReference, amountCents: 100, idempotencyKey: key('b'), ...bad }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    }
    const idempotencyKey = key('reuse');
    await provider.refund({ chargeReference, amountCents: 100, idempotencyKey });
    await expect(provider.refund({ chargeReference, amountCents: 200, idempotencyKey })).rejects.toThrow(
      /another charge or amount/,
    );
    const other = await paidCard();
    await expect(provider.refund({ chargeReference: other, amountCents: 100, idempotencyKey })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(await refundRows(other)).toEqual([]);
  });
});
