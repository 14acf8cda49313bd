import { z } from 'zod';
import type { Language } from './languages.ts';
import { ORDER_STATUSES, type OrderStatus, orderStatusSchema } from './order.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Orders in the admin area (`docs/product-rules.md#order-statuses`, `#admin-area`): the list
 * (`GET /api/orders` as an admin), the statuses (`GET /api/order-statuses`), status changes
 * (`PATCH /api/orders/{id}/status`), notifications (`POST /api/orders/{id}/notify`) and the order
 * screen (`GET /api/admin/orders/{id}` and its actions). Money is integer US cents, data bytes,
 * times ISO 8601 strings (UTC).
 */

/** Order kinds: a cart checkout or a portal top-up. */
export const ORDER_KINDS = ['order', 'topup'] as const;
export const orderKindSchema = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKindSchema>;

/** Payment methods: a card (sandbox or Stripe) or PayPal. */
export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Payment states of an order. */
export const PAYMENT_STATUSES = ['requires_approval', 'succeeded', 'failed', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/**
 * Sort orders of the admin list: newest first (default), oldest first, highest total first,
 * lowest total first. Ties are broken by the order's id, so pages never overlap or skip.
 */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export const adminOrderSortSchema = z.enum(ADMIN_ORDER_SORTS);
export type AdminOrderSort = z.infer<typeof adminOrderSortSchema>;

/** Default and largest page size of the admin list. */
export const ADMIN_ORDERS_DEFAULT_LIMIT = 25;
export const ADMIN_ORDERS_MAX_LIMIT = 100;

/** Longest search text, characters. */
export const ADMIN_ORDERS_MAX_QUERY = 100;

/**
 * A day (`2026-11-24`, the whole UTC day) or an instant (`2026-11-24T10:30:00Z`, with an offset).
 * `from` starts at the day's first instant; `to` of a day ends at its last (inclusive).
 */
const dateOrInstant = z
  .string()
  .max(40)
  .refine(
    (v) =>
      (/^\d{4}-\d{2}-\d{2}$/.test(v) ||
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) &&
      !Number.isNaN(Date.parse(v)) &&
      isRealDate(v),
    'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset',
  );

/** Whether the date part names a day that exists (Date.parse rolls 2026-02-30 over to March). */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 9999 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant a `from` bound starts at. */
export function fromInstant(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/** The instant a `to` bound ends before (exclusive): the next day's start for a day, else the instant itself plus 1 ms. */
export function toInstantExclusive(value: string): Date {
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Date(at.getTime() + (value.length === 10 ? 86_400_000 : 1));
}

/**
 * Statuses in a query: repeated (`?status=pending&status=completed`) or comma-separated
 * (`?status=pending,completed`); each one of the eight statuses, at most 8.
 */
const statusListSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
      .filter((v) => v !== ''),
  z.array(orderStatusSchema).max(ORDER_STATUSES.length),
);

/**
 * `GET /api/orders` query for an admin (customers send none). Every field optional:
 * - `status`: one or more statuses (see above);
 * - `kind`: `order` or `topup`; `method`: `card` or `paypal`;
 * - `from`, `to`: creation date range, days (UTC, both inclusive) or instants; `from` after `to` is refused (`to`);
 * - `country`: a line's country code (ISO alpha-2, `CYP`, `US-HI`, a region name or `Global`);
 * - `q`: search text (1-100 characters, one line): `ORD-…` searches order numbers (exact or by
 *   prefix), 6 or more digits ICCIDs (exact or by prefix), text with `@` e-mail addresses (by
 *   prefix, case-insensitive), anything else customer names (contains, case-insensitive);
 * - `sort`: see {@link ADMIN_ORDER_SORTS}; `cursor`: the `nextCursor` of the previous page (same
 *   filters and sort); `limit`: 1-100, default 25.
 * Bad values are answered 400 `validation_error` naming the field.
 */
export const adminOrdersQuerySchema = z
  .object({
    status: statusListSchema.optional(),
    kind: orderKindSchema.optional(),
    method: paymentMethodSchema.optional(),
    from: dateOrInstant.optional(),
    to: dateOrInstant.optional(),
    country: z
      .string()
      .trim()
      .min(2)
      .max(20)
      .regex(/^[A-Za-z0-9+ -]+$/, 'must be a country code or a region name')
      .optional(),
    q: singleLineText().max(ADMIN_ORDERS_MAX_QUERY).optional(),
    sort: adminOrderSortSchema.optional(),
    cursor: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be the nextCursor of the previous page')
      .optional(),
    limit: z.coerce.number().int().min(1).max(ADMIN_ORDERS_MAX_LIMIT).optional(),
  })
  .refine((q) => !q.from || !q.to || fromInstant(q.from) < toInstantExclusive(q.to), {
    message: 'must not be before from',
    path: ['to'],
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** What a search text was taken for (see {@link adminOrdersQuerySchema} `q`). */
export const SEARCH_KINDS = ['order_number', 'iccid', 'email', 'name'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * How the list reads a search text: `ORD-` (any case) is an order number, 6 or more digits (spaces
 * allowed, as ICCIDs are printed in groups) an ICCID, text with `@` an e-mail address, anything
 * else a customer name. Shared by the API (which searches) and the screen (which says how).
 */
export function searchKindOf(q: string): { kind: SearchKind; value: string } {
  const text = q.trim();
  if (/^ord-/i.test(text)) return { kind: 'order_number', value: text.toUpperCase() };
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{6,22}$/.test(digits)) return { kind: 'iccid', value: digits };
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  return { kind: 'name', value: text };
}

/** One order line as the list shows it. */
export const adminOrderLineSummarySchema = z.object({
  name: z.string(),
  countryCode: z.string(),
  quantity: z.number().int(),
});

/** One order in the admin list. */
export const adminOrderSummarySchema = z.object({
  orderNumber: z.string(),
  kind: orderKindSchema,
  createdAt: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  totalCents: z.number().int(),
  currency: z.literal('USD'),
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(adminOrderLineSummarySchema),
  /** eSIMs delivered for the order (0 for top-ups, which add a bundle to an existing eSIM). */
  esimCount: z.number().int().nonnegative(),
  /** The last fulfilment error while the order waits in `processing`; null when none. */
  lastError: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/**
 * `GET /api/orders` as an admin: one page of orders, the cursor of the next page (null on the
 * last), the number of orders matching the filters (all pages), and what the search text was
 * taken for (null without `q`).
 */
export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
  searchedBy: z.enum(SEARCH_KINDS).nullable(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Statuses

/**
 * The statuses' labels in the five languages: what the admin
 * screens, the customer portal and the e-mails call each status.
 */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, Readonly<Record<Language, string>>>> = {
  pending: { en: 'Pending', tr: 'Beklemede', es: 'Pendiente', fr: 'En attente', de: 'Ausstehend' },
  created: { en: 'Created', tr: 'Oluşturuldu', es: 'Creado', fr: 'Créée', de: 'Erstellt' },
  processing: {
    en: 'Processing',
    tr: 'İşleniyor',
    es: 'En proceso',
    fr: 'En cours de traitement',
    de: 'In Bearbeitung',
  },
  processed: { en: 'Processed', tr: 'İşlendi', es: 'Procesado', fr: 'Traitée', de: 'Bearbeitet' },
  shipped: { en: 'Shipped', tr: 'Gönderildi', es: 'Enviado', fr: 'Expédiée', de: 'Versandt' },
  completed: { en: 'Completed', tr: 'Tamamlandı', es: 'Completado', fr: 'Terminée', de: 'Abgeschlossen' },
  cancelled: { en: 'Cancelled', tr: 'İptal edildi', es: 'Cancelado', fr: 'Annulée', de: 'Storniert' },
  refunded: { en: 'Refunded', tr: 'İade edildi', es: 'Reembolsado', fr: 'Remboursée', de: 'Erstattet' },
};

/** One status of `GET /api/order-statuses`. */
export const orderStatusInfoSchema = z.object({
  status: orderStatusSchema,
  labels: z.object({ en: z.string(), tr: z.string(), es: z.string(), fr: z.string(), de: z.string() }),
  /** The statuses an order in this one may move to (the transition table). */
  next: z.array(orderStatusSchema),
  /** No status follows (cancelled, refunded). */
  final: z.boolean(),
});
export type OrderStatusInfo = z.infer<typeof orderStatusInfoSchema>;

/** `GET /api/order-statuses`: every status, in the order of {@link ORDER_STATUSES}. */
export const orderStatusesResponseSchema = z.object({ statuses: z.array(orderStatusInfoSchema) });
export type OrderStatusesResponse = z.infer<typeof orderStatusesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Status changes and notifications

/** Longest internal note or status-change note, characters. */
export const ORDER_NOTE_MAX = 2_000;

/** The path parameter of order routes: an order number (`ORD-` and 6-40 letters, digits or dashes). */
export const adminOrderParamsSchema = z.object({
  id: z.string().regex(/^ORD-[A-Z0-9-]{6,40}$/, 'must be an order number such as ORD-7K3F9Q2X4M'),
});

/**
 * `PATCH /api/orders/{id}/status`: the new status; an optional note (recorded with the change,
 * shown in the timeline, never to the customer); `notify` e-mails the customer the status's
 * message; `expectedStatus` is the status the admin saw (409 `order_changed` when the order has
 * moved since).
 */
export const orderStatusChangeBodySchema = z.object({
  status: orderStatusSchema,
  note: multiLineText().max(ORDER_NOTE_MAX).optional(),
  notify: z.boolean().optional(),
  expectedStatus: orderStatusSchema.optional(),
});
export type OrderStatusChangeBody = z.infer<typeof orderStatusChangeBodySchema>;

/** The answer of a status change: the order's new status, the one before, and what may follow. */
export const orderStatusChangeResponseSchema = z.object({
  orderNumber: z.string(),
  status: orderStatusSchema,
  previousStatus: orderStatusSchema,
  next: z.array(orderStatusSchema),
  /** Whether the customer's e-mail was queued. */
  notified: z.boolean(),
});
export type OrderStatusChangeResponse = z.infer<typeof orderStatusChangeResponseSchema>;

/** `POST /api/orders/{id}/notify`: the status whose message to send (the order's current one). */
export const orderNotifyBodySchema = z.object({ status: orderStatusSchema });
export type OrderNotifyBody = z.infer<typeof orderNotifyBodySchema>;

/** The answer of a notification: queued as a durable job, sent in the order's language. */
export const orderNotifyResponseSchema = z.object({
  orderNumber: z.string(),
  status: orderStatusSchema,
  queued: z.literal(true),
  /** The language of the e-mail (the order's). */
  language: z.string(),
});
export type OrderNotifyResponse = z.infer<typeof orderNotifyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The order screen

/** One line of the order screen. */
export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  apiBundleName: z.string(),
  name: z.string(),
  countryCode: z.string(),
  dataAmount: z.string(),
  validityDays: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** eSIMs delivered for the line so far. */
  esimCount: z.number().int(),
});

/** A bundle on an eSIM with its usage as last synced (bytes; null allowance for unlimited). */
export const adminEsimBundleSchema = z.object({
  kind: z.enum(['main', 'topup']),
  name: z.string(),
  /** The provider's state: processing, queued, active, depleted, expired, revoked, lapsed. */
  state: z.string(),
  unlimited: z.boolean(),
  initialBytes: z.number().nullable(),
  remainingBytes: z.number().nullable(),
  usedBytes: z.number(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

/** An eSIM of the order with its state and usage. */
export const adminEsimSchema = z.object({
  iccid: z.string(),
  lineId: z.number().int(),
  apiBundleName: z.string(),
  /** Display state as of the last sync: Ready, Pending, Active, Expired, Archived, Assigned. */
  status: z.string(),
  /** The provider's profile state as last seen. */
  profileState: z.string(),
  activatedAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  syncError: z.string().nullable(),
  bundles: z.array(adminEsimBundleSchema),
});
export type AdminEsim = z.infer<typeof adminEsimSchema>;

/** A refund of the order (`refunds` table; at most one per order). */
export const adminRefundSchema = z.object({
  amountCents: z.number().int(),
  /** pending | succeeded | failed */
  status: z.string(),
  providerReference: z.string().nullable(),
  reason: z.string().nullable(),
  override: z.boolean(),
  actor: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

/** Kinds of timeline entries. */
export const TIMELINE_KINDS = [
  'status',
  'email',
  'note',
  'payment',
  'refund',
  'provisioning_error',
  'provisioning_retry',
  'token_revoked',
  'token_reissued',
  'notification',
  'confirmation_resent',
  'event',
] as const;

/** One entry of the order's timeline. */
export const adminTimelineEntrySchema = z.object({
  /** Unique within the order: `status:<id>`, `email:<id>`, `event:<id>`. */
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  /** `system`, `customer`, `payment:<provider>` or `admin:<username>`. */
  actor: z.string(),
  /** The note's text, an event's summary or a status change's note. */
  message: z.string().nullable(),
  /** Status changes: from (null at creation) and to. */
  fromStatus: z.string().nullable().optional(),
  toStatus: z.string().optional(),
  /** E-mails: the Outbox copy (`/admin/outbox?id=<id>`), subject, template, delivery status. */
  email: z
    .object({
      id: z.number().int(),
      subject: z.string(),
      template: z.string(),
      status: z.string(),
      to: z.string(),
      language: z.string(),
      error: z.string().nullable(),
    })
    .optional(),
  /** An event's facts (amount, reference, status notified...). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

/** The state of the order's portal access token (none for top-ups). */
export const accessTokenInfoSchema = z.object({
  state: z.enum(['active', 'revoked', 'expired', 'none']),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** `GET /api/admin/orders/{id}`: everything the order screen shows. */
export const adminOrderDetailSchema = z.object({
  orderNumber: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The language of the order's e-mails. */
  language: z.string(),
  currency: z.literal('USD'),
  totalCents: z.number().int(),
  /** Top-ups: the order whose eSIM it tops up. */
  parentOrderNumber: z.string().nullable(),
  /** Orders: their top-ups. */
  topups: z.array(
    z.object({
      orderNumber: z.string(),
      status: orderStatusSchema,
      totalCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** The account that placed it, if signed in. */
    account: z.object({ userId: z.number().int(), username: z.string() }).nullable(),
    billingAddress: z
      .object({
        address: z.string(),
        city: z.string(),
        postalCode: z.string(),
        country: z.string(),
        state: z.string().optional(),
      })
      .nullable(),
  }),
  lines: z.array(adminOrderLineSchema),
  payment: z.object({
    method: paymentMethodSchema,
    status: paymentStatusSchema,
    reference: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    error: z.string().nullable(),
  }),
  refunds: z.array(adminRefundSchema),
  esims: z.array(adminEsimSchema),
  accessToken: accessTokenInfoSchema,
  lastError: z.string().nullable(),
  /** The statuses the order may move to now (the transition table). */
  nextStatuses: z.array(orderStatusSchema),
  /** What the actions may do now. */
  actions: z.object({
    /** A stored confirmation (or top-up receipt) exists and its token still works. */
    resendConfirmation: z.boolean(),
    /** The order waits in fulfilment (processing) with an error or a failed job. */
    retryFulfilment: z.boolean(),
    revokeToken: z.boolean(),
    reissueToken: z.boolean(),
  }),
  /** Newest first. */
  timeline: z.array(adminTimelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** `POST /api/admin/orders/{id}/notes`: an internal note (admins only; never sent to the customer). */
export const orderNoteBodySchema = z.object({
  body: multiLineText().min(1, 'required').max(ORDER_NOTE_MAX),
});
export type OrderNoteBody = z.infer<typeof orderNoteBodySchema>;

/** The answer of `POST /api/admin/orders/{id}/notes`: the timeline entry recorded. */
export const orderNoteResponseSchema = z.object({
  orderNumber: z.string(),
  entry: adminTimelineEntrySchema,
});
export type OrderNoteResponse = z.infer<typeof orderNoteResponseSchema>;

/** The answer of `POST /api/admin/orders/{id}/resend-confirmation`: queued (a durable job sends it). */
export const resendConfirmationResponseSchema = z.object({
  orderNumber: z.string(),
  queued: z.literal(true),
  /** Template of the message re-sent: `order-confirmation` or `topup-receipt`. */
  template: z.string(),
});
export type ResendConfirmationResponse = z.infer<typeof resendConfirmationResponseSchema>;

/** The answer of `POST /api/admin/orders/{id}/retry-fulfilment`. */
export const retryFulfilmentResponseSchema = z.object({
  orderNumber: z.string(),
  /** Jobs put back in the queue: their type and the status they were in (failed, or queued waiting for a retry). */
  requeued: z.array(z.object({ type: z.string(), was: z.string() })),
  /** A new provisioning job was enqueued (the order had none). */
  enqueued: z.boolean(),
});
export type RetryFulfilmentResponse = z.infer<typeof retryFulfilmentResponseSchema>;

/** The answer of `POST /api/admin/orders/{id}/access-token/revoke`: the token's new state. */
export const revokeTokenResponseSchema = z.object({
  orderNumber: z.string(),
  accessToken: accessTokenInfoSchema,
});
export type RevokeTokenResponse = z.infer<typeof revokeTokenResponseSchema>;

/**
 * `POST /api/admin/orders/{id}/access-token`: issue a new portal access token (the old one stops
 * working). `email` (default true) e-mails the customer a fresh order confirmation with the new
 * portal link.
 */
export const reissueTokenBodySchema = z.object({ email: z.boolean().optional() });
export type ReissueTokenBody = z.infer<typeof reissueTokenBodySchema>;

/** The new token in clear, shown once to the admin; the store keeps only its hash. */
export const reissueTokenResponseSchema = z.object({
  orderNumber: z.string(),
  accessToken: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
});
export type ReissueTokenResponse = z.infer<typeof reissueTokenResponseSchema>;
