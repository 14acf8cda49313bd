import type { UnlimitedTier } from '@esim/contract/catalog';
import type { OrderStatus } from '@esim/contract/order';
import { and, asc, desc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactionWithRetry } from '../../db/transaction-retry.ts';
import {
  type BillingAddressJson,
  cartItems,
  esimBundles,
  esims,
  orderEvents,
  orderLines,
  orderStatusChanges,
  orders,
  refunds,
} from './orders.schema.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import { asTier } from '../../lib/plan-names.ts';
import { deleteSessionLines } from './cart/cart.repository.ts';
import { type IdempotencyRef, saveRecoveryPoint } from '../../lib/idempotency.repository.ts';
import { discardJob, enqueue, releaseJob } from '../../lib/jobs.repository.ts';
import {
  type OrderJobPayload,
  PROVISION_ORDER_JOB,
  SEND_ORDER_EMAIL_JOB,
  emailJobKey,
  provisionJobKey,
} from './order-jobs.ts';
import { OrderChangedError, assertTransition } from './order-status.ts';

/** A stored order. */
export type OrderRow = typeof orders.$inferSelect;
/** A stored order line. */
export type OrderLineRow = typeof orderLines.$inferSelect;
/**
 * An order line with the unlimited tier of its product, so plan names keep 'Unlimited Plus'.
 * The tier belongs to the provider bundle the product is keyed by, so it never changes after the sale.
 */
/** What the orders module reads of the catalogue's products: their facts, retired products included. */
export type ProductFactsSource = Pick<CatalogService, 'productFacts' | 'productFactsByBundleName'>;

export type OrderLineWithTier = OrderLineRow & { tier: UnlimitedTier | null };
/** A stored eSIM. */
export type EsimRow = typeof esims.$inferSelect;

/** An order to create (status `pending`, payment not settled). Money in US cents. */
export interface NewOrder {
  orderNumber: string;
  sessionId: string;
  /** The signed-in account that places it; absent for a guest. */
  userId?: number | null;
  totalCents: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  billingAddress: BillingAddressJson | null;
  language: string;
  paymentMethod: 'card' | 'paypal';
  /** `order` (cart checkout, default) or `topup` (a bundle for an existing eSIM, bought in the portal). */
  kind?: 'order' | 'topup';
  /** Top-ups: the order whose portal bought it. */
  parentOrderId?: number | null;
  /** Top-ups: the eSIM to apply the bundle to. */
  topupEsimId?: number | null;
  /** SHA-256 hex of the access token; `null` for top-ups (they live in their parent's portal). */
  accessTokenHash: string | null;
  /** When the access token stops opening the portal; `null` for top-ups. */
  accessTokenExpiresAt: Date | null;
}

/** A line to create, with the product facts frozen. */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** An eSIM the provider delivered for unit `unitIndex` (0-based) of a line. */
export interface NewEsim {
  unitIndex: number;
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  activationCode: string;
}

/** A line with the number of eSIMs it already holds. */
export type LineProgress = OrderLineRow & { esimCount: number };

/** Who changed an order: `system`, `customer`, `payment:<provider>` or `admin:<username>`. */
export type Actor = string;

/**
 * Moves an order to status `to` inside the caller's transaction: locks the order row, checks the
 * status the caller expects (`opts.expected`, compare-and-set: an admin's change applies only to
 * the status the admin saw), checks the transition table (`order-status.ts`), updates the status
 * (and `completed_at` on completion) and records the change with its actor and note in
 * `order_status_changes`. The one way an order's status changes. The row lock makes concurrent
 * changes take turns: the second sees the first's status (PostgreSQL re-reads a row locked `FOR
 * UPDATE` once the other transaction commits), so two admins' changes cannot both apply.
 * @returns the status the order had.
 * @throws OrderChangedError (409 `order_changed`) when the order is not in `opts.expected`.
 * @throws InvalidTransitionError (409) when the table does not allow the move.
 * @throws Error when the order does not exist.
 */
export async function transition(
  tx: Db,
  orderId: number,
  to: OrderStatus,
  actor: Actor,
  note?: string | null,
  opts: { expected?: string | undefined } = {},
): Promise<string> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw new Error(`Order ${orderId} does not exist`);
  if (opts.expected !== undefined && row.status !== opts.expected)
    throw new OrderChangedError(opts.expected, row.status);
  assertTransition(row.status, to);
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'completed' ? { completedAt: sql`now()` } : {}) })
    .where(eq(orders.id, orderId));
  await tx
    .insert(orderStatusChanges)
    .values({ orderId, fromStatus: row.status, toStatus: to, actor, note: note ?? null });
  return row.status;
}

