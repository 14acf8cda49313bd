import { describe, expect, it } from 'vitest';
import type { JobHandler } from '../../../lib/jobs.ts';
import { EsimProviderError } from '../../../providers/esim/esim-provider.ts';
import { FakeEsimProvider } from '../../../providers/esim/esim-provider.fake.ts';
import { PaymentProviderError } from '../../../providers/payment/payment-provider.ts';
import { FakePaymentProvider } from '../../../providers/payment/payment-provider.fake.ts';
import { ORDER_NOTIFICATION_JOB } from '../order-jobs.ts';
import { FakeRefundRepository } from './refund.repository.fake.ts';
import type { RefundOrder } from './refund.repository.ts';
import { REFUND_CANCEL_ESIMS_JOB, RefundService, refundKey } from './refund.service.ts';

/**
 * The refund rules of `RefundService` (docs/product-rules.md "Refunds", decided by
 * `refund-policy.ts`: a full refund within 30 days of purchase when no eSIM was activated,
 * otherwise only with an admin's override and reason; one refund per order, run once) on an
 * in-memory repository and scripted payment and eSIM providers: no database. The HTTP side stays
 * in `refund.routes.test.ts`.
 */

const START = Date.parse('2027-03-01T10:00:00.000Z');
const DAY_MS = 86_400_000;
const ADMIN = 'admin:ada';
const BUNDLE = 'esim_1GB_7D_TR_V2';

function setup() {
  let now = START;
  const clock = () => new Date(now);
  const repo = new FakeRefundRepository(clock);
  const payments = new FakePaymentProvider();
  const esims = new FakeEsimProvider();
  const handlers = new Map<string, JobHandler>();
  const refreshed: string[] = [];
  let wakes = 0;
  const service = new RefundService({
    repo,
    payments,
    esimProvider: esims,
    jobs: { wake: () => wakes++ },
    refreshEsim: async (_orderId, iccid) => {
      refreshed.push(iccid);
    },
    now: clock,
  });
  service.register({ register: (type, handler) => handlers.set(type, handler) });
  let seq = 0;

  /**
   * A paid order bought `daysAgo` days ago, with one eSIM per entry of `iccids` (each with the
   * order's bundle queued at the eSIM provider and in the store).
   */
  function paidOrder(opts: Partial<RefundOrder> & { daysAgo?: number; iccids?: string[] } = {}): {
    order: RefundOrder;
    iccids: string[];
  } {
    const { daysAgo = 0, iccids = [`89440000000000000${++seq}`], ...fields } = opts;
    const totalCents = fields.totalCents ?? 1_200;
    const order = repo.addOrder({
      orderNumber: `ORD-UNIT${String(++seq).padStart(6, '0')}`,
      totalCents,
      paymentReference: payments.settledCharge(totalCents, fields.paymentMethod),
      createdAt: new Date(now - daysAgo * DAY_MS),
      ...fields,
    });
    for (const iccid of iccids) {
      const assignment = esims.addEsim(iccid, BUNDLE);
      repo.addEsim(order.id, iccid, [{ assignmentId: assignment.id, bundle: BUNDLE }]);
    }
    return { order, iccids };
  }

  return {
    repo,
    payments,
    esims,
    service,
    paidOrder,
    refreshed,
    wakes: () => wakes,
    advance: (ms: number) => {
      now += ms;
    },
    /** Runs the background job `type` once with `payload`, as the worker would. */
    runJob: (type: string, payload: Record<string, unknown>) =>
      handlers.get(type)!.run({ id: 1, type, payload, attempts: 1, maxAttempts: 10 }),
  };
}

