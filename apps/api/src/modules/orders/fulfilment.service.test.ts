import { describe, expect, it } from 'vitest';
import type { JobHandler } from '../../lib/jobs.ts';
import { PermanentJobError } from '../../lib/jobs.ts';
import { EsimProviderError } from '../../providers/esim/esim-provider.ts';
import { FakeEsimProvider } from '../../providers/esim/esim-provider.fake.ts';
import type { OutgoingEmail } from '../../providers/mail/mailer.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { PROVISION_ORDER_JOB, SEND_ORDER_EMAIL_JOB } from './order-jobs.ts';
import { FakeOrdersRepository } from './orders.repository.fake.ts';
import type { NewOrderLine, OrderRow } from './orders.repository.ts';
import { hashAccessToken } from './orders.service.ts';

/**
 * The fulfilment rules of `FulfilmentService` (docs/product-rules.md "Fulfilment and delivery of
 * the eSIM profile": each line provisioned exactly once under at-least-once jobs,
 * docs/decisions/0008-durable-jobs.md) on an in-memory repository and a scripted eSIM provider:
 * no database. Crashes of a real process stay in `crash.test.ts` and `fulfilment.test.ts`.
 */

const SESSION = 'session-0000000000000001';
const TOKEN = 'access-token-of-the-order-000000000000000000';

function setup() {
  const repo = new FakeOrdersRepository();
  repo.products.set(1, { name: 'Turkey 1 GB', tier: null });
  repo.products.set(2, { name: 'Turkey Unlimited Plus', tier: 'unlimited_plus' });
  const esims = new FakeEsimProvider();
  const mail: OutgoingEmail[] = [];
  const handlers = new Map<string, JobHandler>();
  let wakes = 0;
  const service = new FulfilmentService({
    repo,
    esimProvider: esims,
    mailer: {
      transport: 'memory',
      async send(message) {
        mail.push(message);
        repo.emails.push({ orderId: message.orderId!, template: message.template, status: 'sent' });
        return mail.length;
      },
    },
    emailLog: { hasOrderMessage: async (orderId, template) => repo.hasConfirmationEmail(orderId, template) },
    publicOrigin: 'https://roamwise.example/',
    jobs: { wake: () => wakes++ },
  });
  service.register({ register: (type, handler) => handlers.set(type, handler) });
  return { repo, esims, mail, service, handlers, wakes: () => wakes };
}

type Setup = ReturnType<typeof setup>;

function line(productId: number, quantity: number): NewOrderLine {
  return {
    productId,
    apiBundleName: `esim_${productId}_TR_V2`,
    name: productId === 1 ? 'Turkey 1 GB' : 'Turkey Unlimited Plus',
    countryCode: 'TR',
    dataAmount: productId === 1 ? '1GB' : 'Unlimited',
    validityDays: 7,
    quantity,
    unitPriceCents: 500,
    lineTotalCents: 500 * quantity,
  };
}

/** A checkout order paid by card (status `processing`) with `lines`. */
async function paidOrder(t: Setup, lines: NewOrderLine[]): Promise<OrderRow> {
  t.repo.carts.set(
    SESSION,
    lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  );
  const result = await t.repo.createOrder(
    {
      orderNumber: `ORD-FULFIL${t.repo.orders.length + 1}`,
      sessionId: SESSION,
      totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
      customerName: 'Tess Ortega',
      customerEmail: 'tess@example.com',
      customerPhone: null,
      billingAddress: null,
      language: 'fr',
      paymentMethod: 'card',
      accessTokenHash: hashAccessToken(TOKEN),
      accessTokenExpiresAt: new Date(Date.now() + 86_400_000),
    },
    lines,
    { ref: { scope: 'test', sessionId: SESSION, key: 'k' }, recovery: null },
  );
  if (result.kind !== 'created') throw new Error(result.kind);
  await t.repo.markPaid(result.orderId, { reference: 'pi_1', cardBrand: 'visa', cardLast4: '4242' }, 'payment:fake', {
    orderId: result.orderId,
    accessToken: TOKEN,
  });
  return t.repo.orders.find((o) => o.id === result.orderId)!;
}

