import type { CheckoutResponse } from '@esim/contract/checkout';
import type { OrderView } from '@esim/contract/order';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailMessages } from '../email/email.schema.ts';
import { esims, orders } from './orders.schema.ts';
import { jobs } from '../../lib/platform.schema.ts';
import { EsimProviderError } from '../../providers/esim/esim-provider.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import type { Mailer, OutgoingEmail } from '../../providers/mail/mailer.ts';
import { createMailer } from '../email/email.module.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';

/**
 * Fulfilment through the job queue (decision record 0008): retries with backoff, permanent
 * failures visible on the order, and exactly one eSIM per unit whatever is retried.
 */

/** What the next `createOrder` calls do: `ok`, `fail` (retryable) or `reject` (not retryable); then `ok`. */
let script: ('ok' | 'fail' | 'reject')[] = [];
/** `createOrder` calls by reference. */
const calls = new Map<string, number>();
const esimProvider = new SandboxEsimProvider({
  failOrder: ({ reference }) => {
    calls.set(reference, (calls.get(reference) ?? 0) + 1);
    const next = script.shift();
    if (next === 'fail') return new EsimProviderError('Provider busy (503)', true, 503);
    if (next === 'reject') return new EsimProviderError('Bundle esim_x is not sold to this account', false, 400);
    return undefined;
  },
});

/** The database mailer, failing while `mailDown` is set. */
let mailDown = false;
let realMailer: Mailer;
const mailer: Mailer = {
  transport: 'database',
  send: (message: OutgoingEmail) => {
    if (mailDown) return Promise.reject(new Error('SMTP 421 try again later'));
    return realMailer.send(message);
  },
};

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let productIds: number[];

beforeAll(async () => {
  ctx = await createOrdersTestApp({ esimProvider, deps: { mailer } });
  realMailer = createMailer({ smtpUrl: undefined, mailFrom: 'test@example.com' }, ctx.database);
  api = client(ctx.app);
  const products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=FR' })).json<{
    products: { productId: number }[];
  }>();
  productIds = products.products.map((p) => p.productId);
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  script = [];
  calls.clear();
  mailDown = false;
});

/** Places a paid card order of 2 + 1 eSIMs; answers its number and id. */
async function paidOrder(): Promise<{ orderNumber: string; orderId: number; session: string }> {
  const session = newSession();
  await api.addToCart(session, productIds[0]!, 2);
  await api.addToCart(session, productIds[1]!, 1);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
  expect(res.statusCode, res.body).toBe(201);
  const { orderNumber } = res.json<CheckoutResponse>();
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return { orderNumber, orderId: row!.id, session };
}

const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const jobsOf = async (orderId: number) =>
  (await ctx.database.db.select().from(jobs)).filter((j) => j.payload.orderId === orderId).sort((a, b) => a.id - b.id);

describe('provision-order', () => {
  it('retries a failing provider with backoff and completes once it answers, with no duplicate eSIMs', async () => {
    const { orderNumber, orderId, session } = await paidOrder();
    script = ['fail', 'fail', 'fail'];
    await ctx.services.jobs.runUntilIdle();

    const view = (await api.getOrder(orderNumber, { 'x-session-id': session })).json<OrderView>();
    expect(view.status).toBe('completed');
    expect(view.esims).toHaveLength(3);
    const stored = await ctx.database.db.select().from(esims).where(eq(esims.orderId, orderId));
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((e) => e.iccid)).size).toBe(3);
    expect(new Set(stored.map((e) => `${e.orderLineId}#${e.unitIndex}`)).size).toBe(3);
    // Three failed calls for the first line, then one call per line.
    expect([...calls.values()]).toEqual([4, 1]);
    const [provision] = await jobsOf(orderId);
    expect(provision).toMatchObject({ status: 'succeeded', attempts: 4, lastError: null });
    expect((await orderRow(orderId)).lastError).toBeNull();
  });

  it('fails at once on a non-retryable provider error: the order stays processing with the error visible', async () => {
    const { orderNumber, orderId, session } = await paidOrder();
    script = ['reject'];
    await ctx.services.jobs.runUntilIdle();

    const row = await orderRow(orderId);
    expect(row.status).toBe('processing');
    expect(row.lastError).toMatch(/^provision-order \(gave up after attempt 1\): Bundle esim_x is not sold/);
    const [provision] = await jobsOf(orderId);
    expect(provision).toMatchObject({ status: 'failed', attempts: 1 });
    expect(provision!.lastError).toContain('Bundle esim_x is not sold');
    // The job keeps the access token: an operator's retry can still send the e-mail.
    expect(provision!.payload.accessToken).toEqual(expect.any(String));
    const view = (await api.getOrder(orderNumber, { 'x-session-id': session })).json<OrderView>();
    expect(view).toMatchObject({ status: 'processing', esims: [] });
    expect(await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.orderId, orderId))).toEqual([]);
  });

  it('gives up after maxAttempts of retryable errors, leaving the order processing with the last error', async () => {
    const { orderId } = await paidOrder();
    script = Array(10).fill('fail');
    await ctx.services.jobs.runUntilIdle();
    const [provision] = await jobsOf(orderId);
    expect(provision).toMatchObject({ status: 'failed', attempts: 10, maxAttempts: 10 });
    const row = await orderRow(orderId);
    expect(row.status).toBe('processing');
    expect(row.lastError).toMatch(/gave up after attempt 10.*Provider busy/);
  });

  it('keeps the eSIMs of lines already delivered when a later line fails, and buys only the rest on retry', async () => {
    const { orderId } = await paidOrder();
    script = ['ok', 'fail'];
    await ctx.services.jobs.runUntilIdle();
    expect([...calls.values()]).toEqual([1, 2]);
    expect(await ctx.database.db.select().from(esims).where(eq(esims.orderId, orderId))).toHaveLength(3);
    expect((await orderRow(orderId)).status).toBe('completed');
  });
});

describe('send-order-email', () => {
  it('retries the e-mail until the mailer accepts it, then completes the order; exactly one e-mail', async () => {
    const { orderId } = await paidOrder();
    mailDown = true;
    await ctx.services.jobs.runOnce(); // provision
    await ctx.services.jobs.runOnce(); // e-mail, fails
    expect((await orderRow(orderId)).lastError).toMatch(/^send-order-email \(attempt 1 of 10, will retry\): SMTP 421/);
    mailDown = false;
    await ctx.services.jobs.runUntilIdle();
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'completed', lastError: null });
    expect(await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.orderId, orderId))).toHaveLength(
      1,
    );
    const [, email] = await jobsOf(orderId);
    expect(email).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(email!.payload).toEqual({ orderId });
  });

  it('does not send again when the e-mail went out but the run died before recording success', async () => {
    const { orderId } = await paidOrder();
    await ctx.services.jobs.runOnce(); // provision
    // The mailer stores the message, then "the process dies": the job is still running with a
    // lease that has run out.
    await realMailer.send({
      to: 'ada@example.com',
      subject: 's',
      html: 'h',
      text: 't',
      template: 'order-confirmation',
      language: 'en',
      orderId,
    });
    await ctx.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, `email:${orderId}`));
    await ctx.services.jobs.runUntilIdle();
    expect((await orderRow(orderId)).status).toBe('completed');
    expect(await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.orderId, orderId))).toHaveLength(
      1,
    );
  });
});
