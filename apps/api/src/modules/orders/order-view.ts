import { type AccountOrder, type OrderView, REFUNDED_ESIM_STATUS } from '@esim/contract/order';
import { isOrderStatus } from './order-status.ts';
import type { EsimRow, OrderLineRow, OrderLineWithTier, OrderRow } from './orders.repository.ts';

/**
 * Builds the customer's view of an order; the one place rows become `OrderView`.
 * @param refund the order's succeeded refund (`OrdersRepository.refundOf`; amount in integer US
 *   cents). With one, every eSIM of the order is `Refunded` and its install details (SM-DP+
 *   address, matching id, activation code: what its QR code carries) are left out, since a
 *   refunded eSIM is not to be installed. The confirmation e-mail, rendered from the eSIMs as
 *   delivered, passes none.
 */
export function toOrderView(
  order: OrderRow,
  lines: readonly OrderLineWithTier[],
  esims: readonly EsimRow[],
  refund: { amountCents: number; refundedAt: Date } | null = null,
): OrderView {
  const names = new Map(lines.map((l) => [l.id, l.name]));
  const refunded = refund !== null;
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
      status: refunded ? REFUNDED_ESIM_STATUS : e.status,
      smdpAddress: refunded ? null : e.smdpAddress,
      matchingId: refunded ? null : e.matchingId,
      activationCode: refunded ? null : e.activationCode,
      lineId: e.orderLineId,
      productName: names.get(e.orderLineId) ?? e.apiBundleName,
    })),
    refund: refund && { amountCents: refund.amountCents, refundedAt: refund.refundedAt.toISOString() },
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
