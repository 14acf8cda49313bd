import { expect, test } from '../support/test.ts';
import {
  type ApiPurchase,
  attachLogs,
  clusterSql,
  expectAlternating,
  instances,
  killInstance,
  purchaseViaApi,
  startInstance,
  turkeyPlans,
  upstreamSequence,
} from './support.ts';
import { providerOrderPlaced, providerOrders, slowProviderOrders } from './provider.ts';

/**
 * SIGKILL of the instance that is provisioning an order, in the middle of the provider call
 * (decision record 0020): the other instance takes the job over once its lease (JOB_LEASE_MS,
 * 3 s here) has run out, the order completes, and the eSIM provider delivered exactly the eSIMs
 * ordered: one provider order per line, no eSIM twice. Orders placed while the instance is down
 * go to the other one (nginx). The killed instance is then started again and serves its share.
 */

const ORDERS = 3;

// Playwright requires a destructuring pattern for the fixtures, even when none is used.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => attachLogs(testInfo));

test('an instance killed with SIGKILL in the middle of fulfilment loses no order and provisions no eSIM twice', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const sql = clusterSql();
  const restore = await slowProviderOrders(request, 2_500);
  let killed: number | undefined;
  try {
    const plans = await turkeyPlans(request);
    const since = new Date();
    const purchases: ApiPurchase[] = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) => purchaseViaApi(request, plans[i % plans.length]!.productId, 2)),
    );

    // An order is placed at the provider, its answer held back; the instance whose worker holds a
    // provisioning job (jobs.locked_by = <host>:<pid>:<random>) is the one to kill.
    await providerOrderPlaced(request, since);
    const byPid = new Map((await instances()).map((i) => [i.pid, i.index]));
    const deadline = Date.now() + 10_000;
    while (killed === undefined) {
      const rows = await sql<{ locked_by: string }[]>`
        select locked_by from jobs where type = 'provision-order' and status = 'running' and locked_by is not null`;
      for (const row of rows) {
        const pid = Number(row.locked_by.split(':')[1]);
        if (byPid.has(pid)) killed = byPid.get(pid);
      }
      if (killed === undefined) {
        expect(Date.now(), 'a provisioning job running on an instance').toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await killInstance(killed);
    console.error(`cluster: killed instance ${killed} (SIGKILL) in the middle of fulfilment`);

    // Bought while it is down: nginx sends everything to the other instance.
    purchases.push(await purchaseViaApi(request, plans[0]!.productId, 1));

    // Every order completes, with its eSIMs.
    for (const { orderNumber, sessionId } of purchases) {
      await expect(async () => {
        const res = await request.get(`/api/orders/${orderNumber}`, { headers: { 'X-Session-Id': sessionId } });
        expect(res.status()).toBe(200);
        const order = (await res.json()) as { status: string; esims: unknown[] };
        expect(order.status).toBe('completed');
      }).toPass({ timeout: 45_000, intervals: [250] });
    }
    const numbers = purchases.map((p) => p.orderNumber);
    const lines = await sql<{ id: number; quantity: number; esims: number }[]>`
      select l.id, l.quantity, (select count(*)::int from esims e where e.order_line_id = l.id) as esims
      from order_lines l join orders o on o.id = l.order_id where o.order_number in ${sql(numbers)}`;
    expect(lines).toHaveLength(purchases.length);
    for (const line of lines) expect(line.esims, `line ${line.id}`).toBe(line.quantity);
    // No order of the run was lost or left behind (the journey's orders included).
    const unfinished =
      await sql`select order_number, status from orders where status not in ('completed', 'cancelled', 'refunded')`;
    expect(unfinished).toEqual([]);

    const attempts = await sql<{ reference: string; attempts: number; state: string }[]>`
      select reference, attempts, state from provider_requests where reference in ${sql(lines.map((l) => `order-line-${l.id}`))}`.catch(
      () => [],
    );
    console.error(
      `cluster: provider attempts ${attempts.map((a) => `${a.reference}=${a.attempts}/${a.state}`).join(', ') || '(sandbox)'}`,
    );

    // At the provider: one order per line, exactly the eSIMs the store holds.
    const delivered = await providerOrders(
      request,
      sql,
      lines.map((l) => l.id),
      since,
    );
    const stored = await sql<{ iccid: string }[]>`
      select e.iccid from esims e join orders o on o.id = e.order_id where o.order_number in ${sql(numbers)}`;
    expect(delivered.ordersPerLine).toEqual(Object.fromEntries(lines.map((l) => [String(l.id), 1])));
    expect([...delivered.iccids].sort()).toEqual(stored.map((r) => r.iccid).sort());
  } finally {
    await restore();
    if (killed !== undefined) await startInstance(killed);
    await sql.end({ timeout: 5 });
  }
  // Back in the rotation, once nginx tries it again (fail_timeout 2 s after the failed connects).
  await expect(async () => expectAlternating(await upstreamSequence(request))).toPass({
    timeout: 15_000,
    intervals: [500],
  });
});
