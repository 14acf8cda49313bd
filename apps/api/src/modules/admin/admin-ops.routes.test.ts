import { randomUUID } from 'node:crypto';
import type { AuditPage, Dashboard, JobsPage, OutboxMessageDetail, OutboxPage } from '@esim/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from './admin.schema.ts';
import { emailMessages } from '../email/email.schema.ts';
import { jobs } from '../../lib/platform.schema.ts';
import { orders, refunds } from '../orders/orders.schema.ts';
import type { Mailer, OutgoingEmail } from '../../providers/mail/mailer.ts';
import { createMailer } from '../email/email.module.ts';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';
import { OrderStatsRepository } from '../orders/admin/dashboard.repository.ts';
import { DashboardService } from './dashboard.service.ts';

/**
 * The admin area's operations (dashboard, outbox and jobs): the dashboard's figures
 * in the admin's time zone, the Outbox (list, filters, the HTML copy for a frame, resend), the
 * jobs screen (list without secrets, retry, cancel) and the audit log; bad query strings are 400s
 * naming the field. The permission matrix of every admin route is `test/admin-permissions.test.ts`.
 */

/** The database mailer, refusing while `mailDown` is set (an SMTP server saying no). */
let mailDown = false;
let realMailer: Mailer;
const mailer: Mailer = {
  transport: 'database',
  send: (message: OutgoingEmail) =>
    mailDown ? Promise.reject(new Error('SMTP 554 rejected')) : realMailer.send(message),
};

let ctx: OrdersTestApp;
let admin: SignedIn;
let orderNumber: string;
let orderId: number;

const get = <T>(url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: admin.headers }).then((res) => ({ res, body: res.json<T>() }));
const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: admin.headers });

