import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type AdminTimelineEntry,
  TIMELINE_KINDS,
} from '@esim/contract/admin-orders';
import type { OrderStatus } from '@esim/contract/order';
import { isOrderStatus, nextStatuses } from '../order-status.ts';
import type { OutboxRow as OrderEmailRow } from '../../email/email.module.ts';
import type { AdminOrdersRepository, OrderEventRow, OrderListRow, OrderRow } from './admin-orders.repository.ts';

/**
 * Rows become the admin area's order objects here, and only here (ARCHITECTURE.md: "rows become
 * API objects in one place"): {@link toAdminOrderSummary} for the list, {@link toAdminOrderDetail}
 * for the order screen with its merged timeline.
 */

const statusOf = (value: string): OrderStatus => (isOrderStatus(value) ? value : 'pending');
const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** One row of the admin list. */
export function toAdminOrderSummary(row: OrderListRow): AdminOrderSummary {
  return {
    orderNumber: row.orderNumber,
    kind: row.kind === 'topup' ? 'topup' : 'order',
    createdAt: row.createdAt.toISOString(),
    status: statusOf(row.status),
    paymentMethod: row.paymentMethod === 'paypal' ? 'paypal' : 'card',
    paymentStatus: row.paymentStatus as AdminOrderSummary['paymentStatus'],
    totalCents: row.totalCents,
    currency: 'USD',
    customer: { name: row.customerName, email: row.customerEmail },
    lines: row.lines.map((l) => ({ name: l.name, countryCode: l.countryCode, quantity: l.quantity })),
    esimCount: row.esimCount,
    lastError: row.lastError,
  };
}

/** The state of an order's portal access token at `now`. */
export function accessTokenInfo(
  order: Pick<OrderRow, 'accessTokenHash' | 'accessTokenExpiresAt' | 'accessTokenRevokedAt'>,
  now = new Date(),
) {
  const state: AdminOrderDetail['accessToken']['state'] = !order.accessTokenHash
    ? 'none'
    : order.accessTokenRevokedAt
      ? 'revoked'
      : order.accessTokenExpiresAt && order.accessTokenExpiresAt <= now
        ? 'expired'
        : 'active';
  return { state, expiresAt: iso(order.accessTokenExpiresAt), revokedAt: iso(order.accessTokenRevokedAt) };
}

/** Event kinds that are a timeline kind of their own; any other kind shows as `event`. */
const OWN_KINDS = new Set<string>(TIMELINE_KINDS);
/** Events that record an e-mail: they are shown as that e-mail, with their actor. */
const EMAIL_EVENTS = new Set(['notification', 'confirmation_resent']);

/** Sort rank at equal times: a status change before the events and e-mails it caused. */
const RANK: Record<string, number> = { status: 0, event: 1, email: 2 };

/**
 * One timeline for the order screen, newest first: status changes (from, to, actor, note), every
 * e-mail of the order (Outbox rows, with the admin who asked when an event names it) and the
 * order's events (notes, payment, refund, provisioning errors and retries, token changes).
 */
