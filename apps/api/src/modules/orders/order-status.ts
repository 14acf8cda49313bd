import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { ConflictError } from '../../lib/errors.ts';

/**
 * The order status machine (DESIGN.md section 3: "transitions are a table in code"; statuses
 * from the specification's list, section 4). Fulfilment uses pending -> processing (payment
 * captured) -> completed (every eSIM delivered and e-mailed); a failed or cancelled payment
 * moves pending -> cancelled. `created`, `processed` and `shipped` are the specification's
 * intermediate statuses that admins may set by hand (created = accepted, awaiting payment;
 * processed = eSIMs provisioned; shipped = details sent). `cancelled` and `refunded` are final.
 * Every change goes through `transition()` in `orders.repository.ts`, which checks this table
 * and records from, to, when and by whom in `order_status_changes`.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['created', 'processing', 'cancelled'],
  created: ['processing', 'cancelled'],
  processing: ['processed', 'shipped', 'completed', 'cancelled'],
  processed: ['shipped', 'completed', 'cancelled'],
  shipped: ['completed', 'cancelled'],
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

/** 409 `invalid_transition`: the table does not allow this status change. */
export class InvalidTransitionError extends ConflictError {
  constructor(
    readonly from: string | null,
    readonly to: string,
  ) {
    super(`An order cannot go from ${from ?? 'nothing'} to ${to}`, 'invalid_transition');
  }
}

/** @throws InvalidTransitionError unless `from -> to` is in {@link ORDER_TRANSITIONS}. */
export function assertTransition(from: string | null, to: OrderStatus): void {
  if (from !== null && !isOrderStatus(from)) throw new InvalidTransitionError(from, to);
  if (!canTransition(from, to)) throw new InvalidTransitionError(from, to);
}
