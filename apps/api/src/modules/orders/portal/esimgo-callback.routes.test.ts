import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esimBundles, esims } from '../orders.schema.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../../test/orders-fixtures.ts';
import { verifyCallbackSignature } from '../../../providers/esim/esimgo/esimgo-callback.ts';
import { bytesFactorOf, storeBytesOf } from '../../../providers/esim/esimgo/esimgo-mapping.ts';

/**
 * `POST /api/webhooks/esimgo` (decision record 0018): each rule with the
 * attack it prevents — a forged or missing signature is refused, a replayed delivery has no
 * second effect, a body that is not a callback is a 400, never a 5xx.
 */

const KEY = 'esimgo-callback-key-0123';
let ctx: OrdersTestApp;
let unkeyed: OrdersTestApp;
let iccid: string;
let bundleName: string;

/** eSIM Go sends decimal bytes (10^9 a GB); the store keeps its own (2^30 a GB, `storeBytesOf`). */
const INITIAL = 1_000_000_000;
/** Used bytes as stored: the difference of the converted figures. */
/** A byte count of this bundle in the store's units (the bundle's factor, `bytesFactorOf(INITIAL)`). */
const inStore = (bytes: number) => storeBytesOf(bytes, bytesFactorOf(INITIAL));
const usedOf = (remaining: number) => inStore(INITIAL) - inStore(remaining);

const hmac = (body: string, encoding: 'hex' | 'base64', key = KEY) =>
  createHmac('sha256', key).update(body).digest(encoding);

function post(app: OrdersTestApp, body: string, signature: string | undefined, contentType = 'application/json') {
  return app.app.inject({
    method: 'POST',
    url: '/api/webhooks/esimgo',
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'x-signature-sha256': signature }) },
    payload: body,
  });
}

function utilisation(remaining: number, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    iccid,
    alertType: 'Utilisation',
    bundle: {
      id: '900000001',
      reference: 'ref-0',
      name: bundleName,
      description: 'eSIM',
      initialQuantity: INITIAL,
      remainingQuantity: remaining,
      startTime: '2026-01-02T10:00:00Z',
      endTime: '2099-01-09T10:00:00Z',
      unlimited: false,
      ...extra,
    },
  });
}

async function row() {
  const [esim] = await ctx.database.db.select().from(esims).where(eq(esims.iccid, iccid));
  const [bundle] = await ctx.database.db.select().from(esimBundles).where(eq(esimBundles.esimId, esim!.id));
  return { esim: esim!, bundle: bundle! };
}

beforeAll(async () => {
  ctx = await createOrdersTestApp({ env: { ESIMGO_API_KEY: KEY } });
  unkeyed = await createOrdersTestApp();
  const api = client(ctx.app);
  const session = newSession();
  const products = await ctx.services.catalog.productByBundleName('esim_1GB_7D_TR_V2');
  await api.addToCart(session, products!.productId, 1);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
  expect(res.statusCode).toBe(201);
  await ctx.services.jobs.runUntilIdle();
  const [esim] = await ctx.database.db.select().from(esims);
  iccid = esim!.iccid;
  bundleName = esim!.apiBundleName;
  // As a freshly provisioned eSIM Go eSIM: not yet linked to its assignment.
  await ctx.database.db.update(esimBundles).set({ providerAssignmentId: null }).where(eq(esimBundles.esimId, esim!.id));
});

afterAll(async () => {
  await ctx.close();
  await unkeyed.close();
});