/** Bytes in one MB, as data amounts are counted (1 MB = 1,048,576 bytes; `format.ts` uses 1 GB = 1024 MB). */
export const BYTES_PER_MB = 1_048_576;

/**
 * Inserts the bundle bought by order line `lineId`, with the product's allowance (`dataMb`, null
 * when unlimited) as initial and remaining bytes: on every eSIM of that line (`target:
 * 'line-esims'`, the main bundles) or on one eSIM (a top-up, with the provider's assignment id).
 * Existing rows are kept (`ON CONFLICT DO NOTHING` on `(esim_id, order_line_id)`).
 */
async function insertLineBundles(
  tx: Db,
  lineId: number,
  dataMb: number | null,
  target: 'line-esims' | { esimId: number; assignmentId: string },
): Promise<void> {
  const [esimId, kind, assignmentId, esimJoin] =
    target === 'line-esims'
      ? [sql`e.id`, 'main', null, sql`join ${esims} e on e.order_line_id = l.id`]
      : [sql`${target.esimId}::int`, 'topup', target.assignmentId, sql``];
  const bytes = dataMb === null ? null : String(dataMb * BYTES_PER_MB);
  await tx.execute(sql`
    insert into ${esimBundles} (esim_id, order_line_id, kind, provider_assignment_id, api_bundle_name, name, country_code,
                                data_mb, validity_days, unlimited, initial_bytes, remaining_bytes)
    select ${esimId}, l.id, ${kind}, ${assignmentId}, l.api_bundle_name, l.name, l.country_code,
           ${dataMb}::int, l.validity_days, ${dataMb === null}::boolean, ${bytes}::bigint, ${bytes}::bigint
    from ${orderLines} l ${esimJoin}
    where l.id = ${lineId}
    on conflict do nothing`);
}

/** Why a checkout created no order (see {@link OrdersRepository.createOrder}). */
export type CheckoutBlock =
  /** Another checkout of this cart is open (being paid, or waiting for a PayPal capture). */
  | { kind: 'in_progress'; orderNumber: string }
  /** The cart was emptied by a checkout that paid meanwhile: the order it became. */
  | { kind: 'checked_out'; orderNumber: string }
  /** The cart changed between pricing and ordering. */
  | { kind: 'cart_changed' };

/** The outcome of {@link OrdersRepository.createOrder}. */
export type CreateOrderResult = { kind: 'created'; orderId: number } | CheckoutBlock;

/** Thrown inside the transaction to roll it back, caught outside it. */
class CheckoutBlocked extends Error {
  constructor(readonly result: CheckoutBlock) {
    super(result.kind);
  }
}

/** The predicate of the partial unique index `orders_open_checkout_idx`. */
const OPEN_CHECKOUT = sql`${orders.kind} = 'order' and ${orders.status} = 'pending'`;

/** A capture older than this is presumed dead (a PayPal capture call takes seconds at most). */
const CAPTURE_STALE_MS = 5 * 60_000;

/**
 * The advisory lock space (first key of PostgreSQL's two-key `pg_advisory_xact_lock(int, int)`)
 * of the per-session checkout anchor; the second key is `hashtext(session_id)`. Two-key locks
 * never meet the one-key lock of migrations (`db/client.ts`).
 */
const CHECKOUT_SESSION_LOCK_SPACE = 24;

/**
 * Takes the visitor session's checkout anchor: a transaction-scoped advisory lock, held until the
 * transaction ends, that every transaction locking both the session's checkout orders and its
 * cart lines takes first (`createOrder` and `markPaid`), so that they take turns instead of
 * locking those rows in opposite orders (docs/decisions/0024-checkout-lock-order-and-retries.md).
 * After it, rows are locked in one order: orders, then cart lines by id, then jobs.
 */
async function lockCheckoutSession(tx: Db, sessionId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CHECKOUT_SESSION_LOCK_SPACE}::int, hashtext(${sessionId}::text))`,
  );
}

/** {@link lockCheckoutSession} for the session of checkout order `orderId`; nothing for a top-up (no cart). */
async function lockCheckoutSessionOf(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CHECKOUT_SESSION_LOCK_SPACE}::int, hashtext(session_id))
        from ${orders} where id = ${orderId}::int and kind = 'order'`,
  );
}