describe('a full refund under the policy', () => {
  it('refunds a fresh, unactivated order in full, once: money back, eSIMs cancelled, order refunded and recorded', async () => {
    const t = setup();
    const { order, iccids } = t.paidOrder({
      totalCents: 2_350,
      iccids: ['8944000000000000101', '8944000000000000102'],
    });
    const result = await t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN, notify: true });
    expect(t.payments.refunds).toEqual([
      expect.objectContaining({
        chargeReference: order.paymentReference,
        amountCents: 2_350,
        idempotencyKey: refundKey(order.id),
      }),
    ]);
    expect(result).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'refunded',
      refund: {
        status: 'succeeded',
        amountCents: 2_350,
        override: false,
        actor: ADMIN,
        providerReference: t.payments.refunds[0]!.reference,
      },
      cancelledBundles: iccids.map((iccid) => ({ iccid, bundle: BUNDLE, state: 'revoked' })),
      keptBundles: [],
      cancelErrors: [],
      notified: true,
    });
    expect(t.esims.revoked.map((r) => r.iccid)).toEqual(iccids);
    expect(t.repo.order(order.orderNumber).status).toBe('refunded');
    expect(t.repo.statusChanges).toEqual([
      { orderId: order.id, from: 'completed', to: 'refunded', actor: ADMIN, note: 'Refunded in full' },
    ]);
    expect(t.repo.events.at(-1)).toMatchObject({
      actor: ADMIN,
      message: `Refunded $23.50 (${result.refund.providerReference})`,
    });
    expect(t.repo.jobs).toEqual([
      expect.objectContaining({
        type: ORDER_NOTIFICATION_JOB,
        payload: { orderId: order.id, status: 'refunded', actor: ADMIN },
      }),
    ]);
    expect(t.wakes()).toBe(1);
    expect(t.refreshed).toEqual(iccids);
  });

  it('never refunds part of an order: the amount is the order total, and a second refund is refused', async () => {
    const t = setup();
    const { order } = t.paidOrder({ totalCents: 999 });
    await t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN });
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      status: 409,
      code: 'already_refunded',
    });
    expect(t.payments.refunds.map((r) => r.amountCents)).toEqual([999]);
    expect(t.repo.refunds).toHaveLength(1);
  });

  it('refunds a PayPal payment on its capture, and a free order without calling the provider', async () => {
    const t = setup();
    const { order: paypal } = t.paidOrder({ paymentMethod: 'paypal' });
    const { order: free } = t.paidOrder({ totalCents: 0 });
    await t.service.refundOrder({ orderNumber: paypal.orderNumber, actor: ADMIN });
    const result = await t.service.refundOrder({ orderNumber: free.orderNumber, actor: ADMIN });
    expect(t.payments.refunds.map((r) => r.chargeReference)).toEqual([paypal.paymentReference]);
    expect(result.refund).toMatchObject({ amountCents: 0, providerReference: null, status: 'succeeded' });
    expect(t.repo.order(free.orderNumber).status).toBe('refunded');
  });

  it('sends no e-mail unless asked', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    expect((await t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).notified).toBe(false);
    expect(t.repo.jobs).toEqual([]);
  });
});