beforeAll(async () => {
  ctx = await createOrdersTestApp({ deps: { mailer } });
  realMailer = createMailer({ smtpUrl: undefined, mailFrom: 'test@example.com' }, ctx.database);
  admin = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
  // One real purchase: an order, its jobs and its confirmation e-mail with QR codes.
  const api = client(ctx.app);
  const products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<{
    products: { productId: number }[];
  }>();
  const session = newSession();
  await api.addToCart(session, products.products[0]!.productId, 1);
  const res = await api.checkout(
    session,
    newKey(),
    checkoutBody(
      { method: 'card', token: await api.cardToken() },
      { customer: { fullName: 'Ada Lovelace', email: 'ada.outbox@example.com', phone: '' } },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  orderNumber = res.json<{ orderNumber: string }>().orderNumber;
  await ctx.services.jobs.runUntilIdle();
  const [row] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  orderId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

/** Waits until the audit log holds an entry matching `where` (it is written after the answer). */
async function auditEntry(action: string, target?: string) {
  for (let i = 0; i < 50; i++) {
    const rows = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, action),
          eq(adminAuditLog.username, admin.username),
          target ? eq(adminAuditLog.target, target) : undefined,
        ),
      );
    if (rows.length > 0) return rows.at(-1)!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no audit entry ${action} ${target ?? ''}`);
}

/** Inserts an order as the dashboard sees it. */
async function insertOrder(values: Partial<typeof orders.$inferInsert> & { createdAt: Date }) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      sessionId: randomUUID(),
      status: 'completed',
      totalCents: 1000,
      customerName: 'Dash Board',
      customerEmail: 'dash@example.com',
      language: 'en',
      paymentMethod: 'card',
      paymentStatus: 'succeeded',
      kind: 'order',
      updatedAt: values.createdAt,
      ...values,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  return row!;
}

describe('GET /api/admin/dashboard', () => {
  it('counts paid orders per calendar day of the time zone, zero-filled, with refunds on their own day', async () => {
    // A fresh repository over the same database with a fixed clock: 2031-05-20 10:00 UTC,
    // which is 2031-05-20 13:00 in Istanbul (UTC+3, no daylight saving).
    const now = Date.parse('2031-05-20T10:00:00Z');
    const at = (iso: string) => new Date(iso);
    await insertOrder({ createdAt: at('2031-05-20T09:00:00Z'), totalCents: 2500 }); // today
    await insertOrder({ createdAt: at('2031-05-19T22:00:00Z'), totalCents: 1500, kind: 'topup' }); // today in Istanbul (01:00), yesterday in UTC
    await insertOrder({ createdAt: at('2031-05-19T20:00:00Z'), totalCents: 700 }); // yesterday in both
    await insertOrder({ createdAt: at('2031-05-15T12:00:00Z'), totalCents: 900 }); // 5 days ago
    await insertOrder({ createdAt: at('2031-05-01T12:00:00Z'), totalCents: 400 }); // 19 days ago
    await insertOrder({ createdAt: at('2031-04-10T12:00:00Z'), totalCents: 9999 }); // older than 30 days
    await insertOrder({ createdAt: at('2031-05-20T08:00:00Z'), totalCents: 5000, status: 'cancelled' }); // not paid
    await insertOrder({
      createdAt: at('2031-05-20T08:00:00Z'),
      totalCents: 5000,
      status: 'pending',
      paymentStatus: 'requires_approval',
    }); // not paid
    const refunded = await insertOrder({ createdAt: at('2031-05-02T08:00:00Z'), totalCents: 1200, status: 'refunded' });
    await ctx.database.db.insert(refunds).values({
      orderId: refunded.id,
      idempotencyKey: `refund-${refunded.id}`,
      amountCents: 1200,
      status: 'succeeded',
      actor: 'admin:test',
      completedAt: at('2031-05-20T07:30:00Z'),
    });

    const service = new DashboardService({
      repo: new OrderStatsRepository(ctx.database.db),
      jobCounts: async () => ({ waiting: 0, parked: 0, running: 0, failed: 0, cancelled: 0 }),
      now: () => now,
    });
    const istanbul = await service.get('Europe/Istanbul');
    expect(istanbul.today).toEqual({ revenueCents: 4000, orders: 1, topups: 1, refundedCents: 1200, refunds: 1 });
    expect(istanbul.last7Days).toEqual({ revenueCents: 5600, orders: 3, topups: 1, refundedCents: 1200, refunds: 1 });
    expect(istanbul.last30Days).toEqual({ revenueCents: 6000, orders: 4, topups: 1, refundedCents: 1200, refunds: 1 });
    expect(istanbul.salesByDay).toHaveLength(30);
    expect(istanbul.salesByDay[0]!.date).toBe('2031-04-21');
    expect(istanbul.salesByDay.at(-1)).toEqual({ date: '2031-05-20', revenueCents: 4000, orders: 2 });
    expect(istanbul.salesByDay.at(-2)).toEqual({ date: '2031-05-19', revenueCents: 700, orders: 1 });
    expect(istanbul.salesByDay.filter((d) => d.revenueCents === 0)).toHaveLength(26);

    const utc = await service.get('UTC');
    expect(utc.today).toMatchObject({ revenueCents: 2500, orders: 1, topups: 0 });
    expect(utc.salesByDay.at(-2)).toEqual({ date: '2031-05-19', revenueCents: 2200, orders: 2 });
  });

  it('lists orders that need attention, the newest orders and the job counts', async () => {
    const old = new Date(Date.now() - 3 * 3_600_000);
    const failed = await insertOrder({
      createdAt: old,
      status: 'processing',
      lastError: 'provision-order (attempt 3 of 10, will retry): Provider busy',
    });
    // Placed long ago and unchanged for 40 minutes: stuck. Placed long ago but just moved on: not stuck.
    const stuck = await insertOrder({
      createdAt: old,
      updatedAt: new Date(Date.now() - 40 * 60_000),
      status: 'processing',
    });
    const fresh = await insertOrder({ createdAt: old, updatedAt: new Date(Date.now() - 60_000), status: 'processing' });
    const paypal = { status: 'pending', paymentStatus: 'requires_approval', paymentMethod: 'paypal' } as const;
    const waiting = await insertOrder({ createdAt: old, ...paypal });
    // A PayPal checkout abandoned days ago is not work any more; one of a minute ago is not late yet.
    const abandoned = await insertOrder({ createdAt: new Date(Date.now() - 9 * 86_400_000), ...paypal });
    const recent = await insertOrder({ createdAt: new Date(Date.now() - 60_000), ...paypal });

    const { res, body } = await get<Dashboard>('/api/admin/dashboard?tz=America/New_York');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.timeZone).toBe('America/New_York');
    const reasons = Object.fromEntries(body.attention.orders.map((o) => [o.orderNumber, o.reasons]));
    expect(reasons[failed.orderNumber]).toEqual(['provisioning_failed', 'stuck_processing']);
    expect(reasons[stuck.orderNumber]).toEqual(['stuck_processing']);
    expect(reasons[waiting.orderNumber]).toEqual(['payment_pending']);
    expect(reasons[fresh.orderNumber]).toBeUndefined();
    expect(reasons[abandoned.orderNumber]).toBeUndefined();
    expect(reasons[recent.orderNumber]).toBeUndefined();
    expect(body.attention.orders[0]!.orderNumber).toBe(failed.orderNumber);
    expect(body.attention.orders[0]!.lastError).toContain('Provider busy');
    expect(body.attention.counts).toMatchObject({ provisioning_failed: 1, stuck_processing: 2, payment_pending: 1 });
    expect(body.attention.total).toBe(3);
    expect(body.latestOrders).toHaveLength(10);
    expect(body.latestOrders.map((o) => o.createdAt)).toEqual(
      [...body.latestOrders.map((o) => o.createdAt)].sort().reverse(),
    );
    expect(body.jobs).toMatchObject({ failed: 0, running: 0 });
    expect(body.today.revenueCents).toBeGreaterThan(0); // the real purchase of beforeAll
  });

  it('refuses an unknown or malformed time zone with 400 naming tz', async () => {
    for (const tz of ['Mars/Olympus_Mons', 'Europe/../etc', '', 'x'.repeat(65), 'Europe/Istanbul%00']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/dashboard?tz=${encodeURIComponent(tz)}`,
        headers: admin.headers,
      });
      expect(res.statusCode, `${tz}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_error', field: 'tz' } });
    }
  });
});

describe('the Outbox', () => {
  it('lists messages newest first with filters and keyset pages', async () => {
    const { body: all } = await get<OutboxPage>('/api/admin/emails');
    const confirmation = all.messages.find((m) => m.orderNumber === orderNumber);
    expect(confirmation).toMatchObject({
      to: 'ada.outbox@example.com',
      template: 'order-confirmation',
      language: 'en',
      status: 'stored',
    });
    expect(all.templates).toEqual(expect.arrayContaining(['order-confirmation', 'password-reset', 'topup-receipt']));

    expect(
      (await get<OutboxPage>(`/api/admin/emails?q=${orderNumber.toLowerCase()}`)).body.messages.map(
        (m) => m.orderNumber,
      ),
    ).toEqual([orderNumber]);
    expect((await get<OutboxPage>('/api/admin/emails?q=ADA.OUTBOX')).body.messages.map((m) => m.id)).toContain(
      confirmation!.id,
    );
    expect((await get<OutboxPage>('/api/admin/emails?q=100%25_')).body.messages).toEqual([]);
    expect((await get<OutboxPage>('/api/admin/emails?template=password-reset')).body.messages).toEqual([]);
    expect((await get<OutboxPage>('/api/admin/emails?status=sent')).body.messages).toEqual([]);

    // Three more messages, then pages of two.
    for (let i = 0; i < 3; i++) {
      await realMailer.send({
        to: `page${i}@example.com`,
        subject: `Page ${i}`,
        html: '<p>x</p>',
        text: 'x',
        template: 'topup-receipt',
        language: 'de',
      });
    }
    const first = (await get<OutboxPage>('/api/admin/emails?limit=2')).body;
    expect(first.messages.map((m) => m.to)).toEqual(['page2@example.com', 'page1@example.com']);
    const second = (await get<OutboxPage>(`/api/admin/emails?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second.messages[0]!.to).toBe('page0@example.com');
  });

  it('opens a message with its text, attachments and its HTML copy for a frame', async () => {
    const { body: list } = await get<OutboxPage>(`/api/admin/emails?q=${orderNumber}`);
    const id = list.messages[0]!.id;
    const { res, body } = await get<OutboxMessageDetail>(`/api/admin/emails/${id}`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      id,
      orderNumber,
      resendable: true,
      redacted: false,
      htmlUrl: `/api/admin/emails/${id}/html`,
    });
    expect(body.text).toContain(orderNumber);
    expect(body.attachments.length).toBeGreaterThan(0);
    expect(body.attachments[0]).toMatchObject({ contentType: 'image/png' });
    expect(body.attachments[0]!.sizeBytes).toBeGreaterThan(100);

    const html = await ctx.app.inject({ method: 'GET', url: `/api/admin/emails/${id}/html`, headers: admin.headers });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['cache-control']).toBe('no-store');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(html.body).not.toContain('cid:');
    expect(html.body).toContain('data:image/png;base64,');
    expect(html.body).toContain(orderNumber);
    expect((await auditEntry('GET /api/admin/emails/:id/html', `email:${id}`)).statusCode).toBe(200);

    expect((await get(`/api/admin/emails/999999`)).res.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/emails/999999/html', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('resends a copy linked to the same order, audited; a refused send is 502 and in the Outbox too', async () => {
    const { body: list } = await get<OutboxPage>(`/api/admin/emails?q=${orderNumber}`);
    const original = list.messages.at(-1)!;
    const res = await post(`/api/admin/emails/${original.id}/resend`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<{ message: { id: number; orderNumber: string; to: string; subject: string } }>().message;
    expect(copy).toMatchObject({ orderNumber, to: original.to, subject: original.subject });
    expect(copy.id).toBeGreaterThan(original.id);
    const [stored] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, copy.id));
    const [source] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, original.id));
    expect(stored).toMatchObject({ orderId, html: source!.html, text: source!.text, attachments: source!.attachments });
    const entry = await auditEntry('POST /api/admin/emails/:id/resend', `email:${original.id}`);
    expect(entry).toMatchObject({ statusCode: 201, after: { emailId: copy.id } });

    mailDown = true;
    try {
      const refused = await post(`/api/admin/emails/${original.id}/resend`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ error: { code: 'upstream_error' } });
    } finally {
      mailDown = false;
    }
  });

  it('hides the token of a password-reset message and refuses to resend it', async () => {
    const token = 'A'.repeat(20) + 'b_-'.repeat(7) + 'Zz';
    expect(token).toHaveLength(43);
    const id = await realMailer.send({
      to: 'reset@example.com',
      subject: 'Reset your password',
      html: `<p><a href="http://localhost/auth?view=reset#token=${token}" style="color:red">Reset</a></p>`,
      text: `Open http://localhost/auth?view=reset#token=${token} within 30 minutes. Code ${token}`,
      template: 'password-reset',
      language: 'en',
    });
    const { body } = await get<OutboxMessageDetail>(`/api/admin/emails/${id}`);
    expect(body).toMatchObject({ resendable: false, redacted: true });
    expect(body.text).not.toContain(token);
    expect(body.text).toContain('#token=[hidden]');
    const html = await ctx.app.inject({ method: 'GET', url: `/api/admin/emails/${id}/html`, headers: admin.headers });
    expect(html.body).not.toContain(token);
    const resend = await post(`/api/admin/emails/${id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ error: { code: 'resend_not_allowed' } });
  });

  it('refuses bad query strings and ids with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/admin/emails?status=bounced', 'status'],
      ['/api/admin/emails?template=Order%20Confirmation', 'template'],
      ['/api/admin/emails?cursor=abc', 'cursor'],
      ['/api/admin/emails?cursor=0', 'cursor'],
      ['/api/admin/emails?limit=1000', 'limit'],
      ['/api/admin/emails?limit=0', 'limit'],
      [`/api/admin/emails?q=${'x'.repeat(201)}`, 'q'],
      ['/api/admin/emails?q=a%0Ab', 'q'],
      ['/api/admin/emails/abc', 'id'],
      ['/api/admin/emails/99999999999', 'id'],
      ['/api/admin/jobs?status=succeeded', 'status'],
      ['/api/admin/jobs?cursor=-1', 'cursor'],
      ['/api/admin/audit?changes=yes', 'changes'],
      ['/api/admin/audit?limit=1e3', 'limit'],
    ];
    for (const [url, field] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json<{ error: { field: string } }>().error.field, url).toBe(field);
    }
  });
});

describe('the jobs screen', () => {
  it('lists failed jobs without secrets, retries one (attempts reset, audited) and cancels a queued one', async () => {
    const [failed] = await ctx.database.db
      .insert(jobs)
      .values({
        type: 'send-order-email',
        payload: {
          orderId,
          accessToken: 'secret-portal-token',
          nested: { password: 'hunter2', note: 'x'.repeat(500) },
        },
        status: 'failed',
        attempts: 10,
        lastError: 'Error: SMTP 421 try again later',
      })
      .returning({ id: jobs.id });
    const reset = await ctx.services.jobs.enqueue({
      type: 'send-password-reset',
      payload: { email: 'someone@example.com', token: 'should-not-show' },
      runAt: new Date(Date.now() + 3_600_000),
    });

    const { res, body } = await get<JobsPage>('/api/admin/jobs?status=failed');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret-portal-token');
    expect(res.body).not.toContain('hunter2');
    const job = body.jobs.find((j) => j.id === failed!.id)!;
    expect(job).toMatchObject({
      type: 'send-order-email',
      status: 'failed',
      attempts: 10,
      orderNumber,
      lastError: 'Error: SMTP 421 try again later',
    });
    expect(job.summary).toEqual(
      expect.arrayContaining([
        { key: 'orderId', value: String(orderId) },
        { key: 'accessToken', value: '[hidden]' },
        { key: 'nested.password', value: '[hidden]' },
      ]),
    );
    expect(job.summary.find((s) => s.key === 'nested.note')!.value.length).toBeLessThanOrEqual(160);
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);

    const waiting = await get<JobsPage>('/api/admin/jobs?status=queued');
    expect(waiting.res.body).not.toContain('should-not-show');
    expect(waiting.body.jobs.find((j) => j.id === reset)).toMatchObject({
      type: 'send-password-reset',
      parked: false,
      orderNumber: null,
    });
    const unfinished = await get<JobsPage>('/api/admin/jobs');
    expect(unfinished.body.jobs.map((j) => j.id)).toEqual(expect.arrayContaining([failed!.id, reset]));

    // Retry: queued now, attempts 0, audited with before and after.
    const retried = await post(`/api/admin/jobs/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ job: { id: failed!.id, status: 'queued', attempts: 0 } });
    const entry = await auditEntry('POST /api/admin/jobs/:id/retry', `job:${failed!.id}`);
    expect(entry).toMatchObject({
      before: { status: 'failed', attempts: 10 },
      after: { status: 'queued', attempts: 0 },
    });
    expect((await post(`/api/admin/jobs/${failed!.id}/retry`)).json()).toMatchObject({
      error: { code: 'job_not_retryable' },
    });

    // Cancel a queued job; cancelling again is a conflict; a cancelled job can be retried.
    const cancelled = await post(`/api/admin/jobs/${reset}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ job: { status: 'cancelled' } });
    const again = await post(`/api/admin/jobs/${reset}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'job_not_cancellable' } });
    expect((await get<JobsPage>('/api/admin/jobs?status=cancelled')).body.jobs.map((j) => j.id)).toContain(reset);

    // The retried job runs (its e-mail job re-sends the confirmation), then the cancelled one never does.
    await ctx.services.jobs.runUntilIdle();
    const [after] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, failed!.id));
    expect(after!.status).toBe('succeeded');
    const [stillCancelled] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, reset!));
    expect(stillCancelled!.status).toBe('cancelled');
  });

  it('refuses to cancel a running job (409) and answers 404 for an unknown one', async () => {
    const [running] = await ctx.database.db
      .insert(jobs)
      .values({
        type: 'sync-usage',
        payload: {},
        status: 'running',
        attempts: 1,
        lockedBy: 'elsewhere',
        lockedUntil: sql`now() + interval '1 minute'`,
      })
      .returning({ id: jobs.id });
    const res = await post(`/api/admin/jobs/${running!.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'job_running' } });
    expect((await post(`/api/admin/jobs/${running!.id}/retry`)).statusCode).toBe(409);
    expect((await post('/api/admin/jobs/999999/cancel')).statusCode).toBe(404);
    expect((await post('/api/admin/jobs/999999/retry')).statusCode).toBe(404);
    await ctx.database.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, running!.id));
  });
});

describe('GET /api/admin/audit', () => {
  it('shows who did what, searchable, changes only on request, in keyset pages', async () => {
    await get('/api/admin/dashboard');
    await auditEntry('GET /api/admin/dashboard');
    const { res, body } = await get<AuditPage>('/api/admin/audit?limit=5');
    expect(res.statusCode).toBe(200);
    expect(body.entries).toHaveLength(5);
    expect(body.entries[0]).toMatchObject({ username: admin.username, ip: '127.0.0.1' });
    expect(body.nextCursor).not.toBeNull();
    const next = await get<AuditPage>(`/api/admin/audit?limit=5&cursor=${body.nextCursor}`);
    expect(next.body.entries[0]!.id).toBeLessThan(body.entries.at(-1)!.id);

    const changes = await get<AuditPage>('/api/admin/audit?changes=true');
    expect(changes.body.entries.length).toBeGreaterThan(0);
    expect(changes.body.entries.every((e) => !e.action.startsWith('GET '))).toBe(true);
    const retry = changes.body.entries.find(
      (e) => e.action === 'POST /api/admin/jobs/:id/retry' && e.statusCode === 200,
    );
    expect(retry).toMatchObject({ before: { status: 'failed' }, after: { status: 'queued' } });

    const search = await get<AuditPage>('/api/admin/audit?q=RESEND');
    expect(search.body.entries.length).toBeGreaterThan(0);
    expect(search.body.entries.every((e) => e.action.includes('resend'))).toBe(true);
  });
});