describe('provisioning', () => {
  it('buys each line’s eSIMs by the line’s reference, stores them with their bundles, then queues the e-mail', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 2), line(2, 1)]);
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    const lines = t.repo.lines.filter((l) => l.orderId === order.id);
    expect(t.esims.purchases).toEqual(
      lines.map((l) => ({ reference: `order-line-${l.id}`, bundle: l.apiBundleName, quantity: l.quantity })),
    );
    expect(t.repo.esims.map((e) => [e.orderLineId, e.unitIndex])).toEqual([
      [lines[0]!.id, 0],
      [lines[0]!.id, 1],
      [lines[1]!.id, 0],
    ]);
    expect(t.repo.esims[0]!.activationCode).toBe(`LPA:1$rsp.fake.example$${t.repo.esims[0]!.matchingId}`);
    expect(t.repo.bundles.filter((b) => b.kind === 'main')).toHaveLength(3);
    expect(t.repo.jobs.get(`email:${order.id}`)).toEqual({
      type: SEND_ORDER_EMAIL_JOB,
      payload: { orderId: order.id, accessToken: TOKEN },
      parked: false,
    });
    expect(t.wakes()).toBe(1);
    expect(order.status).toBe('processing');
  });

  it('buys nothing twice however often it runs, and after a crash buys only the missing line', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 2), line(2, 1)]);
    // The first run bought the first line, then the process died.
    const first = t.repo.lines.find((l) => l.orderId === order.id)!;
    const bought = await t.esims.createOrder({
      reference: `order-line-${first.id}`,
      bundle: first.apiBundleName,
      quantity: 2,
    });
    await t.repo.saveEsims(
      first,
      bought.reference,
      bought.esims.map((e, unitIndex) => ({ ...e, unitIndex, activationCode: 'LPA:1$x$y' })),
    );
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    const requests = t.esims.requests.length;
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    // A delivered line is not even asked for again.
    expect(t.esims.requests).toHaveLength(requests);
    expect(t.esims.requests).toEqual(t.repo.lines.map((l) => `order-line-${l.id}`));
    expect(t.esims.purchases.map((p) => p.quantity)).toEqual([2, 1]);
    expect(t.repo.esims).toHaveLength(3);
    expect([...t.repo.jobs.keys()].filter((k) => k.startsWith('email:'))).toHaveLength(1);
  });

  it('fails the attempt when the provider delivers too few eSIMs, and queues no e-mail', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 2)]);
    const lineId = t.repo.lines[0]!.id;
    t.esims.createOrder = async (request) => ({ reference: request.reference, esims: [] });
    await expect(t.service.provisionOrder({ orderId: order.id })).rejects.toThrow(
      `The provider delivered 0 eSIMs for line ${lineId} instead of 2`,
    );
    expect(t.repo.jobs.has(`email:${order.id}`)).toBe(false);
  });

  it('does nothing for an order that is not processing, and fails for good for an unknown one', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 1)]);
    order.status = 'cancelled';
    await t.service.provisionOrder({ orderId: order.id });
    expect(t.esims.purchases).toEqual([]);
    await expect(t.service.provisionOrder({ orderId: 999 })).rejects.toBeInstanceOf(PermanentJobError);
  });

  it('applies a top-up’s bundle to its eSIM by the line’s reference, once', async () => {
    const t = setup();
    const parent = await paidOrder(t, [line(1, 1)]);
    await t.service.provisionOrder({ orderId: parent.id, accessToken: TOKEN });
    const esim = t.repo.esims[0]!;
    const result = await t.repo.createOrder(
      {
        orderNumber: 'ORD-FULFILTOPUP',
        sessionId: SESSION,
        totalCents: 500,
        customerName: 'Tess Ortega',
        customerEmail: 'tess@example.com',
        customerPhone: null,
        billingAddress: null,
        language: 'en',
        paymentMethod: 'paypal',
        kind: 'topup',
        parentOrderId: parent.id,
        topupEsimId: esim.id,
        accessTokenHash: null,
        accessTokenExpiresAt: null,
      },
      [line(2, 1)],
      { ref: { scope: 'test', sessionId: SESSION, key: 't' }, recovery: null },
    );
    if (result.kind !== 'created') throw new Error(result.kind);
    await t.repo.markPaid(result.orderId, { reference: 'PAYPAL-1', cardBrand: null, cardLast4: null }, 'payment:fake', {
      orderId: result.orderId,
    });
    await t.service.provisionOrder({ orderId: result.orderId });
    await t.service.provisionOrder({ orderId: result.orderId });
    const topupLine = t.repo.lines.find((l) => l.orderId === result.orderId)!;
    expect(t.esims.purchases.at(-1)).toEqual({
      reference: `order-line-${topupLine.id}`,
      bundle: topupLine.apiBundleName,
      quantity: 1,
      iccid: esim.iccid,
    });
    expect(t.esims.purchases).toHaveLength(2);
    expect(t.repo.bundles.filter((b) => b.kind === 'topup')).toEqual([
      expect.objectContaining({ esimId: esim.id, orderLineId: topupLine.id }),
    ]);
    // A top-up buys no new eSIM.
    expect(t.repo.esims).toHaveLength(1);
    await t.service.sendConfirmation({ orderId: result.orderId });
    expect(t.mail.at(-1)).toMatchObject({ template: 'topup-receipt', to: 'tess@example.com', language: 'en' });
    expect(t.mail.at(-1)!.text).toContain(esim.iccid);
  });
});