describe('the refund window and activation', () => {
  it('covers days 0 to 29 after purchase; from day 30 it is refused, saying how many days', async () => {
    const t = setup();
    const { order: day29 } = t.paidOrder({ daysAgo: 29 });
    const { order: day30 } = t.paidOrder({ daysAgo: 30 });
    expect(await t.service.check(day29.orderNumber)).toMatchObject({
      eligible: true,
      daysSincePurchase: 29,
      reasons: [],
    });
    expect(await t.service.check(day30.orderNumber)).toMatchObject({
      eligible: false,
      overridable: true,
      daysSincePurchase: 30,
      reasons: [{ code: 'window_passed' }],
    });
    await expect(t.service.refundOrder({ orderNumber: day30.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      status: 409,
      code: 'refund_refused',
      message: expect.stringContaining('Purchased 30 days ago'),
    });
    expect(t.payments.refunds).toEqual([]);
    expect(t.repo.refunds).toEqual([]);
  });

  it('refuses an order whose eSIM was installed or used, naming the ICCID, and moves no money', async () => {
    const t = setup();
    const {
      order: installed,
      iccids: [a],
    } = t.paidOrder();
    const {
      order: used,
      iccids: [b],
    } = t.paidOrder();
    t.esims.setProfile(a!, { profileState: 'installed' });
    t.esims.setBundle(b!, 0, 'active', 5_000);
    for (const [order, iccid] of [
      [installed, a],
      [used, b],
    ] as const) {
      const check = await t.service.check(order.orderNumber);
      expect(check).toMatchObject({ eligible: false, overridable: true, activatedIccids: [iccid] });
      await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
        code: 'refund_refused',
        message: expect.stringContaining(`eSIM ${iccid}`),
      });
    }
    expect(t.payments.refunds).toEqual([]);
    expect(t.esims.revoked).toEqual([]);
  });

  it('lets an admin override the policy only with a reason, and keeps the bundles that started', async () => {
    const t = setup();
    const { order, iccids } = t.paidOrder({ iccids: ['8944000000000000201', '8944000000000000202'] });
    t.esims.setBundle(iccids[0]!, 0, 'active', 1);
    await expect(
      t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN, override: true, reason: '   ' }),
    ).rejects.toMatchObject({ status: 400, field: 'reason' });
    const result = await t.service.refundOrder({
      orderNumber: order.orderNumber,
      actor: ADMIN,
      override: true,
      reason: 'Network outage at the destination',
    });
    expect(result.refund).toMatchObject({
      override: true,
      reason: 'Network outage at the destination',
      amountCents: 1_200,
    });
    expect(result.keptBundles).toEqual([{ iccid: iccids[0], bundle: BUNDLE, state: 'active' }]);
    expect(result.cancelledBundles).toEqual([{ iccid: iccids[1], bundle: BUNDLE, state: 'revoked' }]);
    expect(t.repo.statusChanges.at(-1)?.note).toBe('Network outage at the destination');
    expect(t.repo.events.at(-1)?.data).toMatchObject({ override: true, policy: ['activated'] });
  });

  it('marks an override false when the policy did not need one', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    const result = await t.service.refundOrder({
      orderNumber: order.orderNumber,
      actor: ADMIN,
      override: true,
      reason: 'Asked by phone',
    });
    expect(result.refund.override).toBe(false);
  });

  it('refunds a top-up by its own bundle: the parent eSIM in use does not count, and keeps running', async () => {
    const t = setup();
    const {
      order: parent,
      iccids: [iccid],
    } = t.paidOrder();
    t.esims.setProfile(iccid!, { profileState: 'enabled', firstUsedAt: new Date(START - DAY_MS) });
    t.esims.setBundle(iccid!, 0, 'active', 10_000);
    const topupAssignment = await t.esims.applyBundle({ reference: 'order-line-9', iccid: iccid!, bundle: BUNDLE });
    const esimId = t.repo.esimRows.find((e) => e.iccid === iccid)!.id;
    const topup = t.repo.addOrder({
      orderNumber: 'ORD-UNITTOPUP01',
      kind: 'topup',
      totalCents: 500,
      paymentReference: t.payments.settledCharge(500),
      topupEsimId: esimId,
    });
    t.repo.bundleRows.push({
      id: 999,
      esimId,
      providerAssignmentId: topupAssignment.assignmentId,
      apiBundleName: BUNDLE,
      lineOrderId: topup.id,
    });
    expect(await t.service.check(topup.orderNumber)).toMatchObject({ eligible: true });
    const result = await t.service.refundOrder({ orderNumber: topup.orderNumber, actor: ADMIN });
    expect(result.cancelledBundles).toEqual([{ iccid, bundle: BUNDLE, state: 'revoked' }]);
    expect(t.esims.revoked).toEqual([{ iccid, bundle: BUNDLE, assignmentId: topupAssignment.assignmentId }]);
    expect((await t.esims.listBundles(iccid!))[0]?.state).toBe('active');
    expect(t.repo.order(parent.orderNumber).status).toBe('completed');
    // Once the top-up's own bundle has started, it is refused.
    const {
      order: parent2,
      iccids: [iccid2],
    } = t.paidOrder();
    const started = await t.esims.applyBundle({ reference: 'order-line-10', iccid: iccid2!, bundle: BUNDLE });
    t.esims.setBundle(iccid2!, 1, 'active', 1);
    const esim2 = t.repo.esimRows.find((e) => e.iccid === iccid2)!.id;
    const topup2 = t.repo.addOrder({
      orderNumber: 'ORD-UNITTOPUP02',
      kind: 'topup',
      paymentReference: t.payments.settledCharge(1_200),
      topupEsimId: esim2,
    });
    t.repo.bundleRows.push({
      id: 998,
      esimId: esim2,
      providerAssignmentId: started.assignmentId,
      apiBundleName: BUNDLE,
      lineOrderId: topup2.id,
    });
    expect(parent2.status).toBe('completed');
    await expect(t.service.refundOrder({ orderNumber: topup2.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      code: 'refund_refused',
      message: expect.stringContaining("The top-up's bundle has started"),
    });
  });
});

