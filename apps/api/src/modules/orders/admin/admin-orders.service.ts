import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_ORDERS_DEFAULT_LIMIT,
  type AdminOrderDetail,
  type AdminOrderSort,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
  type OrderNoteResponse,
  type OrderNotifyResponse,
  type OrderStatusChangeBody,
  type OrderStatusChangeResponse,
  type ReissueTokenResponse,
  type ResendConfirmationResponse,
  type RetryFulfilmentResponse,
  type RevokeTokenResponse,
  fromInstant,
  searchKindOf,
  toInstantExclusive,
} from '@esim/contract/admin-orders';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { type EmailLog, ORDER_CONFIRMATION_TEMPLATE, TOPUP_RECEIPT_TEMPLATE } from '../../email/email.module.ts';
import { ORDER_TRANSITIONS, OrderChangedError, assertTransition } from '../order-status.ts';
import { ACCESS_TOKEN_TTL_DAYS, hashAccessToken } from '../orders.service.ts';
import type { OrderRefunder } from '../refunds/refund-port.ts';
import { accessTokenInfo, buildTimeline, toAdminOrderDetail, toAdminOrderSummary } from './admin-order-view.ts';
import type { AdminOrdersRepository, OrderListFilter, OrderRow } from './admin-orders.repository.ts';

const DAY_MS = 86_400_000;

/** What a list cursor carries: the sort, the last row's key and id, the first page's total, and the filter it belongs to. */
const cursorSchema = z.object({
  v: z.literal(1),
  s: z.enum(['newest', 'oldest', 'total_desc', 'total_asc']),
  k: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.number().int()]),
  i: z.number().int().positive(),
  t: z.number().int().nonnegative(),
  f: z.string().max(16),
});
type Cursor = z.infer<typeof cursorSchema>;

/** A short fingerprint of the filters and sort, so that a cursor is refused on another search. */
function fingerprint(filter: OrderListFilter, sort: AdminOrderSort): string {
  return createHash('sha256')
    .update(JSON.stringify([filter, sort]))
    .digest('base64url')
    .slice(0, 12);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** @throws ValidationError 400 `cursor` when it is not a cursor of this list, sort and filters. */
function decodeCursor(text: string, sort: AdminOrderSort, print: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success)
    throw new ValidationError('cursor: not a cursor of this list; start again from the first page', 'cursor');
  const dateSort = sort === 'newest' || sort === 'oldest';
  if (cursor.data.s !== sort || cursor.data.f !== print || (typeof cursor.data.k === 'string') !== dateSort) {
    throw new ValidationError(
      'cursor: it belongs to another search or sort; start again from the first page',
      'cursor',
    );
  }
  return cursor.data;
}

/** An admin's actor name in status changes and events. */
export const adminActor = (username: string) => `admin:${username}`;

/**
 * Orders in the admin area (docs/product-rules.md#admin-area): the list with filters,
 * search and keyset pagination, the statuses and their transitions, status changes (through the
 * transition table, compare-and-set), notifications, the order screen and its actions (notes,
 * confirmation re-send, fulfilment retry, access token revoke and reissue). Knows neither HTTP
 * nor SQL; the routes check that the caller is an admin.
 */
