import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orders } from './orders.schema.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import { CatalogRepository } from '../catalog/catalog.repository.ts';
import { CatalogService } from '../catalog/catalog.service.ts';
import { PopularityRepository } from './popularity.repository.ts';

describe('PopularityRepository', () => {
  let database: Database;
  let productIds: number[];
  beforeAll(async () => {
    database = await openTestDatabase();
    const catalog = new CatalogService(
      new CatalogRepository(database.db),
      new SandboxEsimProvider({ db: database.db, latencyMs: 0 }),
    );
    await catalog.ensureSeeded();
    productIds = (await catalog.productsFor('JP')).slice(0, 3).map((p) => p.productId);
  });
  afterAll(async () => {
    await database?.close();
  });

  let counter = 0;
  async function order(opts: { status: string; paymentStatus: string; createdAt: Date; lines: [number, number][] }) {
    counter += 1;
    const [row] = await database.db
      .insert(orders)
      .values({
        orderNumber: `ORD-POP${counter}`,
        sessionId: `session-${counter}`,
        status: opts.status,
        totalCents: 100,
        customerName: 'Test',
        customerEmail: 'test@example.com',
        language: 'en',
        paymentMethod: 'card',
        paymentStatus: opts.paymentStatus,
        createdAt: opts.createdAt,
      })
      .returning({ id: orders.id });
    for (const [productId, quantity] of opts.lines) {
      await database.db.insert(orderLines).values({
        orderId: row!.id,
        productId,
        apiBundleName: 'esim_test',
        name: 'Test plan',
        countryCode: 'JP',
        dataAmount: '1GB',
        validityDays: 7,
        quantity,
        unitPriceCents: 100,
        lineTotalCents: 100 * quantity,
      });
    }
  }

  it('sums the units of paid, not cancelled or refunded, orders since an instant', async () => {
    const [a, b, c] = productIds as [number, number, number];
    const now = Date.now();
    const recent = new Date(now - 86_400_000);
    await order({
      status: 'completed',
      paymentStatus: 'succeeded',
      createdAt: recent,
      lines: [
        [a, 2],
        [b, 1],
      ],
    });
    await order({ status: 'processed', paymentStatus: 'succeeded', createdAt: recent, lines: [[a, 3]] });
    await order({ status: 'refunded', paymentStatus: 'succeeded', createdAt: recent, lines: [[b, 10]] });
    await order({ status: 'cancelled', paymentStatus: 'succeeded', createdAt: recent, lines: [[b, 10]] });
    await order({ status: 'pending', paymentStatus: 'requires_approval', createdAt: recent, lines: [[c, 10]] });
    await order({
      status: 'completed',
      paymentStatus: 'succeeded',
      createdAt: new Date(now - 100 * 86_400_000),
      lines: [[c, 7]],
    });
    const sold = await new PopularityRepository(database.db).unitsSoldSince(new Date(now - 90 * 86_400_000));
    expect(Object.fromEntries(sold)).toEqual({ [a]: 5, [b]: 1 });
  });
});
