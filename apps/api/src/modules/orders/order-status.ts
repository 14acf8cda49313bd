import { ORDER_STATUS_LABELS, type OrderStatusesResponse } from '@esim/contract/admin-orders';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { ConflictError } from '../../lib/errors.ts';

/**
 * The order status machine (docs/product-rules.md#order-statuses): the transitions are a table in
 * code, over the contract's `ORDER_STATUSES`. Fulfilment uses pending -> processing (payment
 * captured) -> completed (every eSIM delivered and e-mailed); a failed or cancelled payment
 * moves pending -> cancelled. `created`, `processed` and `shipped` are
 * intermediate statuses that admins may set by hand (created = accepted, awaiting payment;
 * processed = eSIMs provisioned; shipped = details sent). A paid order (processing, processed,
 * shipped, completed) may be `refunded` (through the payment provider, under the refund policy of
 * docs/product-rules.md#refunds, by `OrderRefunder`); an unpaid one (pending, created)
 * is cancelled instead. `cancelled` and `refunded` are final.
 * Every change goes through `transition()` in `orders.repository.ts`, which checks this table
 * and records from, to, when and by whom in `order_status_changes`. `GET /api/order-statuses`
 * serves this table (`next`), so the admin screens offer only the moves it allows.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['created', 'processing', 'cancelled'],
  created: ['processing', 'cancelled'],
  processing: ['processed', 'shipped', 'completed', 'cancelled', 'refunded'],
  processed: ['shipped', 'completed', 'cancelled', 'refunded'],
  shipped: ['completed', 'cancelled', 'refunded'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** Narrows a stored status to the contract's list. */
export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether `from -> to` is allowed; `from` null is the creation of an order, which starts `pending`. */
export function canTransition(from: OrderStatus | null, to: OrderStatus): boolean {
  return from === null ? to === 'pending' : ORDER_TRANSITIONS[from].includes(to);
}

/** Whether no status follows `status` (cancelled, refunded). */
export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/** The statuses an order in `status` may move to; none for a status outside the list. */
export function nextStatuses(status: string): readonly OrderStatus[] {
  return isOrderStatus(status) ? ORDER_TRANSITIONS[status] : [];
}

/** 409 `invalid_transition`: the table does not allow this status change. */
export class InvalidTransitionError extends ConflictError {
  constructor(
    readonly from: string | null,
    readonly to: string,
  ) {
    super(`An order cannot go from ${from ?? 'nothing'} to ${to}`, 'invalid_transition');
  }
}

/**
 * 409 `order_changed`: the order is no longer in the status the caller saw (another admin, the
 * payment or fulfilment changed it meanwhile); reload and decide again.
 */
export class OrderChangedError extends ConflictError {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `This order changed since you loaded it: it is now ${actual}, not ${expected}. Reload it and try again.`,
      'order_changed',
    );
  }
}

/** @throws InvalidTransitionError unless `from -> to` is in {@link ORDER_TRANSITIONS}. */
export function assertTransition(from: string | null, to: OrderStatus): void {
  if (from !== null && !isOrderStatus(from)) throw new InvalidTransitionError(from, to);
  if (!canTransition(from, to)) throw new InvalidTransitionError(from, to);
}

/**
 * `GET /api/order-statuses` (the screens take the statuses from the server): every status in the
 * contract's order with its labels in the five languages and
 * the statuses it may move to ({@link ORDER_TRANSITIONS}), so that screens offer only allowed moves.
 */
export function orderStatusesResponse(): OrderStatusesResponse {
  return {
    statuses: ORDER_STATUSES.map((status) => ({
      status,
      labels: { ...ORDER_STATUS_LABELS[status] },
      next: [...ORDER_TRANSITIONS[status]],
      final: isFinalStatus(status),
    })),
  };
}
