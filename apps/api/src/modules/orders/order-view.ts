import type { AccountOrder, OrderView } from '@esim/contract/order';
import { isOrderStatus } from './order-status.ts';
import type { EsimRow, OrderLineRow, OrderLineWithTier, OrderRow } from './orders.repository.ts';

/** Builds the customer's view of an order; the one place rows become `OrderView`. */
export function toOrderView(
  order: OrderRow,
  lines: readonly OrderLineWithTier[],
  esims: readonly EsimRow[],
): OrderView {
  const names = new Map(lines.map((l) => [l.id, l.name]));
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: isOrderStatus(order.status) ? order.status : 'pending',
    paymentStatus: order.paymentStatus as OrderView['paymentStatus'],
    paymentMethod: order.paymentMethod as OrderView['paymentMethod'],
    card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    currency: 'USD',
    totalCents: order.totalCents,
    customer: { fullName: order.customerName, email: order.customerEmail },
    items: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      countryCode: l.countryCode,
      dataAmount: l.dataAmount,
      validityDays: l.validityDays,
      tier: l.tier,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
    esims: esims.map((e) => ({
      iccid: e.iccid,
      status: e.status,
      smdpAddress: e.smdpAddress,
      matchingId: e.matchingId,
      activationCode: e.activationCode,
      lineId: e.orderLineId,
      productName: names.get(e.orderLineId) ?? e.apiBundleName,
    })),
  };
}

/** One order of the signed-in customer's list (`GET /api/orders`): the one place rows become `AccountOrder`. */
export function toAccountOrder(
  order: OrderRow,
  lines: readonly Pick<OrderLineRow, 'name' | 'quantity'>[],
): AccountOrder {
  return {
    orderNumber: order.orderNumber,
    kind: order.kind === 'topup' ? 'topup' : 'order',
    createdAt: order.createdAt.toISOString(),
    status: isOrderStatus(order.status) ? order.status : 'pending',
    totalCents: order.totalCents,
    currency: 'USD',
    items: lines.map(({ name, quantity }) => ({ name, quantity })),
  };
}