describe('the confirmation e-mail', () => {
  it('sends the eSIMs and the access token in the order’s language, then completes the order', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 1)]);
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    await t.service.sendConfirmation({ orderId: order.id, accessToken: TOKEN });
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]).toMatchObject({
      to: 'tess@example.com',
      template: 'order-confirmation',
      language: 'fr',
      orderId: order.id,
    });
    expect(t.mail[0]!.text).toContain(TOKEN);
    expect(t.mail[0]!.text).toContain(t.repo.esims[0]!.activationCode);
    expect(order).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    expect(t.repo.statusChanges.at(-1)).toMatchObject({ from: 'processing', to: 'completed', actor: 'system' });
  });

  it('is not sent again when a run dies after sending: the retry only completes the order', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 1)]);
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    const complete = t.repo.completeOrder.bind(t.repo);
    t.repo.completeOrder = async () => {
      throw new Error('connection lost');
    };
    await expect(t.service.sendConfirmation({ orderId: order.id, accessToken: TOKEN })).rejects.toThrow(
      'connection lost',
    );
    t.repo.completeOrder = complete;
    await t.service.sendConfirmation({ orderId: order.id, accessToken: TOKEN });
    expect(t.mail).toHaveLength(1);
    expect(order.status).toBe('completed');
    // A completed order is left alone.
    await t.service.sendConfirmation({ orderId: order.id, accessToken: TOKEN });
    expect(t.mail).toHaveLength(1);
  });

  it('fails for good when the access token is no longer in the job (it cannot be recovered)', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 1)]);
    await t.service.provisionOrder({ orderId: order.id });
    await expect(t.service.sendConfirmation({ orderId: order.id })).rejects.toBeInstanceOf(PermanentJobError);
    expect(order.status).toBe('processing');
  });
});

describe('failures stay visible', () => {
  it('records each failed attempt on the order while it stays processing, and scrubs the token on success', async () => {
    const t = setup();
    const order = await paidOrder(t, [line(1, 1)]);
    t.esims.error = new EsimProviderError('eSIM Go 503', true, 503);
    const handler = t.handlers.get(PROVISION_ORDER_JOB)!;
    const job = {
      id: 1,
      type: PROVISION_ORDER_JOB,
      payload: { orderId: order.id, accessToken: TOKEN },
      attempts: 2,
      maxAttempts: 10,
    };
    const error = await handler.run(job).catch((e: unknown) => e);
    await handler.onError!(job, error, false);
    expect(order).toMatchObject({
      status: 'processing',
      lastError: 'provision-order (attempt 2 of 10, will retry): eSIM Go 503',
    });
    expect(t.repo.events.at(-1)).toMatchObject({
      kind: 'provisioning_error',
      data: { job: PROVISION_ORDER_JOB, attempt: 2, maxAttempts: 10, final: false },
    });
    expect(handler.scrubOnSuccess).toEqual(['accessToken']);
    expect(t.handlers.get(SEND_ORDER_EMAIL_JOB)!.scrubOnSuccess).toEqual(['accessToken']);
    // Completing the order clears the error.
    t.esims.error = undefined;
    await t.service.provisionOrder({ orderId: order.id, accessToken: TOKEN });
    await t.service.sendConfirmation({ orderId: order.id, accessToken: TOKEN });
    expect(order).toMatchObject({ status: 'completed', lastError: null });
  });
});
