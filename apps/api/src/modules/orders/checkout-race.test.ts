import type { Product, ProductsResponse } from '@esim/contract/catalog';
import type { CheckoutResponse } from '@esim/contract/checkout';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders } from './orders.schema.ts';
import { sandboxCharges } from '../../providers/payment/sandbox-payments.schema.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';

/**
 * 20 simultaneous checkouts of one cart, each with its own `Idempotency-Key` and its own fresh
 * sandbox card token: one pays, the others are refused 409 naming that order, never a 5xx (lock
 * order and retries: docs/decisions/0024-checkout-lock-order-and-retries.md; "one cart, one
 * checkout": docs/decisions/0012-one-cart-one-checkout.md). On PGlite (one connection) the
 * requests take turns; the race is real on PostgreSQL:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test CHECKOUT_RACE_RUNS=10 \
 *     npx vitest run --project api src/modules/orders/checkout-race.test.ts
 *
 * `CHECKOUT_RACE_RUNS` (default 1) repeats the race, each on a new cart, and prints one line per
 * run (status counts, orders paid and charges for the cart).
 */
const RUNS = Math.max(1, Number(process.env.CHECKOUT_RACE_RUNS ?? 1) || 1);
const REQUESTS = 20;

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let products: Product[];

beforeAll(async () => {
  ctx = await createOrdersTestApp();
  api = client(ctx.app);
  products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<ProductsResponse>()
    .products;
});
afterAll(async () => {
  await ctx?.close();
});

function product(n: number): Product {
  const p = products[n];
  if (!p) throw new Error(`no product #${n}`);
  return p;
}

/** What one race left behind, as the operator's report prints it. */
interface RaceReport {
  statuses: Record<string, number>;
  serverErrors: number;
  paidOrders: number;
  charges: number;
}

function summary(run: number, report: RaceReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  return `checkout race ${run}/${RUNS} on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${statuses}; 5xx ${report.serverErrors}; orders paid ${report.paidOrders}; charges ${report.charges}`;
}

describe(`${REQUESTS} simultaneous checkouts of one cart, each with its own key and card token`, () => {
  for (let run = 1; run <= RUNS; run++) {
    it(`answers one 201 and 409s naming that order, never a 5xx; one paid order, one charge (run ${run})`, async () => {
      const session = newSession();
      await api.addToCart(session, product(0).productId, 2);
      await api.addToCart(session, product(1).productId, 1);
      const bodies = await Promise.all(
        Array.from({ length: REQUESTS }, async () => checkoutBody({ method: 'card', token: await api.cardToken() })),
      );

      const responses = await Promise.all(bodies.map((body) => api.checkout(session, newKey(), body)));

      const db = ctx.database.db;
      const sessionOrders = await db.select().from(orders).where(eq(orders.sessionId, session));
      const charges = sessionOrders.length
        ? await db
            .select()
            .from(sandboxCharges)
            .where(
              inArray(
                sandboxCharges.idempotencyKey,
                sessionOrders.map((o) => `checkout:${o.orderNumber}`),
              ),
            )
        : [];
      const report: RaceReport = {
        statuses: {},
        serverErrors: responses.filter((r) => r.statusCode >= 500).length,
        paidOrders: sessionOrders.filter((o) => o.paymentStatus === 'succeeded').length,
        charges: charges.length,
      };
      for (const r of responses) report.statuses[r.statusCode] = (report.statuses[r.statusCode] ?? 0) + 1;
      if (process.env.CHECKOUT_RACE_RUNS) console.warn(summary(run, report));

      const described = responses.map((r) => `${r.statusCode} ${r.body}`).join('\n');
      expect(report.serverErrors, described).toBe(0);
      const paid = responses.filter((r) => r.statusCode === 201);
      expect(paid, described).toHaveLength(1);
      const { orderNumber } = paid[0]!.json<CheckoutResponse>();
      for (const refused of responses.filter((r) => r.statusCode !== 201)) {
        expect(refused.statusCode, refused.body).toBe(409);
        const { error } = refused.json<{ error: { code: string; orderNumber?: string } }>();
        expect(['checkout_in_progress', 'cart_checked_out'], refused.body).toContain(error.code);
        expect(error.orderNumber).toBe(orderNumber);
      }
      expect(sessionOrders.map((o) => [o.orderNumber, o.status, o.paymentStatus])).toEqual([
        [orderNumber, 'processing', 'succeeded'],
      ]);
      expect(charges.map((c) => [c.idempotencyKey, c.status])).toEqual([[`checkout:${orderNumber}`, 'succeeded']]);
      expect(await db.select().from(cartItems).where(eq(cartItems.sessionId, session))).toEqual([]);
    });
  }
});