export class AdminOrdersService {
  constructor(
    private readonly deps: {
      repo: AdminOrdersRepository;
      /** The e-mail log: the order's messages (timeline) and stored copies (resending). */
      emailLog: Pick<EmailLog, 'ofOrder' | 'latestOfOrder'>;
      /** The username of an account (the auth module's); undefined when it no longer exists. */
      usernameOf: (userId: number) => Promise<string | undefined>;
      /**
       * Refunds through the payment provider (the refunds part, `refund-port.ts`); without it a
       * change to `refunded` is refused 409 `refunds_unavailable`.
       */
      refunds?: OrderRefunder | undefined;
      /** Wakes the job worker once a job has been committed. */
      jobs: { wake(): void };
      /** Clock, for tests. */
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * `GET /api/orders` for an admin: one page of every order, newest first by default (see the
   * contract's `adminOrdersQuerySchema`). The first page counts the matches; the cursor carries
   * that total to the next pages, which cost one query each, and orders placed meanwhile never
   * shift a page (keyset on the sort key and the id).
   * @throws ValidationError 400 `cursor` for a cursor of another list, search or sort.
   */
  async list(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
    const sort = query.sort ?? 'newest';
    const limit = query.limit ?? ADMIN_ORDERS_DEFAULT_LIMIT;
    const q = query.q?.trim();
    const search = q ? searchKindOf(q) : undefined;
    const country = query.country?.trim();
    const filter: OrderListFilter = {
      ...(query.status?.length ? { statuses: [...new Set(query.status)].sort() } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.method ? { method: query.method } : {}),
      ...(query.from ? { from: fromInstant(query.from) } : {}),
      ...(query.to ? { toExclusive: toInstantExclusive(query.to) } : {}),
      ...(country ? { country } : {}),
      ...(search ? { search } : {}),
    };
    const print = fingerprint(filter, sort);
    const cursor = query.cursor ? decodeCursor(query.cursor, sort, print) : undefined;
    const page = await this.deps.repo.listPage(
      filter,
      sort,
      limit,
      cursor ? { key: cursor.k, id: cursor.i } : undefined,
      !cursor,
    );
    const total = cursor ? cursor.t : (page.total ?? page.rows.length);
    const last = page.rows.at(-1);
    const dateSort = sort === 'newest' || sort === 'oldest';
    const nextCursor =
      page.more && last
        ? encodeCursor({
            v: 1,
            s: sort,
            k: dateSort ? last.createdKey : last.totalCents,
            i: last.id,
            t: total,
            f: print,
          })
        : null;
    return { orders: page.rows.map(toAdminOrderSummary), nextCursor, total, searchedBy: search?.kind ?? null };
  }

  /** The order with this number. @throws NotFoundError 404 'Order Not Found'. */
  private async order(orderNumber: string): Promise<{ order: OrderRow }> {
    const order = await this.deps.repo.findOrder(orderNumber);
    if (!order) throw new NotFoundError('Order Not Found', 'id');
    return { order };
  }

  /**
   * `PATCH /api/orders/{id}/status`: moves the order along the transition table, recorded with
   * `actor` (`admin:<username>`), the time, from, to and `note`; with `notify`, the customer's
   * e-mail about the new status is queued in the same transaction. The change applies only to the
   * status the admin saw: `expectedStatus`, else the one read when the request began, so of two
   * concurrent changes one wins and the other gets 409 `order_changed`. `refunded` goes through
   * the payment provider (`OrderRefunder`, the refund policy; `note` is the refund's reason).
   * @returns the new and previous status, what may follow, whether the customer is notified.
   * @throws NotFoundError 404; OrderChangedError 409 `order_changed`; InvalidTransitionError 409
   *   `invalid_transition`; ConflictError 409 `refunds_unavailable`; the refunder's errors.
   */
  async changeStatus(
    orderNumber: string,
    body: OrderStatusChangeBody,
    actor: string,
  ): Promise<OrderStatusChangeResponse> {
    const { order } = await this.order(orderNumber);
    const seen = order.status;
    if (body.expectedStatus !== undefined && body.expectedStatus !== seen)
      throw new OrderChangedError(body.expectedStatus, seen);
    const notify = body.notify === true;
    if (body.status === 'refunded') {
      assertTransition(seen, 'refunded');
      if (!this.deps.refunds)
        throw new ConflictError('Refunds are not available on this store yet.', 'refunds_unavailable');
      await this.deps.refunds.refundOrder({ orderNumber, actor, reason: body.note, notify });
      return {
        orderNumber,
        status: 'refunded',
        previousStatus: statusOf(seen),
        next: [...ORDER_TRANSITIONS.refunded],
        notified: notify,
      };
    }
    const from = await this.deps.repo.changeStatus({
      orderId: order.id,
      to: body.status,
      actor,
      note: body.note ?? null,
      expected: seen,
      notify,
    });
    if (notify) this.deps.jobs.wake();
    return {
      orderNumber,
      status: body.status,
      previousStatus: statusOf(from),
      next: [...ORDER_TRANSITIONS[body.status]],
      notified: notify,
    };
  }

  /**
   * `POST /api/orders/{id}/notify`: queues the customer's e-mail about `status` (job
   * `order-notification`, sent in the order's language and recorded on the order). `status` must
   * be the order's current one: a customer is never told of a status the order is not in.
   * @throws NotFoundError 404; OrderChangedError 409 `order_changed` when the order is in another status.
   */
  async notify(orderNumber: string, status: OrderStatus, actor: string): Promise<OrderNotifyResponse> {
    const { order } = await this.order(orderNumber);
    if (order.status !== status) throw new OrderChangedError(status, order.status);
    if (!(await this.deps.repo.queueNotification({ orderId: order.id, status, actor }))) {
      const now = await this.order(orderNumber);
      throw new OrderChangedError(status, now.order.status);
    }
    this.deps.jobs.wake();
    return { orderNumber, status, queued: true, language: order.language };
  }

  /**
   * `GET /api/admin/orders/{id}`: the order screen (customer, lines, payment, refunds, eSIMs with
   * usage, access token, allowed next statuses, what each action may do, one timeline).
   * @throws NotFoundError 404.
   */
  async detail(orderNumber: string): Promise<AdminOrderDetail> {
    const { order } = await this.order(orderNumber);
    const [details, emails, username, resend, failedJob] = await Promise.all([
      this.deps.repo.details(order),
      this.deps.emailLog.ofOrder(order.id),
      order.userId === null ? undefined : this.deps.usernameOf(order.userId),
      this.resendable(order),
      order.status === 'processing' ? this.deps.repo.hasFailedFulfilmentJob(order.id) : Promise.resolve(false),
    ]);
    const token = accessTokenInfo(order, this.now());
    return toAdminOrderDetail({
      order,
      username: username ?? null,
      details: { ...details, emails },
      actions: {
        resendConfirmation: resend.ok,
        retryFulfilment: order.status === 'processing' && (order.lastError !== null || failedJob),
        revokeToken: token.state === 'active',
        reissueToken: order.kind === 'order',
      },
    });
  }

  /**
   * Whether the order's confirmation (or a top-up's receipt) can be sent again as it was: a
   * stored copy exists and, for an order, the access token it carries still opens the portal (it
   * was not revoked or replaced since, and has not expired).
   */
  private async resendable(
    order: OrderRow,
  ): Promise<{ ok: true; messageId: number; template: string } | { ok: false; reason: string }> {
    const template = order.kind === 'topup' ? TOPUP_RECEIPT_TEMPLATE : ORDER_CONFIRMATION_TEMPLATE;
    const copy = await this.deps.emailLog.latestOfOrder(order.id, [template]);
    if (!copy)
      return { ok: false, reason: 'This order has no confirmation e-mail yet: its eSIMs have not been delivered.' };
    if (order.kind === 'order') {
      const token = accessTokenInfo(order, this.now());
      const changed = await this.deps.repo.lastTokenChange(order.id);
      if (token.state !== 'active' || (changed && changed >= copy.createdAt)) {
        return {
          ok: false,
          reason:
            'The access token in the last confirmation no longer works. Issue a new access token and e-mail it: that sends a fresh confirmation.',
        };
      }
    }
    return { ok: true, messageId: copy.id, template };
  }

  /**
   * `POST /api/admin/orders/{id}/notes`: an internal note on the timeline (never shown to the customer).
   * @throws NotFoundError 404.
   */
  async addNote(orderNumber: string, body: string, actor: string): Promise<OrderNoteResponse> {
    const { order } = await this.order(orderNumber);
    const event = await this.deps.repo.addEvent({ orderId: order.id, kind: 'note', actor, message: body });
    const [entry] = buildTimeline({ changes: [], emails: [], events: [event] });
    return { orderNumber, entry: entry! };
  }

  /**
   * `POST /api/admin/orders/{id}/resend-confirmation`: sends the order's confirmation (a top-up's
   * receipt) again, exactly as it was sent (same QR codes and access token), through a durable job.
   * @throws NotFoundError 404; ConflictError 409 `not_resendable` when there is no copy yet or its
   *   token no longer works (then issue a new token with `email`).
   */
  async resendConfirmation(orderNumber: string, actor: string): Promise<ResendConfirmationResponse> {
    const { order } = await this.order(orderNumber);
    const resend = await this.resendable(order);
    if (!resend.ok) throw new ConflictError(resend.reason, 'not_resendable');
    await this.deps.repo.queueResend({ orderId: order.id, messageId: resend.messageId, actor });
    this.deps.jobs.wake();
    return { orderNumber, queued: true, template: resend.template };
  }

  /**
   * `POST /api/admin/orders/{id}/retry-fulfilment`: retries the provisioning (or confirmation
   * e-mail) of an order waiting in `processing` after a failure, now (see
   * `AdminOrdersRepository.retryFulfilment`).
   * @throws NotFoundError 404; ConflictError 409 `not_retryable` for an order not in `processing`.
   */
  async retryFulfilment(orderNumber: string, actor: string): Promise<RetryFulfilmentResponse> {
    const { order } = await this.order(orderNumber);
    if (order.status !== 'processing') {
      throw new ConflictError(
        `Only an order in processing can be retried; this one is ${order.status}.`,
        'not_retryable',
      );
    }
    const result = await this.deps.repo.retryFulfilment(order.id, actor);
    this.deps.jobs.wake();
    return {
      orderNumber,
      requeued: result.requeued.map((r) => ({ type: r.type, was: r.status })),
      enqueued: result.enqueued,
    };
  }

  /**
   * `POST /api/admin/orders/{id}/access-token/revoke`: the order's portal access token stops
   * working at once (e.g. it leaked); the order's e-mail links stop opening the portal.
   * @throws NotFoundError 404; ConflictError 409 `no_active_token` when there is none to revoke
   *   (a top-up, or revoked or expired already).
   */
  async revokeToken(orderNumber: string, actor: string): Promise<RevokeTokenResponse> {
    const { order } = await this.order(orderNumber);
    const revokedAt = await this.deps.repo.revokeToken(order.id, actor);
    if (!revokedAt) throw new ConflictError('This order has no active access token to revoke.', 'no_active_token');
    return { orderNumber, accessToken: accessTokenInfo({ ...order, accessTokenRevokedAt: revokedAt }, this.now()) };
  }

  /**
   * `POST /api/admin/orders/{id}/access-token`: issues a new portal access token (256 bits,
   * stored as its SHA-256 only; valid two years like a new order's) in place of the old one,
   * which stops working. The clear token is returned once, for the admin to read out or copy;
   * with `email` (the default) the customer is sent a fresh order confirmation carrying it (job
   * `resend-order-email`). Support's usual case: the customer lost the e-mail or the token leaked.
   * @throws NotFoundError 404; ConflictError 409 `no_token` for a top-up (it has no token of its
   *   own), `not_delivered` to e-mail a confirmation before the eSIMs exist.
   */
  async reissueToken(orderNumber: string, email: boolean, actor: string): Promise<ReissueTokenResponse> {
    const { order } = await this.order(orderNumber);
    if (order.kind !== 'order')
      throw new ConflictError('A top-up has no access token of its own: use its parent order.', 'no_token');
    if (email && !(await this.deps.emailLog.latestOfOrder(order.id, [ORDER_CONFIRMATION_TEMPLATE]))) {
      throw new ConflictError(
        'The eSIMs of this order have not been delivered yet: issue the token without e-mailing it.',
        'not_delivered',
      );
    }
    const accessToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + ACCESS_TOKEN_TTL_DAYS * DAY_MS);
    const done = await this.deps.repo.reissueToken({
      orderId: order.id,
      hash: hashAccessToken(accessToken),
      expiresAt,
      actor,
      email: email ? { accessToken } : undefined,
    });
    if (!done) throw new ConflictError('A top-up has no access token of its own: use its parent order.', 'no_token');
    if (email) this.deps.jobs.wake();
    return { orderNumber, accessToken, expiresAt: expiresAt.toISOString(), emailed: email };
  }
}

function statusOf(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'pending';
}