/** The session's open (unpaid) checkout order, locked for the transaction. */
async function openCheckout(tx: Db, sessionId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      captureStartedAt: orders.captureStartedAt,
    })
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId), OPEN_CHECKOUT))
    .for('update');
  return row;
}

/**
 * Locks the session's cart rows, in line-id order (the order every multi-line lock of the cart
 * takes), and compares them with the lines about to be ordered.
 * @returns undefined when they match, otherwise why the checkout cannot go on.
 */
async function cartMismatch(
  tx: Db,
  sessionId: string,
  lines: readonly NewOrderLine[],
): Promise<CheckoutBlock | undefined> {
  const rows = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.id))
    .for('update');
  const wanted = new Map(lines.map((l) => [l.productId, l.quantity]));
  if (rows.length === wanted.size && rows.every((r) => wanted.get(r.productId) === r.quantity)) return undefined;
  if (rows.length === 0) {
    const [paid] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.sessionId, sessionId), eq(orders.kind, 'order'), ne(orders.status, 'cancelled')))
      .orderBy(desc(orders.id))
      .limit(1);
    if (paid) return { kind: 'checked_out', orderNumber: paid.orderNumber };
  }
  return { kind: 'cart_changed' };
}

/**
 * Makes room for a new checkout of the session: an open order that waits for the buyer (a PayPal
 * order not yet approved, or a card payment waiting for 3-D Secure: reference set, no
 * capture or confirmation running) is cancelled as superseded. PayPal never captures it, as only
 * the store captures and {@link OrdersRepository.startCapture} then finds it cancelled; a card
 * payment the customer still completes in an old tab is refunded when the store hears of it
 * (`OrdersService.confirmCardAction`, the Stripe webhook).
 * @param open the session's open order as {@link openCheckout} locked it, if any.
 * @returns undefined when there is room, `in_progress` naming the open order otherwise (a charge
 *   being made has no reference yet).
 */
async function settleOpenCheckout(
  tx: Db,
  open: Awaited<ReturnType<typeof openCheckout>>,
): Promise<CheckoutBlock | undefined> {
  if (!open) return undefined;
  const capturing = open.captureStartedAt !== null && Date.now() - open.captureStartedAt.getTime() < CAPTURE_STALE_MS;
  if (open.paymentReference === null || capturing) {
    return { kind: 'in_progress', orderNumber: open.orderNumber };
  }
  await tx
    .update(orders)
    .set({
      paymentStatus: 'cancelled',
      paymentError: 'Replaced by a newer checkout of the same cart.',
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, open.id));
  await transition(tx, open.id, 'cancelled', 'customer', 'superseded');
  await discardJob(tx, provisionJobKey(open.id));
  return undefined;
}

/**
 * Data access of the orders module: orders, their lines, eSIMs and status history, plus the jobs
 * and cart changes that must commit together with them. Methods that change an order are one
 * transaction each and idempotent: applying the same outcome twice changes nothing the second
 * time (concurrent calls included; the order row is locked first). Each transaction runs again
 * on deadlock or serialization failure (`db/transaction-retry.ts`), so its body does database
 * work only; one still failing after the last attempt is `TransactionConflictError` (503).
 * Locks are taken in one order (docs/decisions/0024-checkout-lock-order-and-retries.md): the
 * session's checkout anchor, orders, cart lines by id, jobs.
 */
export class OrdersRepository {
  /** @param products the catalogue's facts of the products sold (tier, allowance, name), retired ones included. */
  constructor(
    private readonly db: Db,
    private readonly products: ProductFactsSource,
  ) {}

