import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from './orders.schema.ts';

/**
 * Units sold per product (the chat assistant's "most popular plans for a country or
 * region"): order lines of paid orders and top-ups (payment succeeded, status neither `cancelled`
 * nor `refunded`) placed since an instant, summed per product. One range scan of
 * `orders (created_at, id)` joined to the lines by `order_lines (order_id)`.
 */
export class PopularityRepository {
  constructor(private readonly db: Db) {}

  /** Product id -> units sold since `since` (products without sales are absent). */
  async unitsSoldSince(since: Date): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ productId: orderLines.productId, units: sql<string>`sum(${orderLines.quantity})` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          gte(orders.createdAt, since),
          eq(orders.paymentStatus, 'succeeded'),
          notInArray(orders.status, ['cancelled', 'refunded']),
        ),
      )
      .groupBy(orderLines.productId);
    return new Map(rows.map((row) => [row.productId, Number(row.units)]));
  }
}
