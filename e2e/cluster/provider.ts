import { createHash } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import type postgres from 'postgres';
import { clusterState } from './support.ts';

/**
 * What the cluster specs ask of the eSIM provider the instances use (`ClusterState.esim`): the
 * eSIM Go fake (its `/__fake/*` controls) or the embedded sandbox (its tables in the shared
 * database).
 */

/** Sandbox eSIM orders are slowed by `ESIM_SANDBOX_LATENCY_MS`, set for the whole run (global set-up). */
export const SANDBOX_LATENCY_MS = 1_500;

function fakeOrigin(): string {
  const { fakes } = clusterState();
  if (!fakes) throw new Error('the provider fakes are not running');
  return new URL(fakes.esimgo).origin;
}

/**
 * Makes the provider's order calls take `ms`, so that an instance can be killed while one is in
 * flight. eSIM Go fake: `POST /__fake/latency {ordersMs}`, which creates the order first and then
 * holds the answer back — an instance killed then has bought eSIMs it never heard of, which the
 * instance that takes the job over must find (`GET /orders`) instead of ordering again. Resolves
 * with a function that undoes it. The sandbox's latency is fixed for the run ({@link SANDBOX_LATENCY_MS}).
 */
export async function slowProviderOrders(request: APIRequestContext, ms: number): Promise<() => Promise<void>> {
  if (clusterState().esim !== 'esimgo') return async () => {};
  const set = async (latencyMs: number) => {
    const res = await request.post(`${fakeOrigin()}/__fake/latency`, { data: { ordersMs: latencyMs } });
    expect(res.ok(), `POST /__fake/latency: ${res.status()} ${await res.text()}`).toBe(true);
  };
  await set(ms);
  return () => set(0);
}

/**
 * Resolves once the provider has created at least one order since `since` (eSIM Go fake: its
 * answers are held back {@link slowProviderOrders}, so the instance that sent it has not heard
 * back yet). The sandbox creates its eSIMs after its latency: nothing to wait for.
 */
export async function providerOrderPlaced(request: APIRequestContext, since: Date): Promise<void> {
  if (clusterState().esim !== 'esimgo') return;
  await expect(async () => {
    const res = await request.get(`${fakeOrigin()}/__fake/orders`);
    expect(fakeOrders(await res.json()).filter((o) => o.createdAt >= since.getTime() - 1_000).length).toBeGreaterThan(
      0,
    );
  }).toPass({ timeout: 10_000, intervals: [20] });
}

export interface ProviderDeliveries {
  /** Provider orders per store order line id (the reference `order-line-<id>`). */
  ordersPerLine: Record<string, number>;
  /** Every ICCID the provider delivered for those lines. */
  iccids: string[];
}

/**
 * The provider's own record of the orders of the store's order lines `lineIds` made since `since`.
 * eSIM Go fake: `GET /__fake/orders`, matched to lines through `provider_requests` (the adapter's
 * attempt records) and, for orders no attempt record names (a second purchase would be one), by
 * bundle and quantity. Sandbox: `sandbox_esims` by the caller's reference.
 */
export async function providerOrders(
  request: APIRequestContext,
  sql: postgres.Sql,
  lineIds: number[],
  since: Date,
): Promise<ProviderDeliveries> {
  const references = lineIds.map((id) => `order-line-${id}`);
  const ordersPerLine: Record<string, number> = {};
  const iccids: string[] = [];
  if (clusterState().esim === 'sandbox') {
    const rows = await sql<{ order_reference: string; iccid: string }[]>`
      select order_reference, iccid from sandbox_esims where order_reference in ${sql(references)}`;
    for (const reference of new Set(rows.map((r) => r.order_reference))) {
      const line = reference.replace('order-line-', '');
      ordersPerLine[line] = (ordersPerLine[line] ?? 0) + 1;
    }
    iccids.push(...rows.map((r) => r.iccid));
    return { ordersPerLine, iccids };
  }
  const res = await request.get(`${fakeOrigin()}/__fake/orders`);
  expect(res.ok()).toBe(true);
  const orders = fakeOrders(await res.json()).filter((o) => o.createdAt >= since.getTime() - 1_000);
  const attempts = await sql<{ reference: string; provider_reference: string | null }[]>`
    select reference, provider_reference from provider_requests where reference in ${sql(references)}`;
  const lineOf = new Map(
    attempts
      .filter((a) => a.provider_reference)
      .map((a) => [a.provider_reference!, a.reference.replace('order-line-', '')]),
  );
  // Orders another purchase of the store claimed (an earlier spec's top-up, say) are not these lines'.
  const others = new Set(
    (
      await sql<{ provider_reference: string }[]>`
        select provider_reference from provider_requests
        where provider_reference is not null and reference not in ${sql(references)}`
    ).flatMap((r) => r.provider_reference.split(',')),
  );
  const lines = await sql<{ id: number; api_bundle_name: string; quantity: number }[]>`
    select id, api_bundle_name, quantity from order_lines where id in ${sql(lineIds)}`;
  for (const order of orders) {
    if (others.has(order.reference)) continue;
    let line = lineOf.get(order.reference);
    // An order no attempt names: charge it to a line of the same bundle and quantity (a duplicate).
    line ??= lines.find((l) => l.api_bundle_name === order.bundle && l.quantity === order.quantity)?.id.toString();
    if (line === undefined) continue;
    ordersPerLine[line] = (ordersPerLine[line] ?? 0) + 1;
    iccids.push(...order.iccids);
  }
  return { ordersPerLine, iccids };
}

interface FakeOrder {
  reference: string;
  bundle: string;
  quantity: number;
  iccids: string[];
  createdAt: number;
}

/**
 * The fake's `GET /__fake/orders` answer, read leniently: an array (or `{ orders: [...] }`) of
 * eSIM Go order bodies (`orderReference`, `order: [{ item, quantity, iccids? , esims? }]`,
 * `createdDate`/`createdAt`).
 */
function fakeOrders(body: unknown): FakeOrder[] {
  const list = (Array.isArray(body) ? body : ((body as { orders?: unknown[] }).orders ?? [])) as Record<
    string,
    unknown
  >[];
  return list.map((raw) => {
    const items = (raw.order ?? []) as Record<string, unknown>[];
    const first = items[0] ?? {};
    const esims = [
      ...((first.esims ?? raw.esims ?? []) as { iccid: string }[]).map((e) => e.iccid),
      ...((first.iccids ?? raw.iccids ?? []) as string[]),
    ];
    const created = String(raw.createdDate ?? raw.createdAt ?? '');
    return {
      reference: String(
        raw.orderReference ?? raw.reference ?? createHash('sha256').update(JSON.stringify(raw)).digest('hex'),
      ),
      bundle: String(first.item ?? raw.bundle ?? ''),
      quantity: Number(first.quantity ?? raw.quantity ?? esims.length),
      iccids: [...new Set(esims)],
      createdAt: created ? Date.parse(created) : Date.now(),
    };
  });
}