describe('orders that cannot be refunded', () => {
  it('answers 404 for unknown or malformed order numbers', async () => {
    const t = setup();
    for (const orderNumber of ['ORD-NOSUCHORDER', 'not-an-order', '']) {
      await expect(t.service.refundOrder({ orderNumber, actor: ADMIN })).rejects.toMatchObject({ status: 404 });
      await expect(t.service.check(orderNumber)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('refuses an unpaid or cancelled order (409 invalid_transition), even with an override', async () => {
    const t = setup();
    const { order: pending } = t.paidOrder({
      status: 'pending',
      paymentStatus: 'requires_approval',
      paymentReference: null,
    });
    const { order: cancelled } = t.paidOrder({ status: 'cancelled', paymentStatus: 'failed' });
    const { order: refunded } = t.paidOrder({ status: 'refunded' });
    for (const order of [pending, cancelled]) {
      await expect(
        t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN, override: true, reason: 'please' }),
      ).rejects.toMatchObject({ status: 409, code: 'invalid_transition' });
      expect(await t.service.check(order.orderNumber)).toMatchObject({ eligible: false, overridable: false });
    }
    expect((await t.service.check(pending.orderNumber)).reasons.map((r) => r.code)).toEqual(['not_paid']);
    // A paid order whose status was set to cancelled by hand: the table refuses cancelled -> refunded.
    const { order: paidCancelled } = t.paidOrder({ status: 'cancelled' });
    expect((await t.service.check(paidCancelled.orderNumber)).reasons.map((r) => r.code)).toEqual(['status']);
    await expect(t.service.refundOrder({ orderNumber: refunded.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      code: 'already_refunded',
    });
    expect(t.payments.refunds).toEqual([]);
  });

  it('refuses a refund while another runs, and lets a retry take over one whose runner is presumed gone (10 min)', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    await t.repo.claim(order.id, {
      idempotencyKey: refundKey(order.id),
      amountCents: 1_200,
      reason: null,
      override: false,
      actor: 'admin:bob',
    });
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      code: 'refund_in_progress',
      message: expect.stringContaining('admin:bob'),
    });
    expect((await t.service.check(order.orderNumber)).reasons.map((r) => r.code)).toEqual(['refund_in_progress']);
    t.advance(10 * 60_000 + 1);
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).resolves.toMatchObject({
      refund: { actor: ADMIN, status: 'succeeded' },
    });
    expect(t.payments.refunds).toHaveLength(1);
  });

  it('validates the reason: at most 500 characters of text', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    for (const reason of ['x'.repeat(501), 'bad\u0000character']) {
      await expect(
        t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN, reason }),
      ).rejects.toMatchObject({
        status: 400,
        field: 'reason',
      });
    }
    await expect(
      t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN, reason: 'y'.repeat(500) }),
    ).resolves.toBeDefined();
  });
});

