import type { AdminOrderSort, OrderKind, PaymentMethod, SearchKind } from '@esim/contract/admin-orders';
import type { OrderStatus } from '@esim/contract/order';
import { type SQL, and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { esimBundles, esims, orderEvents, orderLines, orderStatusChanges, orders, refunds } from '../orders.schema.ts';
import { jobs } from '../../../lib/platform.schema.ts';
import { enqueue } from '../../../lib/jobs.repository.ts';
import {
  ORDER_NOTIFICATION_JOB,
  PROVISION_ORDER_JOB,
  RESEND_ORDER_EMAIL_JOB,
  type OrderNotificationPayload,
  type ResendOrderEmailPayload,
  emailJobKey,
  notificationJobKey,
  provisionJobKey,
  resendEmailJobKey,
} from '../order-jobs.ts';
import { type Actor, transition } from '../orders.repository.ts';

/** A stored order. */
export type OrderRow = typeof orders.$inferSelect;
/** A stored order event (timeline). */
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** What the admin list filters by; every field optional (see contract `adminOrdersQuerySchema`). */
export interface OrderListFilter {
  statuses?: readonly OrderStatus[] | undefined;
  kind?: OrderKind | undefined;
  method?: PaymentMethod | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before (exclusive). */
  toExclusive?: Date | undefined;
  /** A line's country code or region name, any case (`tr`, `TR`, `europe+`). */
  country?: string | undefined;
  search?: { kind: SearchKind; value: string } | undefined;
}

/** Where the previous page ended: its last row's sort key and id. */
export interface OrderListAfter {
  /** `newest`/`oldest`: `created_at` as text with microseconds; `total_*`: the total in cents. */
  key: string | number;
  id: number;
}

/** One row of the admin list. */
export interface OrderListRow {
  id: number;
  orderNumber: string;
  kind: string;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  totalCents: number;
  customerName: string;
  customerEmail: string;
  lastError: string | null;
  createdAt: Date;
  /** `created_at` with its microseconds (UTC text), the keyset of the date sorts. */
  createdKey: string;
  lines: { name: string; countryCode: string; quantity: number }[];
  esimCount: number;
}

/** Escapes `%`, `_` and `\` for a `LIKE` pattern (with the default escape character `\`). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The smallest string above every string that starts with `prefix`, in code point order: the
 * prefix with its last character incremented (`abc` -> `abd`). Undefined when there is none.
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    // Skip the surrogate range and the top of Unicode.
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return undefined;
}

/**
 * `column` starts with `prefix`: a `LIKE` (always right, whatever the collation) and, when the
 * database sorts text by code point (`C`, `POSIX`, `C.UTF-8`: where a btree index orders strings
 * as bytes), the range `[prefix, next)` that lets PostgreSQL walk the column's btree index.
 */
function startsWith(column: SQL, prefix: string, byteOrder: boolean): SQL {
  const like = sql`${column} like ${`${likeEscape(prefix)}%`}`;
  if (!byteOrder) return like;
  const upper = prefixUpperBound(prefix);
  return upper === undefined
    ? sql`${column} >= ${prefix} and ${like}`
    : sql`${column} >= ${prefix} and ${column} < ${upper} and ${like}`;
}

/** ICCID searches with at least this many digits are taken as selective (see `conditions`). */
const SELECTIVE_ICCID_DIGITS = 12;

/** The sort's column expression, direction and the cast of its keyset value. */
function sortOf(sort: AdminOrderSort): { column: SQL; dir: 'asc' | 'desc'; keyCast: SQL } {
  switch (sort) {
    case 'newest':
      return { column: sql`o.created_at`, dir: 'desc', keyCast: sql`::timestamptz` };
    case 'oldest':
      return { column: sql`o.created_at`, dir: 'asc', keyCast: sql`::timestamptz` };
    case 'total_desc':
      return { column: sql`o.total_cents`, dir: 'desc', keyCast: sql`::int` };
    case 'total_asc':
      return { column: sql`o.total_cents`, dir: 'asc', keyCast: sql`::int` };
  }
}

/** Raw row of the list query. */
interface RawListRow extends Record<string, unknown> {
  id: number;
  order_number: string;
  kind: string;
  status: string;
  payment_method: string;
  payment_status: string;
  total_cents: number;
  customer_name: string;
  customer_email: string;
  last_error: string | null;
  created_at: string | Date;
  created_key: string;
  lines: unknown;
  esim_count: number | string;
  total: number | string | null;
}

/** What a fulfilment retry did (see {@link AdminOrdersRepository.retryFulfilment}). */
export interface FulfilmentRetry {
  /** Jobs put back in the queue (failed ones reset, waiting ones made due now), by type. */
  requeued: { type: string; status: string }[];
  /** A new `provision-order` job was enqueued because the order had none. */
  enqueued: boolean;
}

/**
 * Data access of the admin orders area: the list with filters, search and keyset
 * pagination over the indexes of migration 0008, the order screen's reads (lines, eSIMs and
 * usage, payments, refunds, e-mails, events, status history) and the admin's writes (status
 * changes through `transition()`, notes, token revoke and reissue, fulfilment retry, queued
 * notifications), each one transaction with its timeline event and its job.
 */
export class AdminOrdersRepository {
  /** Whether text compares by code point in this database (see `startsWith`); read once. */
  private byteOrder: Promise<boolean> | undefined;

  constructor(private readonly db: Db) {}

  /** Whether the database's default collation orders text as bytes (`C`, `POSIX`, `C.UTF-8`). */
  private textInByteOrder(): Promise<boolean> {
    this.byteOrder ??= queryRows<{ collate: string }>(
      this.db,
      sql`select datcollate as collate from pg_database where datname = current_database()`,
    ).then(
      ([row]) => /^(C|POSIX|C\.UTF-?8|ucs_basic)$/i.test(row?.collate ?? ''),
      () => false,
    );
    return this.byteOrder;
  }

  /** The `where` conditions of a filter (without the keyset). */
  private async conditions(filter: OrderListFilter): Promise<SQL[]> {
    const where: SQL[] = [];
    if (filter.statuses && filter.statuses.length > 0) {
      where.push(
        filter.statuses.length === 1
          ? sql`o.status = ${filter.statuses[0]}`
          : sql`o.status in (${sql.join(
              filter.statuses.map((s) => sql`${s}`),
              sql`, `,
            )})`,
      );
    }
    if (filter.kind) where.push(sql`o.kind = ${filter.kind}`);
    if (filter.method) where.push(sql`o.payment_method = ${filter.method}`);
    if (filter.from) where.push(sql`o.created_at >= ${filter.from.toISOString()}::timestamptz`);
    if (filter.toExclusive) where.push(sql`o.created_at < ${filter.toExclusive.toISOString()}::timestamptz`);
    if (filter.country) {
      // `order_lines` has no index on the country: read the matching lines once (one scan) rather
      // than probing each order's lines while walking the date index (twice as fast on PGlite).
      where.push(
        sql`o.id = any(array(select l.order_id from ${orderLines} l where lower(l.country_code) = lower(${filter.country})))`,
      );
    }
    const search = filter.search;
    if (search) {
      const byteOrder = await this.textInByteOrder();
      switch (search.kind) {
        case 'order_number':
          where.push(startsWith(sql`o.order_number`, search.value, byteOrder));
          break;
        case 'iccid': {
          // Digits sort the same in every collation, so the range is always safe on the unique
          // index. A long prefix (a full ICCID, or most of one) matches a few eSIMs: read them
          // first. A short one (an issuer prefix) matches most: walk the date index and probe.
          const matches = sql`select e.order_id from ${esims} e where ${startsWith(sql`e.iccid`, search.value, true)}`;
          where.push(
            search.value.length >= SELECTIVE_ICCID_DIGITS
              ? sql`o.id = any(array(${matches}))`
              : sql`o.id in (${matches})`,
          );
          break;
        }
        case 'email':
          where.push(startsWith(sql`lower(o.customer_email)`, search.value, byteOrder));
          break;
        case 'name':
          // lower() on both sides (Turkish İ, German ß... as the database folds them) is faster than ILIKE.
          where.push(sql`lower(o.customer_name) like lower(${`%${likeEscape(search.value)}%`})`);
          break;
      }
    }
    return where;
  }

  /**
   * One page of the admin list: at most `limit` orders matching `filter`, in `sort` order with the
   * id as tie-breaker, after `after` (the previous page's last row). Each row carries its lines
   * (name, country, quantity) and eSIM count, read for the page's rows only. With `withTotal`, also
   * how many orders match in all, at the least cost: none when the first page is not full (it
   * holds them all); in the same scan for a name search or a country filter (which read every
   * order or line anyway);
   * otherwise a `count(*)` with the same conditions.
   * @returns the rows, whether more follow, and the total when asked.
   */
  async listPage(
    filter: OrderListFilter,
    sort: AdminOrderSort,
    limit: number,
    after?: OrderListAfter,
    withTotal = false,
  ): Promise<{ rows: OrderListRow[]; more: boolean; total?: number }> {
    // A name search reads every order, a country filter every line, whatever the plan: reading
    // the matches once and counting them there halves the work of a page and a separate count.
    const materialized = filter.search?.kind === 'name' || filter.country !== undefined;
    const page = await this.page(filter, sort, limit, after, materialized);
    if (!withTotal) return page;
    if (page.total !== undefined) return page;
    if (!after && !page.more) return { ...page, total: page.rows.length };
    return { ...page, total: await this.count(filter) };
  }

  /**
   * The page query. `materialized` (name searches, country filters): the matching orders are read once in a
   * `MATERIALIZED` CTE (a sequential scan, which a substring match needs anyway), then sorted and
   * counted there; walking the date index instead would visit every order when matches are rare.
   * Otherwise the sort's index is walked (`orders_created_idx`, `orders_status_created_idx`) and
   * stops after `limit + 1` rows. The page's rows are then joined back for their columns, lines
   * and eSIM counts.
   */
  private async page(
    filter: OrderListFilter,
    sort: AdminOrderSort,
    limit: number,
    after: OrderListAfter | undefined,
    materialized: boolean,
  ): Promise<{ rows: OrderListRow[]; more: boolean; total?: number }> {
    const where = await this.conditions(filter);
    const { column, dir, keyCast } = sortOf(sort);
    if (after) {
      const key = sql`${typeof after.key === 'number' ? after.key : String(after.key)}${keyCast}`;
      where.push(
        dir === 'desc'
          ? sql`(${column}, o.id) < (${key}, ${after.id}::int)`
          : sql`(${column}, o.id) > (${key}, ${after.id}::int)`,
      );
    }
    const order = dir === 'desc' ? sql`${column} desc, o.id desc` : sql`${column} asc, o.id asc`;
    const outerColumn = sort === 'newest' || sort === 'oldest' ? sql`p.created_at` : sql`p.total_cents`;
    const outer = dir === 'desc' ? sql`${outerColumn} desc, p.id desc` : sql`${outerColumn} asc, p.id asc`;
    const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const keys = materialized
      ? sql`(select o.id, (select count(*) from m) as total from m o order by ${order} limit ${limit + 1})`
      : sql`(select o.id, null::bigint as total from ${orders} o ${whereSql} order by ${order} limit ${limit + 1})`;
    const raw = await queryRows<RawListRow>(
      this.db,
      sql`${materialized ? sql`with m as materialized (select o.id, o.created_at, o.total_cents from ${orders} o ${whereSql}) ` : sql``}
          select p.*,
            (select coalesce(json_agg(json_build_object('name', l.name, 'countryCode', l.country_code, 'quantity', l.quantity) order by l.id), '[]'::json)
               from ${orderLines} l where l.order_id = p.id) as lines,
            (select count(*) from ${esims} e where e.order_id = p.id) as esim_count
          from (
            select o.id, o.order_number, o.kind, o.status, o.payment_method, o.payment_status, o.total_cents,
                   o.customer_name, o.customer_email, o.last_error, o.created_at,
                   to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
                   k.total
            from ${keys} k
            join ${orders} o on o.id = k.id
          ) p
          order by ${outer}`,
    );
    const rows = raw.slice(0, limit).map((r): OrderListRow => ({
      id: Number(r.id),
      orderNumber: r.order_number,
      kind: r.kind,
      status: r.status,
      paymentMethod: r.payment_method,
      paymentStatus: r.payment_status,
      totalCents: Number(r.total_cents),
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      lastError: r.last_error,
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
      createdKey: r.created_key,
      lines: (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as OrderListRow['lines'],
      esimCount: Number(r.esim_count),
    }));
    const more = raw.length > limit;
    // Without a keyset the materialized count is every match; with one, only those after it.
    if (!materialized || after) return { rows, more };
    return { rows, more, total: raw[0] ? Number(raw[0].total) : 0 };
  }

  /** How many orders match `filter` (all pages). */
  async count(filter: OrderListFilter): Promise<number> {
    const where = await this.conditions(filter);
    const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const [row] = await queryRows<{ n: number | string }>(
      this.db,
      sql`select count(*) as n from ${orders} o ${whereSql}`,
    );
    return Number(row?.n ?? 0);
  }

  // -------------------------------------------------------------------------------------------
  // The order screen

  /** The order with this number, if any. */
  async findOrder(orderNumber: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    return row;
  }

  /** Everything the order screen shows besides the order row itself. */
  async details(order: Pick<OrderRow, 'id' | 'parentOrderId'>) {
    const [lines, orderEsims, bundles, orderRefunds, changes, events, topups, parent] = await Promise.all([
      this.db
        .select({
          id: orderLines.id,
          productId: orderLines.productId,
          apiBundleName: orderLines.apiBundleName,
          name: orderLines.name,
          countryCode: orderLines.countryCode,
          dataAmount: orderLines.dataAmount,
          validityDays: orderLines.validityDays,
          quantity: orderLines.quantity,
          unitPriceCents: orderLines.unitPriceCents,
          lineTotalCents: orderLines.lineTotalCents,
          esimCount:
            sql<number>`(select count(*)::int from ${esims} e where e.order_line_id = ${orderLines}.id)`.mapWith(
              Number,
            ),
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id)),
      this.db
        .select()
        .from(esims)
        .where(eq(esims.orderId, order.id))
        .orderBy(asc(esims.orderLineId), asc(esims.unitIndex)),
      this.db
        .select({ bundle: esimBundles })
        .from(esimBundles)
        .innerJoin(esims, eq(esims.id, esimBundles.esimId))
        .where(eq(esims.orderId, order.id))
        .orderBy(asc(esimBundles.assignedAt), asc(esimBundles.id)),
      this.db.select().from(refunds).where(eq(refunds.orderId, order.id)),
      this.db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, order.id))
        .orderBy(asc(orderStatusChanges.id)),
      this.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
      this.db
        .select({
          orderNumber: orders.orderNumber,
          status: orders.status,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.parentOrderId, order.id))
        .orderBy(asc(orders.id)),
      order.parentOrderId === null
        ? Promise.resolve([])
        : this.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, order.parentOrderId)),
    ]);
    return {
      lines,
      esims: orderEsims,
      bundles: bundles.map((b) => b.bundle),
      refunds: orderRefunds,
      changes,
      events,
      topups,
      parentOrderNumber: parent[0]?.orderNumber ?? null,
    };
  }

  /** The order's refund that went through, if any (one per order). */
  async succeededRefund(orderId: number): Promise<{ amountCents: number } | undefined> {
    const [row] = await this.db
      .select({ amountCents: refunds.amountCents })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')));
    return row;
  }

  /** Whether the order has a fulfilment job (provisioning or confirmation e-mail) that failed for good. */
  async hasFailedFulfilmentJob(orderId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.dedupeKey, [provisionJobKey(orderId), emailJobKey(orderId)]), eq(jobs.status, 'failed')))
      .limit(1);
    return rows.length > 0;
  }

  /** When the order's access token was last revoked or replaced (events `token_revoked`, `token_reissued`). */
  async lastTokenChange(orderId: number): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: orderEvents.at })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.kind, ['token_revoked', 'token_reissued'])))
      .orderBy(desc(orderEvents.at))
      .limit(1);
    return row?.at;
  }

  // -------------------------------------------------------------------------------------------
  // Changes

  /**
   * Moves the order to `to` (compare-and-set on `expected`, the status the admin saw; see
   * `transition()`), recording the change with `actor` and `note`, and with `notify` enqueues the
   * customer's e-mail (`order-notification`) in the same transaction.
   * @returns the status the order had.
   * @throws OrderChangedError 409, InvalidTransitionError 409.
   */
  changeStatus(input: {
    orderId: number;
    to: OrderStatus;
    actor: Actor;
    note: string | null;
    expected: string;
    notify: boolean;
  }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const from = await transition(tx, input.orderId, input.to, input.actor, input.note, { expected: input.expected });
      if (input.notify) await enqueueNotification(tx, { orderId: input.orderId, status: input.to, actor: input.actor });
      return from;
    });
  }

  /**
   * Enqueues the customer's e-mail about `status` (job `order-notification`), unless the order has
   * moved to another status meanwhile (checked under the order's row lock).
   * @returns false when the order is no longer in `status` (nothing was enqueued).
   */
  queueNotification(payload: OrderNotificationPayload): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, payload.orderId))
        .for('update');
      if (row?.status !== payload.status) return false;
      await enqueueNotification(tx, payload);
      return true;
    });
  }

  /** Appends an event to the order's timeline. */
  async addEvent(event: {
    orderId: number;
    kind: string;
    actor: Actor;
    message?: string | null;
    data?: Record<string, unknown>;
  }): Promise<OrderEventRow> {
    return insertEvent(this.db, event);
  }

  /** Whether the `order-notification` job `jobId` has already recorded its e-mail (a retried run then sends nothing). */
  async notificationSent(orderId: number, jobId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, orderId),
          inArray(orderEvents.kind, ['notification', 'confirmation_resent']),
          sql`${orderEvents.data}->>'jobId' = ${String(jobId)}`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Revokes the order's access token (the portal then refuses it) and records the event, in one
   * transaction; a compare-and-set, so of two concurrent revokes one does it.
   * @returns the revocation time, or undefined when the order has no token or it was already revoked.
   */
  revokeToken(orderId: number, actor: Actor): Promise<Date | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ accessTokenRevokedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNotNull(orders.accessTokenHash), isNull(orders.accessTokenRevokedAt)))
        .returning({ revokedAt: orders.accessTokenRevokedAt });
      if (!row?.revokedAt) return undefined;
      await insertEvent(tx, { orderId, kind: 'token_revoked', actor, message: 'Access token revoked' });
      return row.revokedAt;
    });
  }

  /**
   * Replaces the order's access token by `hash` (SHA-256 of a new token) valid until `expiresAt`,
   * clearing any revocation, records the event and, with `email`, enqueues a fresh confirmation
   * carrying the new token (job `resend-order-email`, token scrubbed once sent), in one transaction.
   * @returns false when the order has no token to replace (a top-up).
   */
  reissueToken(input: {
    orderId: number;
    hash: string;
    expiresAt: Date;
    actor: Actor;
    email?: { accessToken: string } | undefined;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({
          accessTokenHash: input.hash,
          accessTokenExpiresAt: input.expiresAt,
          accessTokenRevokedAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, input.orderId), eq(orders.kind, 'order')))
        .returning({ id: orders.id });
      if (!row) return false;
      await insertEvent(tx, {
        orderId: input.orderId,
        kind: 'token_reissued',
        actor: input.actor,
        message: input.email ? 'New access token issued and e-mailed to the customer' : 'New access token issued',
        data: { expiresAt: input.expiresAt.toISOString(), emailed: input.email !== undefined },
      });
      if (input.email) {
        const payload: ResendOrderEmailPayload = {
          orderId: input.orderId,
          actor: input.actor,
          accessToken: input.email.accessToken,
        };
        await enqueue(tx, { type: RESEND_ORDER_EMAIL_JOB, payload, dedupeKey: resendEmailJobKey(input.orderId) });
      }
      return true;
    });
  }

  /**
   * Enqueues a re-send of the stored e-mail `messageId` (job `resend-order-email`); the job records
   * `confirmation_resent` on the timeline once the message has gone.
   */
  async queueResend(input: { orderId: number; messageId: number; actor: Actor }): Promise<void> {
    const payload: ResendOrderEmailPayload = { orderId: input.orderId, actor: input.actor, messageId: input.messageId };
    await enqueue(this.db, { type: RESEND_ORDER_EMAIL_JOB, payload, dedupeKey: resendEmailJobKey(input.orderId) });
  }

  /**
   * Retries the order's fulfilment (a failure leaves the order in processing with a visible error
   * and a retry: docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile): its `provision-order` and `send-order-email` jobs that
   * failed for good are reset (attempts 0, due now), those waiting for a backoff are made due now;
   * an order with neither gets a new `provision-order` job. Records a `provisioning_retry` event.
   * The handlers are idempotent, so a retry never provisions an eSIM twice.
   *
   * The job rows are written here rather than through `lib/jobs.repository.ts`, which has no
   * "retry this job" statement yet; the statement only moves jobs the worker does not hold.
   */
  retryFulfilment(orderId: number, actor: Actor): Promise<FulfilmentRetry> {
    return this.db.transaction(async (tx) => {
      const keys = [provisionJobKey(orderId), emailJobKey(orderId)];
      const requeued = await queryRows<{ type: string; status: string }>(
        tx,
        sql`with target as (
              select id, status as old_status from ${jobs}
              where dedupe_key in (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )}) and (status = 'failed' or (status = 'queued' and run_at <> 'infinity'::timestamptz))
              for update
            )
            update ${jobs} j
            set status = 'queued', run_at = now(), updated_at = now(), locked_until = null, locked_by = null,
                attempts = case when target.old_status = 'failed' then 0 else j.attempts end
            from target where j.id = target.id
            returning j.type, target.old_status as status`,
      );
      let enqueued = false;
      if (requeued.length === 0) {
        const [existing] = await tx.select({ id: jobs.id }).from(jobs).where(inArray(jobs.dedupeKey, keys)).limit(1);
        if (!existing) {
          await enqueue(tx, { type: PROVISION_ORDER_JOB, payload: { orderId }, dedupeKey: provisionJobKey(orderId) });
          enqueued = true;
        }
      }
      await insertEvent(tx, {
        orderId,
        kind: 'provisioning_retry',
        actor,
        message: 'Fulfilment retried',
        data: { requeued: requeued.map((r) => ({ type: r.type, was: r.status })), enqueued },
      });
      return { requeued, enqueued };
    });
  }
}

/** Inserts one timeline event with `tx` and returns it. */
async function insertEvent(
  tx: Db,
  event: { orderId: number; kind: string; actor: Actor; message?: string | null; data?: Record<string, unknown> },
): Promise<OrderEventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId: event.orderId,
      kind: event.kind,
      actor: event.actor,
      message: event.message ?? null,
      data: event.data ?? {},
    })
    .returning();
  if (!row) throw new Error('order_events insert returned no row');
  return row;
}

/**
 * Enqueues the customer's e-mail about `status` (`order-notification`) in the caller's
 * transaction `tx`, under a key of its own: every notification is a message of its own.
 */
export async function enqueueNotification(tx: Db, payload: OrderNotificationPayload): Promise<void> {
  await enqueue(tx, { type: ORDER_NOTIFICATION_JOB, payload, dedupeKey: notificationJobKey(payload.orderId) });
}