describe('signature', () => {
  it('accepts a hex signature (webhooks guide) and applies the usage', async () => {
    const res = await post(ctx, utilisation(900_000_000), hmac(utilisation(900_000_000), 'hex'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const { esim, bundle } = await row();
    expect(bundle).toMatchObject({
      providerAssignmentId: '900000001',
      state: 'active',
      remainingBytes: inStore(900_000_000),
      usedBytes: usedOf(900_000_000),
    });
    expect(bundle.startedAt?.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(esim).toMatchObject({ status: 'Active', profileState: 'enabled' });
  });

  it('accepts a base64 signature (API reference), any content type', async () => {
    const body = utilisation(500_000_000);
    const res = await post(ctx, body, hmac(body, 'base64'), 'text/plain');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'applied' });
    expect((await row()).bundle.remainingBytes).toBe(inStore(500_000_000));
  });

  it('refuses a forged, missing or borrowed signature with 401 and changes nothing', async () => {
    const body = utilisation(0);
    for (const signature of [
      hmac(body, 'hex', 'attacker-key'),
      undefined,
      '',
      hmac(utilisation(1), 'base64'),
      'x'.repeat(300),
    ]) {
      const res = await post(ctx, body, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    expect((await row()).bundle).toMatchObject({ remainingBytes: inStore(500_000_000), state: 'active' });
  });

  it('refuses every callback when the store has no eSIM Go key', async () => {
    const body = utilisation(0);
    const res = await post(unkeyed, body, hmac(body, 'hex'));
    expect(res.statusCode).toBe(401);
  });

  it('compares hex case-insensitively and in constant time only on equal lengths', () => {
    const raw = Buffer.from('{"alertType":"Utilisation"}');
    expect(verifyCallbackSignature(raw, hmac(raw.toString(), 'hex').toUpperCase(), KEY)).toBe(true);
    expect(verifyCallbackSignature(raw, hmac(raw.toString(), 'base64'), KEY)).toBe(true);
    expect(verifyCallbackSignature(raw, hmac(raw.toString(), 'base64').slice(0, -2), KEY)).toBe(false);
    expect(verifyCallbackSignature(raw, hmac(raw.toString(), 'hex'), undefined)).toBe(false);
  });
});

describe('exactly once', () => {
  it('a replayed delivery has no second effect (an old usage figure cannot roll usage back)', async () => {
    const older = utilisation(500_000_000);
    const newer = utilisation(200_000_000);
    expect((await post(ctx, newer, hmac(newer, 'hex'))).json()).toMatchObject({ outcome: 'applied' });
    const replay = await post(ctx, older, hmac(older, 'base64'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await row()).bundle).toMatchObject({
      remainingBytes: inStore(200_000_000),
      usedBytes: usedOf(200_000_000),
    });
    // Even a fresh (different) body with an older figure does not move usage backwards.
    const late = utilisation(300_000_000, { description: 'late' });
    expect((await post(ctx, late, hmac(late, 'hex'))).json()).toMatchObject({ outcome: 'applied' });
    expect((await row()).bundle.remainingBytes).toBe(inStore(200_000_000));
  });

  it('100 % used depletes the bundle; the eSIM then reads Expired', async () => {
    const body = utilisation(0);
    expect((await post(ctx, body, hmac(body, 'hex'))).statusCode).toBe(200);
    const { esim, bundle } = await row();
    expect(bundle.state).toBe('depleted');
    expect(esim.status).toBe('Expired');
  });
});

describe('bodies', () => {
  it('answers 400 for a signed body that is not a callback, and 200 ignored for unknown eSIMs and types', async () => {
    for (const body of ['not json', '[]', '{"iccid":"1"}', '']) {
      const res = await post(ctx, body, hmac(body, 'hex'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_error' } });
    }
    const unknown = JSON.stringify({
      iccid: '8944000000000000000',
      alertType: 'Utilisation',
      bundle: { id: '1', name: 'x', initialQuantity: 1, remainingQuantity: 0 },
    });
    expect((await post(ctx, unknown, hmac(unknown, 'hex'))).json()).toEqual({ received: true, outcome: 'ignored' });
    const scheduled = JSON.stringify({ date: '2026-01-01T00:00:00Z', event: 'esim.deletion_scheduled', iccid });
    expect((await post(ctx, scheduled, hmac(scheduled, 'hex'))).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('esim.deleted archives the eSIM', async () => {
    const body = JSON.stringify({ date: '2026-01-08T00:00:00Z', event: 'esim.deleted', iccid });
    expect((await post(ctx, body, hmac(body, 'hex'))).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await row()).esim).toMatchObject({ profileState: 'deleted', status: 'Archived' });
  });

  it('refuses bodies over 64 KiB without reading them', async () => {
    const body = JSON.stringify({ alertType: 'Utilisation', pad: 'x'.repeat(70_000) });
    const res = await post(ctx, body, hmac(body, 'hex'));
    expect(res.statusCode).toBe(413);
  });
});