describe('when a provider fails', () => {
  it('leaves the refund failed and the order as it was when the payment provider is down (503); a retry refunds once', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    t.payments.error = new PaymentProviderError('timeout', true);
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('Nothing was refunded'),
    });
    expect(t.repo.refunds[0]).toMatchObject({ status: 'failed', error: 'timeout' });
    expect(t.repo.order(order.orderNumber).status).toBe('completed');
    expect(t.repo.events.at(-1)?.message).toBe('Refund of $12.00 failed: timeout');
    expect(t.esims.revoked).toEqual([]);
    t.payments.error = undefined;
    await t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN });
    expect(t.payments.refunds).toEqual([expect.objectContaining({ idempotencyKey: refundKey(order.id) })]);
    expect(t.repo.order(order.orderNumber).status).toBe('refunded');
  });

  it('answers 502 when the provider refuses (e.g. more than remains on the charge), and records why', async () => {
    const t = setup();
    const { order } = t.paidOrder();
    t.payments.refuseRefunds = 'The charge is disputed.';
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      status: 502,
      message: 'The payment service refused the refund: The charge is disputed.',
    });
    expect(t.repo.refunds[0]).toMatchObject({ status: 'failed', error: 'The charge is disputed.' });
    expect(t.repo.order(order.orderNumber).status).toBe('completed');
  });

  it('reads an unreadable eSIM as unknown (override needed), and cancels its bundle later in the background', async () => {
    const t = setup();
    const {
      order,
      iccids: [iccid],
    } = t.paidOrder();
    t.esims.errors.set(iccid!, new EsimProviderError('eSIM Go 503', true, 503));
    expect(await t.service.check(order.orderNumber)).toMatchObject({
      eligible: false,
      overridable: true,
      reasons: [{ code: 'esim_state_unknown', iccids: [iccid] }],
    });
    const result = await t.service.refundOrder({
      orderNumber: order.orderNumber,
      actor: ADMIN,
      override: true,
      reason: 'Provider down',
    });
    expect(result.cancelErrors).toEqual([{ iccid, bundle: null, message: 'eSIM Go 503' }]);
    const job = t.repo.jobs.find((j) => j.type === REFUND_CANCEL_ESIMS_JOB)!;
    expect(job.payload).toEqual({ orderId: order.id, actor: ADMIN });
    // Still down: the job fails and will be retried.
    await expect(t.runJob(job.type, job.payload)).rejects.toThrow(/not cancelled yet/);
    t.esims.errors.clear();
    await t.runJob(job.type, job.payload);
    expect(t.esims.revoked.map((r) => r.iccid)).toEqual([iccid]);
    expect(t.repo.events.at(-1)).toMatchObject({
      message: 'Cancelled 1 bundle(s) of the refunded order at the eSIM provider',
    });
  });

  it('records the money it moved when the order changed meanwhile, and leaves the status to an admin (409)', async () => {
    const t = setup();
    const { order } = t.paidOrder({ status: 'processing' });
    const complete = t.repo.complete.bind(t.repo);
    t.repo.complete = async (refund, done) => {
      // An admin cancelled the order while the provider refunded it.
      t.repo.order(order.orderNumber).status = 'cancelled';
      return complete(refund, done);
    };
    await expect(t.service.refundOrder({ orderNumber: order.orderNumber, actor: ADMIN })).rejects.toMatchObject({
      status: 409,
      code: 'invalid_transition',
      message: expect.stringContaining('The payment was refunded'),
    });
    expect(t.repo.refunds[0]).toMatchObject({
      status: 'succeeded',
      providerReference: t.payments.refunds[0]!.reference,
    });
    expect(t.repo.order(order.orderNumber).status).toBe('cancelled');
    expect(t.repo.statusChanges).toEqual([]);
  });
});
