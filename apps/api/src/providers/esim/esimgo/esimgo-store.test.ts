import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { esimBundles, esims } from '../../../modules/orders/orders.schema.ts';
import { webhookEvents } from '../../../lib/platform.schema.ts';
import { PortalRepository } from '../../../modules/orders/portal/portal.repository.ts';
import { type EsimGoFake, startEsimGoFake } from '../../../../test/fakes/esimgo-fake.ts';
import { openTestDatabase, testConfig } from '../../../../test/helper.ts';
import { FlakySandboxPayments, checkoutBody, client, newKey, newSession } from '../../../../test/orders-fixtures.ts';
import { storeBytesOf } from './esimgo-mapping.ts';

/** eSIM Go bytes of a 1GB bundle in the store's units (`bytesFactorOf(1e9)`). */
const GB_FACTOR = 2 ** 30 / 1e9;
import { heldIccids } from '../../../modules/orders/orders.module.ts';
import { EsimGoProvider } from './esimgo-provider.ts';

/**
 * The store with `ESIM_PROVIDER=esimgo` against the fake, end to end: catalogue sync →
 * checkout (sandbox card) → fulfilment job → eSIMs from the fake; then usage callbacks from the
 * fake reach `POST /api/webhooks/esimgo` and update the portal's copy, once each.
 */

const KEY = 'esimgo-store-key-0123456';
let fake: EsimGoFake;
let database: Database;
let app: FastifyInstance;
let services: AppServices;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  fake = await startEsimGoFake({ apiKey: KEY });
  database = await openTestDatabase();
  const config = testConfig({ ESIMGO_API_KEY: KEY });
  const esimProvider = new EsimGoProvider({
    baseUrl: fake.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    ratePerSecond: 10,
    database,
    storeIccids: heldIccids(database.db),
    backoffBaseMs: 10,
  });
  ({ app, services } = await buildApp({
    config,
    database,
    serveWeb: false,
    esimProvider,
    paymentProvider: new FlakySandboxPayments({ db: database.db, secret: config.paymentSandboxSecret }),
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
  }));
  await services.catalog.ensureSeeded();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  fake.setCallbackUrl(`http://127.0.0.1:${port}/api/webhooks/esimgo`);
  api = client(app);
});

afterAll(async () => {
  await services.jobs.stop();
  await app.close();
  await database.close();
  await fake.close();
});

/** The fake counts like eSIM Go (10^9 bytes a GB); the store keeps 2^30 a GB (`storeBytesOf`): a 1GB bundle is 2^30 bytes. */
const GB = 2 ** 30;

async function bundleRows(iccid: string) {
  const [esim] = await database.db.select().from(esims).where(eq(esims.iccid, iccid));
  const rows = await database.db.select().from(esimBundles).where(eq(esimBundles.esimId, esim!.id));
  return { esim: esim!, rows };
}