export function buildTimeline(input: {
  changes: readonly {
    id: number;
    fromStatus: string | null;
    toStatus: string;
    actor: string;
    note: string | null;
    at: Date;
  }[];
  emails: readonly OrderEmailRow[];
  events: readonly OrderEventRow[];
}): AdminTimelineEntry[] {
  const entries: (AdminTimelineEntry & { rank: number; seq: number })[] = [];
  const emailIds = new Set(input.emails.map((e) => e.id));
  const emailEvents = new Map<number, OrderEventRow>();
  for (const event of input.events) {
    const emailId = Number(event.data.emailId);
    if (EMAIL_EVENTS.has(event.kind) && emailIds.has(emailId)) emailEvents.set(emailId, event);
  }
  for (const c of input.changes) {
    entries.push({
      id: `status:${c.id}`,
      kind: 'status',
      at: c.at.toISOString(),
      actor: c.actor,
      message: c.note,
      fromStatus: c.fromStatus,
      toStatus: c.toStatus,
      rank: RANK.status!,
      seq: c.id,
    });
  }
  for (const e of input.emails) {
    const by = emailEvents.get(e.id);
    entries.push({
      id: `email:${e.id}`,
      kind: 'email',
      at: e.createdAt.toISOString(),
      actor: by?.actor ?? 'system',
      message: by?.message ?? null,
      email: {
        id: e.id,
        subject: e.subject,
        template: e.template,
        status: e.status,
        to: e.to,
        language: e.language,
        error: e.error,
      },
      ...(by ? { data: { via: by.kind, ...by.data } } : {}),
      rank: RANK.email!,
      seq: e.id,
    });
  }
  for (const ev of input.events) {
    if (EMAIL_EVENTS.has(ev.kind) && emailIds.has(Number(ev.data.emailId))) continue;
    const kind =
      OWN_KINDS.has(ev.kind) && ev.kind !== 'status' && ev.kind !== 'email'
        ? (ev.kind as AdminTimelineEntry['kind'])
        : 'event';
    entries.push({
      id: `event:${ev.id}`,
      kind,
      at: ev.at.toISOString(),
      actor: ev.actor,
      message: ev.message,
      data: kind === 'event' ? { kind: ev.kind, ...ev.data } : ev.data,
      rank: RANK.event!,
      seq: ev.id,
    });
  }
  entries.sort((a, b) =>
    a.at === b.at ? (a.rank === b.rank ? b.seq - a.seq : b.rank - a.rank) : a.at < b.at ? 1 : -1,
  );
  return entries.map(({ rank: _rank, seq: _seq, ...entry }) => entry);
}

/** Everything {@link toAdminOrderDetail} needs. */
export interface AdminOrderDetailInput {
  order: OrderRow;
  username: string | null;
  /** The order's rows, and its e-mails from the e-mail log. */
  details: Awaited<ReturnType<AdminOrdersRepository['details']>> & { emails: readonly OrderEmailRow[] };
  actions: AdminOrderDetail['actions'];
}

/** The order screen's object (`GET /api/admin/orders/{id}`). */
export function toAdminOrderDetail({ order, username, details, actions }: AdminOrderDetailInput): AdminOrderDetail {
  const bundlesByEsim = new Map<number, typeof details.bundles>();
  for (const b of details.bundles) bundlesByEsim.set(b.esimId, [...(bundlesByEsim.get(b.esimId) ?? []), b]);
  const status = statusOf(order.status);
  return {
    orderNumber: order.orderNumber,
    kind: order.kind === 'topup' ? 'topup' : 'order',
    status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    completedAt: iso(order.completedAt),
    language: order.language,
    currency: 'USD',
    totalCents: order.totalCents,
    parentOrderNumber: details.parentOrderNumber,
    topups: details.topups.map((t) => ({
      orderNumber: t.orderNumber,
      status: statusOf(t.status),
      totalCents: t.totalCents,
      createdAt: t.createdAt.toISOString(),
    })),
    customer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      account: order.userId !== null && username !== null ? { userId: order.userId, username } : null,
      billingAddress: order.billingAddress ?? null,
    },
    lines: details.lines,
    payment: {
      method: order.paymentMethod === 'paypal' ? 'paypal' : 'card',
      status: order.paymentStatus as AdminOrderDetail['payment']['status'],
      reference: order.paymentReference,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      error: order.paymentError,
    },
    refunds: details.refunds.map((r) => ({
      amountCents: r.amountCents,
      status: r.status,
      providerReference: r.providerReference,
      reason: r.reason,
      override: r.override,
      actor: r.actor,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      completedAt: iso(r.completedAt),
    })),
    esims: details.esims.map((e) => ({
      iccid: e.iccid,
      lineId: e.orderLineId,
      apiBundleName: e.apiBundleName,
      status: e.status,
      profileState: e.profileState,
      activatedAt: iso(e.activatedAt),
      syncedAt: iso(e.syncedAt),
      syncError: e.syncError,
      bundles: (bundlesByEsim.get(e.id) ?? []).map((b) => ({
        kind: b.kind === 'topup' ? ('topup' as const) : ('main' as const),
        name: b.name,
        state: b.state,
        unlimited: b.unlimited,
        initialBytes: b.initialBytes,
        remainingBytes: b.remainingBytes,
        usedBytes: b.usedBytes,
        startedAt: iso(b.startedAt),
        endsAt: iso(b.endsAt),
      })),
    })),
    accessToken: accessTokenInfo(order),
    lastError: order.lastError,
    nextStatuses: [...nextStatuses(order.status)],
    actions,
    timeline: buildTimeline(details),
  };
}