  /**
   * Creates a `pending` order with its lines and the status change null -> pending (actor
   * `customer`), and saves `recovery` as the recovery point of the idempotency key `ref`, all in
   * one transaction: a retry of the request resumes with this very order.
   *
   * A checkout (`kind` `order`) also enforces "one cart, one checkout" (decision record 0012), whatever the
   * idempotency keys of concurrent requests:
   * - the session's cart rows are locked (`FOR UPDATE`) and must still hold exactly the lines
   *   being ordered; a concurrent checkout that paid (and emptied) the cart, or an edit of the
   *   cart meanwhile, makes this one `checked_out` or `cart_changed`;
   * - the session may hold one unpaid checkout (unique index `orders_open_checkout_idx`): an
   *   open PayPal order still waiting for the buyer (and not being captured) is superseded
   *   (cancelled, note `superseded`, its parked job discarded); any other open order makes this
   *   one `in_progress`, naming it.
   * Locks: the session's checkout anchor, its open order, then its cart rows (see the class).
   * @returns `created` with the order id, or why no order was created (nothing was written).
   * @throws TransactionConflictError (503) when deadlocks or serialization failures outlast the retries.
   */
  createOrder(
    order: NewOrder,
    lines: readonly NewOrderLine[],
    idempotency: { ref: IdempotencyRef; recovery: unknown },
  ): Promise<CreateOrderResult> {
    return transactionWithRetry(this.db, async (tx): Promise<CreateOrderResult> => {
      assertTransition(null, 'pending');
      const checkout = (order.kind ?? 'order') === 'order';
      if (checkout) {
        await lockCheckoutSession(tx, order.sessionId);
        const open = await openCheckout(tx, order.sessionId);
        const blocked = (await cartMismatch(tx, order.sessionId, lines)) ?? (await settleOpenCheckout(tx, open));
        if (blocked) throw new CheckoutBlocked(blocked);
      }
      const [row] = await tx
        .insert(orders)
        .values({ ...order, status: 'pending', paymentStatus: 'requires_approval' })
        .onConflictDoNothing({ target: orders.sessionId, where: OPEN_CHECKOUT })
        .returning({ id: orders.id });
      if (!row) {
        // A concurrent checkout of this session committed its order first. Checkouts take turns
        // on the session's anchor, so this is only the unique index's last word.
        const open = await openCheckout(tx, order.sessionId);
        throw new CheckoutBlocked(
          open ? { kind: 'in_progress', orderNumber: open.orderNumber } : { kind: 'cart_changed' },
        );
      }
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
      await tx
        .insert(orderStatusChanges)
        .values({ orderId: row.id, fromStatus: null, toStatus: 'pending', actor: 'customer' });
      await saveRecoveryPoint(tx, idempotency.ref, idempotency.recovery);
      return { kind: 'created', orderId: row.id };
    }).catch((error: unknown) => {
      if (error instanceof CheckoutBlocked) return error.result;
      throw error;
    });
  }