describe('ESIM_PROVIDER=esimgo', () => {
  let iccid: string;

  it('sells and provisions an order end to end with eSIMs from eSIM Go', async () => {
    const product = await services.catalog.productByBundleName('esim_1GB_7D_TR_V2');
    expect(product).toBeDefined();
    expect(product!.countryCode).toBe('TR');
    const unlimited = await services.catalog.productByBundleName('esim_ULP_7D_TR_V2');
    expect(unlimited?.features.dataMb ?? null).toBeNull();

    const session = newSession();
    await api.addToCart(session, product!.productId, 2);
    const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
    expect(res.statusCode).toBe(201);
    const { orderNumber, accessToken } = res.json<{ orderNumber: string; accessToken: string }>();
    await services.jobs.runUntilIdle();

    const order = await api.getOrder(orderNumber, { 'x-access-token': accessToken });
    expect(order.statusCode).toBe(200);
    const body = order.json<{ status: string; esims: { iccid: string; activationCode: string }[] }>();
    expect(body.status).toBe('completed');
    expect(fake.orders()).toHaveLength(1);
    const delivered = fake.orders()[0]!.lines[0]!.iccids;
    expect(body.esims.map((e) => e.iccid).sort()).toEqual([...delivered].sort());
    const esim = fake.esim(delivered[0]!)!;
    expect(body.esims.find((e) => e.iccid === esim.iccid)!.activationCode).toBe(
      `LPA:1$rsp.esimgo-fake.test$${esim.matchingId}`,
    );
    iccid = esim.iccid;
  });

  it('applies signed usage callbacks from eSIM Go: first use, bytes, times and state, once each', async () => {
    const sent = await fake.useData(iccid, 600_000_000);
    expect(sent.map((s) => [s.alertType, s.status])).toEqual([
      ['FirstUse', 200],
      ['Utilisation', 200],
    ]);
    const { esim, rows } = await bundleRows(iccid);
    expect(esim).toMatchObject({ status: 'Active', profileState: 'enabled' });
    expect(esim.activatedAt).not.toBeNull();
    const assignment = fake.esim(iccid)!.assignments[0]!;
    expect(rows[0]).toMatchObject({
      providerAssignmentId: assignment.id,
      state: 'active',
      remainingBytes: storeBytesOf(400_000_000, GB_FACTOR),
      usedBytes: GB - storeBytesOf(400_000_000, GB_FACTOR),
    });
    expect(rows[0]!.startedAt?.toISOString()).toBe(assignment.startTime);
    expect(rows[0]!.endsAt?.toISOString()).toBe(assignment.endTime);

    // A replay of a delivery has no second effect.
    const replay = await app.inject({
      method: 'POST',
      url: '/api/webhooks/esimgo',
      headers: { 'content-type': 'application/json', 'x-signature-sha256': fake.sign(sent[1]!.body) },
      payload: sent[1]!.body,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    const events = await database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'esimgo'));
    expect(events).toHaveLength(2);

    // The periodic usage sync (no times from GET /bundles) keeps the callbacks' times.
    const esimItem = await new PortalRepository(database.db, services.catalog).esimOfOrder(esim.orderId, iccid);
    await services.usageSync.syncEsim(esimItem!);
    const after = await bundleRows(iccid);
    expect(after.rows[0]!.startedAt?.toISOString()).toBe(assignment.startTime);
    expect(after.esim.activatedAt).toEqual(esim.activatedAt);
    expect(after.rows[0]!.usedBytes).toBe(GB - storeBytesOf(400_000_000, GB_FACTOR));

    // Used up: depleted, the eSIM expired.
    const rest = await fake.useData(iccid, 400_000_000);
    expect(rest.map((s) => s.status)).toEqual([200]);
    expect((await bundleRows(iccid)).rows[0]).toMatchObject({ state: 'depleted', remainingBytes: 0 });
  });

  it('takes the ICCID from the raw text when it is a JSON number (precision) and refuses unsigned bodies', async () => {
    const [other] = fake.orders()[0]!.lines[0]!.iccids.filter((i) => i !== iccid);
    const sent = await fake.useData(other!, 10_000_000, { iccidAsNumber: true });
    expect(sent[0]!.body).toMatch(/"iccid":\d{19},/);
    expect(sent.every((s) => s.status === 200)).toBe(true);
    expect((await bundleRows(other!)).rows[0]).toMatchObject({
      state: 'active',
      usedBytes: GB - storeBytesOf(990_000_000, GB_FACTOR),
    });

    const body = JSON.stringify({
      iccid: other,
      alertType: 'Utilisation',
      bundle: { id: 'x', name: 'esim_1GB_7D_TR_V2', initialQuantity: 1e9, remainingQuantity: 0 },
    });
    const forged = createHmac('sha256', 'not-the-key').update(body).digest('hex');
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/esimgo',
      headers: { 'content-type': 'application/json', 'x-signature-sha256': forged },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect((await bundleRows(other!)).rows[0]!.usedBytes).toBe(GB - storeBytesOf(990_000_000, GB_FACTOR));
  });
});