  /**
   * The session's latest checkout order that was not cancelled, placed within `withinMs` (default
   * one hour): what an empty cart was most likely checked out as.
   */
  async recentCheckout(sessionId: string, withinMs = 3_600_000): Promise<string | undefined> {
    const [row] = await this.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.sessionId, sessionId),
          eq(orders.kind, 'order'),
          ne(orders.status, 'cancelled'),
          sql`${orders.createdAt} > now() - make_interval(secs => ${withinMs / 1000})`,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(1);
    return row?.orderNumber;
  }

  /**
   * Marks the start of a PayPal capture of a pending order (`capture_started_at`), so that a newer
   * checkout of the same cart cannot supersede the order while PayPal captures it.
   * @returns false when the order is no longer pending (it was paid, cancelled or superseded):
   *   then the payment must not be captured.
   */
  async startCapture(orderId: number): Promise<boolean> {
    const rows = await this.db
      .update(orders)
      .set({ captureStartedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /** Clears the capture mark of {@link startCapture} when PayPal has not approved the payment yet. */
  async endCapture(orderId: number): Promise<void> {
    await this.db.update(orders).set({ captureStartedAt: null }).where(eq(orders.id, orderId));
  }

  /** The order with this number, if any. */
  async findByNumber(orderNumber: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    return row;
  }

  /** The order with this id, if any. */
  async findById(orderId: number): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    return row;
  }

  /**
   * The orders of an account: those placed by it (`user_id`) and the top-ups of those,
   * newest first, each with its lines (by id).
   */
  async ordersOfUser(userId: number): Promise<{ order: OrderRow; lines: Pick<OrderLineRow, 'name' | 'quantity'>[] }[]> {
    const owned = this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'order')));
    const rows = await this.db
      .select()
      .from(orders)
      .where(or(eq(orders.userId, userId), inArray(orders.parentOrderId, owned)))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderLines.id));
    return rows.map((order) => ({
      order,
      lines: lines.filter((l) => l.orderId === order.id).map(({ name, quantity }) => ({ name, quantity })),
    }));
  }

  /** An order's lines (by id, with their product's tier) and eSIMs (by line, then unit). */
  async contents(orderId: number): Promise<{ lines: OrderLineWithTier[]; esims: EsimRow[] }> {
    const [lines, delivered] = await Promise.all([
      this.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id))
        .then(async (rows) => {
          const facts = await this.products.productFacts(rows.map((line) => line.productId));
          return rows.map((line) => ({ ...line, tier: asTier(facts.get(line.productId)?.tier ?? null) }));
        }),
      this.db
        .select()
        .from(esims)
        .where(eq(esims.orderId, orderId))
        .orderBy(asc(esims.orderLineId), asc(esims.unitIndex)),
    ]);
    return { lines, esims: delivered };
  }

  /**
   * The order's refund once the payment provider made it (`succeeded`; one per order, in full),
   * also when the order's status could not follow; undefined otherwise. Amount in integer US cents.
   */
  async refundOf(orderId: number): Promise<{ amountCents: number; refundedAt: Date } | undefined> {
    const [row] = await this.db
      .select({ amountCents: refunds.amountCents, completedAt: refunds.completedAt, createdAt: refunds.createdAt })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')));
    return row && { amountCents: row.amountCents, refundedAt: row.completedAt ?? row.createdAt };
  }

  /** Names of products by id (retired ones included), for messages about products no longer sold. */
  async productNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const facts = await this.products.productFacts(ids);
    return new Map([...facts].map(([id, product]) => [id, product.name]));
  }

  /** An order's status history, oldest first. */
  statusChanges(orderId: number) {
    return this.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.id));
  }

  /**
   * Records a captured payment: payment fields, pending -> processing (by `actor`), the visitor's
   * cart emptied, and the `provision-order` job enqueued and made due, in one transaction. A
   * PayPal order's job was parked at checkout with the access token (see
   * {@link awaitPaypalApproval}); enqueueing again leaves that one in place. A checkout order
   * takes its session's checkout anchor first, then its own row, then the cart lines (the lock
   * order of `createOrder`, which this transaction would otherwise deadlock with).
   * @returns false when the payment had already been recorded (nothing changed).
   * @throws InvalidTransitionError when the order is no longer pending (e.g. cancelled).
   * @throws TransactionConflictError (503) when deadlocks or serialization failures outlast the retries.
   */
  markPaid(
    orderId: number,
    payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
    actor: Actor,
    provisionPayload: OrderJobPayload,
  ): Promise<boolean> {
    return transactionWithRetry(this.db, async (tx) => {
      await lockCheckoutSessionOf(tx, orderId);
      const [order] = await tx
        .select({
          paymentStatus: orders.paymentStatus,
          sessionId: orders.sessionId,
          kind: orders.kind,
          paymentMethod: orders.paymentMethod,
          totalCents: orders.totalCents,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order || order.paymentStatus === 'succeeded') return false;
      // The order screen's timeline: what was paid, how, with which reference.
      await tx.insert(orderEvents).values({
        orderId,
        kind: 'payment',
        actor,
        message: 'Payment captured',
        data: {
          outcome: 'succeeded',
          method: order.paymentMethod,
          amountCents: order.totalCents,
          reference: payment.reference,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
        },
      });
      await tx
        .update(orders)
        .set({
          paymentStatus: 'succeeded',
          paymentReference: payment.reference,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          paymentError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId));
      await transition(tx, orderId, 'processing', actor);
      // The cart module's table, emptied here because it must commit with the payment. A top-up
      // was not bought from the cart, which the visitor may be filling meanwhile.
      if (order.kind === 'order') await deleteSessionLines(tx, order.sessionId);
      const dedupeKey = provisionJobKey(orderId);
      await enqueue(tx, { type: PROVISION_ORDER_JOB, payload: provisionPayload, dedupeKey });
      await releaseJob(tx, dedupeKey);
      return true;
    });
  }

  /**
   * Records a PayPal order awaiting the buyer's approval: its reference, and the
   * `provision-order` job parked with `provisionPayload` (which carries the access token, known
   * only now) until {@link markPaid} releases it or {@link markPaymentFailed} discards it.
   */
  awaitPaypalApproval(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    return this.awaitBuyer(orderId, reference, provisionPayload);
  }

  /**
   * Records a card payment waiting for the customer's action (Stripe `requires_action`, 3-D
   * Secure): its PaymentIntent id as the reference (the webhook finds the order by it),
   * and the `provision-order` job parked with `provisionPayload`, as {@link awaitPaypalApproval}.
   * The payment status stays `requires_approval` until the payment is settled.
   */
  awaitCardAction(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    return this.awaitBuyer(orderId, reference, provisionPayload);
  }

  /**
   * Parks the `provision-order` job of a pending order with `provisionPayload` (which carries the
   * access token, known only to the checkout) before its card is charged, so that whoever records
   * the payment (the checkout, or the Stripe webhook when the checkout died after Stripe charged)
   * releases a job that can still e-mail the confirmation. Idempotent on the job's dedupe key;
   * {@link markPaid} releases the job, {@link markPaymentFailed} discards it.
   */
  parkProvisioning(orderId: number, provisionPayload: OrderJobPayload): Promise<void> {
    return transactionWithRetry(this.db, async (tx) => {
      await enqueue(tx, {
        type: PROVISION_ORDER_JOB,
        payload: provisionPayload,
        dedupeKey: provisionJobKey(orderId),
        parked: true,
      });
    });
  }

  /**
   * Records a payment event on an order's timeline (`order_events`, kind `payment`), e.g.
   * a card payment completed after its order was cancelled, and refunded.
   */
  async recordPaymentEvent(
    orderId: number,
    actor: Actor,
    message: string,
    data: Record<string, unknown>,
  ): Promise<void> {
    await this.db.insert(orderEvents).values({ orderId, kind: 'payment', actor, message, data });
  }

  private awaitBuyer(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    return transactionWithRetry(this.db, async (tx) => {
      await tx
        .update(orders)
        .set({ paymentReference: reference, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'requires_approval')));
      await enqueue(tx, {
        type: PROVISION_ORDER_JOB,
        payload: provisionPayload,
        dedupeKey: provisionJobKey(orderId),
        parked: true,
      });
    });
  }

  /**
   * Records a payment that failed (declined) or was cancelled (PayPal): payment fields with the
   * provider's reason, pending -> cancelled (by `actor`, the failure code as note), and any parked
   * provisioning job discarded. The cart is left as it is.
   * @returns false when the order was no longer pending (nothing changed).
   */
  markPaymentFailed(
    orderId: number,
    failure: { paymentStatus: 'failed' | 'cancelled'; reference: string; code: string; message: string },
    actor: Actor,
  ): Promise<boolean> {
    return transactionWithRetry(this.db, async (tx) => {
      const [order] = await tx
        .select({ status: orders.status, paymentMethod: orders.paymentMethod, totalCents: orders.totalCents })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order || order.status !== 'pending') return false;
      await tx.insert(orderEvents).values({
        orderId,
        kind: 'payment',
        actor,
        message: failure.message,
        data: {
          outcome: failure.paymentStatus,
          method: order.paymentMethod,
          amountCents: order.totalCents,
          reference: failure.reference,
          code: failure.code,
        },
      });
      await tx
        .update(orders)
        .set({
          paymentStatus: failure.paymentStatus,
          paymentReference: failure.reference,
          paymentError: failure.message,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId));
      await transition(tx, orderId, 'cancelled', actor, failure.code);
      await discardJob(tx, provisionJobKey(orderId));
      return true;
    });
  }

  /** An order's lines (by id), each with the number of eSIMs it holds. */
  linesWithProgress(orderId: number): Promise<LineProgress[]> {
    return this.db
      .select({
        ...getTableColumns(orderLines),
        // Spelled out: in a select list Drizzle leaves columns unqualified, and a bare "id" here would be esims.id.
        esimCount: sql<number>`(select count(*)::int from ${esims} e where e.order_line_id = ${orderLines}.id)`.mapWith(
          Number,
        ),
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
  }

  /**
   * Stores the eSIMs of a line, each with its main bundle (`esim_bundles`, waiting for the first
   * usage sync), in one transaction. Units already stored are kept (`ON CONFLICT (order_line_id,
   * unit_index) DO NOTHING`, and `(esim_id, order_line_id)` for bundles), so a line never holds
   * more than one eSIM per unit however often provisioning runs.
   */
  async saveEsims(
    line: Pick<OrderLineRow, 'id' | 'orderId' | 'apiBundleName'>,
    providerReference: string,
    delivered: readonly NewEsim[],
  ): Promise<void> {
    if (delivered.length === 0) return;
    const dataMb = await this.lineDataMb(line.id);
    await transactionWithRetry(this.db, async (tx) => {
      await tx
        .insert(esims)
        .values(
          delivered.map((e) => ({
            ...e,
            orderId: line.orderId,
            orderLineId: line.id,
            providerReference,
            apiBundleName: line.apiBundleName,
          })),
        )
        .onConflictDoNothing({ target: [esims.orderLineId, esims.unitIndex] });
      await insertLineBundles(tx, line.id, dataMb, 'line-esims');
    });
  }

  /**
   * Records the bundle of a top-up line on its eSIM once the provider has applied it (kind
   * `topup`, with the provider's assignment id). Idempotent by `(esim_id, order_line_id)`.
   */
  async saveTopupBundle(line: Pick<OrderLineRow, 'id'>, esimId: number, assignmentId: string): Promise<void> {
    await insertLineBundles(this.db, line.id, await this.lineDataMb(line.id), { esimId, assignmentId });
  }

  /** The allowance in MB of the product an order line sold (null when unlimited or unknown). */
  private async lineDataMb(lineId: number): Promise<number | null> {
    const [line] = await this.db
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(eq(orderLines.id, lineId));
    if (!line) return null;
    return (await this.products.productFacts([line.productId])).get(line.productId)?.dataMb ?? null;
  }

  /** The eSIM with this id, if any. */
  async findEsim(esimId: number): Promise<EsimRow | undefined> {
    const [row] = await this.db.select().from(esims).where(eq(esims.id, esimId));
    return row;
  }

  /**
   * Enqueues the confirmation e-mail job (once per order) after checking, in the same
   * transaction, that every line is delivered: it holds its quantity of eSIMs (orders), or its
   * bundle is on the eSIM (top-ups).
   * @returns false (and enqueues nothing) when some line is short.
   */
  queueConfirmation(orderId: number, payload: OrderJobPayload): Promise<boolean> {
    return transactionWithRetry(this.db, async (tx) => {
      const delivered = sql`(case when (select kind from ${orders} where id = ${orderId}) = 'topup'
        then (select count(*) from ${esimBundles} where ${esimBundles.orderLineId} = ${orderLines.id})
        else (select count(*) from ${esims} where ${esims.orderLineId} = ${orderLines.id}) end)`;
      const [short] = await tx
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), sql`${delivered} < ${orderLines.quantity}`))
        .limit(1);
      if (short) return false;
      await enqueue(tx, { type: SEND_ORDER_EMAIL_JOB, payload, dedupeKey: emailJobKey(orderId) });
      return true;
    });
  }

  /**
   * Completes a processing order: processing -> completed (actor `system`), `completed_at` set,
   * `last_error` cleared.
   * @returns false when the order was not processing (nothing changed).
   */
  completeOrder(orderId: number): Promise<boolean> {
    return transactionWithRetry(this.db, async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (order?.status !== 'processing') return false;
      await transition(tx, orderId, 'completed', 'system');
      await tx.update(orders).set({ lastError: null }).where(eq(orders.id, orderId));
      return true;
    });
  }

  /**
   * Records a failed fulfilment attempt: the order's last error (shown to admins while it waits in
   * processing) and a `provisioning_error` event on its timeline, in one transaction.
   */
  recordFulfilmentError(
    orderId: number,
    failure: { message: string; jobType: string; attempt: number; maxAttempts: number; final: boolean },
  ): Promise<void> {
    return transactionWithRetry(this.db, async (tx) => {
      await tx
        .update(orders)
        .set({ lastError: failure.message, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        kind: 'provisioning_error',
        actor: 'system',
        message: failure.message,
        data: {
          job: failure.jobType,
          attempt: failure.attempt,
          maxAttempts: failure.maxAttempts,
          final: failure.final,
        },
      });
    });
  }

  /** Sets (or clears, with null) the order's last fulfilment error, shown to admins. */
  async setLastError(orderId: number, message: string | null): Promise<void> {
    await this.db
      .update(orders)
      .set({ lastError: message, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
  }

  /**
   * The order whose payment has this provider reference (`orders.payment_reference`, index
   * `orders_payment_reference_idx`): the webhooks find the order a PayPal order id or a
   * Stripe PaymentIntent id belongs to. Read-only. The newest when several share it (never, in practice).
   */
  async findByPaymentReference(reference: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.paymentReference, reference))
      .orderBy(desc(orders.id))
      .limit(1);
    return row;
  }
}
