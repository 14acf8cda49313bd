import { z } from 'zod';
import { orderStatusSchema } from './order.ts';
import { singleLineText } from './text.ts';

/**
 * The admin area's operations screens (`docs/product-rules.md#admin-area`):
 * the shapes of `GET /api/admin/dashboard`, the Outbox (`/api/admin/emails...`), the jobs
 * (`/api/admin/jobs...`) and the audit log (`GET /api/admin/audit`). The same schemas validate
 * the requests on the server and type the answers in the admin web app. Money is integer US
 * cents; times are ISO 8601 strings; lists are newest first with keyset pagination (`cursor` is
 * the `nextCursor` of the previous page, an opaque string of digits).
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Istanbul`, `UTC`...). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time-zone name, as the browser reports it (`Intl.DateTimeFormat().resolvedOptions().timeZone`):
 * at most 64 characters of letters, digits, `_`, `+`, `-` and `/`, known to the runtime.
 */
export const timeZoneSchema = z
  .string()
  .max(64, 'must be an IANA time zone such as Europe/Istanbul')
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'must be an IANA time zone such as Europe/Istanbul')
  .refine(isTimeZone, 'unknown time zone');

/** A keyset cursor: the id the next page starts below (digits only, as the API returns it). */
export const cursorSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'must be the nextCursor of a previous page');

/** Page size of the admin lists: 1-100, default given per list. */
export const limitSchema = (fallback: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(
      z.number().int().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'),
    )
    .optional()
    .transform((v) => v ?? fallback);

/** A numeric id in a path: 1 to 2^31-1 (the `serial` columns' range). */
export const numericIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, 'must be a positive whole number')),
});

/** A search text of an admin list: one line, trimmed, at most 200 characters; empty means none. */
export const searchSchema = singleLineText({ trim: true }).max(200, 'must be at most 200 characters').optional();

/** `ok` of the admin area's health check (`GET /api/admin/ping`). */
export const adminPingSchema = z.object({ status: z.literal('ok'), username: z.string() });

// ---------------------------------------------------------------------------------------------
// Dashboard

/** An order in `processing` that has not changed for this many minutes needs attention (its fulfilment is stuck). */
export const STUCK_PROCESSING_MINUTES = 15;
/** A payment waiting for the buyer's approval (PayPal) longer than this many minutes needs attention. */
export const PAYMENT_APPROVAL_STALE_MINUTES = 60;
/** ...but only for this many days: older unapproved payments are abandoned checkouts, not work. */
export const PAYMENT_APPROVAL_WINDOW_DAYS = 7;
/** Days of the sales chart, today included. */
export const SALES_CHART_DAYS = 30;

/** `GET /api/admin/dashboard` query: `tz`, the admin's time zone (default `UTC`), which days are counted in. */
export const dashboardQuerySchema = z.object({ tz: timeZoneSchema.optional() });

/**
 * Sales of a period. Paid orders are those whose payment succeeded and that are neither
 * cancelled nor refunded, counted on the day they were placed; refunds are counted on the day
 * the provider refunded them (`refunds.completed_at`), so a refund of an older order shows on
 * the day money went back.
 */
export const salesFiguresSchema = z.object({
  /** Paid orders and top-ups, US cents. */
  revenueCents: z.number().int(),
  /** Paid checkout orders. */
  orders: z.number().int(),
  /** Paid portal top-ups. */
  topups: z.number().int(),
  /** Refunded in the period, US cents. */
  refundedCents: z.number().int(),
  /** Refunds in the period. */
  refunds: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/** One day of the sales chart: `date` is the day in the dashboard's time zone (`YYYY-MM-DD`). */
export const salesDaySchema = z.object({
  date: z.string(),
  revenueCents: z.number().int(),
  /** Paid orders and top-ups. */
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** Why an order needs attention. */
export const ATTENTION_REASONS = ['provisioning_failed', 'stuck_processing', 'payment_pending'] as const;
export const attentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

/** An order of the dashboard's lists. */
export const dashboardOrderSchema = z.object({
  orderNumber: z.string(),
  kind: z.enum(['order', 'topup']),
  status: orderStatusSchema,
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  totalCents: z.number().int(),
  createdAt: z.string(),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

/** An order that needs attention, with the reasons and the fulfilment's last error. */
export const attentionOrderSchema = dashboardOrderSchema.extend({
  reasons: z.array(attentionReasonSchema),
  /** The fulfilment's last error (`orders.last_error`), if any. */
  lastError: z.string().nullable(),
  /** When a `processing` order last changed (entered the status or recorded an attempt), or when a waiting payment's order was placed. */
  since: z.string(),
});
export type AttentionOrder = z.infer<typeof attentionOrderSchema>;

/** Background jobs by state (the dashboard's card; `/admin/jobs` lists them). */
export const jobCountsSchema = z.object({
  /** Queued and due or scheduled for later. */
  waiting: z.number().int(),
  /** Held until a buyer approves a PayPal payment. */
  parked: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

/** `GET /api/admin/dashboard`. */
export const dashboardSchema = z.object({
  timeZone: z.string(),
  generatedAt: z.string(),
  /** Since the start of today in `timeZone`. */
  today: salesFiguresSchema,
  /** Today and the 6 days before. */
  last7Days: salesFiguresSchema,
  /** Today and the 29 days before. */
  last30Days: salesFiguresSchema,
  /** {@link SALES_CHART_DAYS} days, oldest first, days without sales included (zeros). */
  salesByDay: z.array(salesDaySchema),
  attention: z.object({
    /** Orders that need attention, by reason (an order may have several). */
    counts: z.object({
      provisioning_failed: z.number().int(),
      stuck_processing: z.number().int(),
      payment_pending: z.number().int(),
    }),
    /** Every order that needs attention. */
    total: z.number().int(),
    /** Failed provisioning first, then stuck ones, then waiting payments; newest first within; at most 50. */
    orders: z.array(attentionOrderSchema),
  }),
  /** The 10 newest orders and top-ups. */
  latestOrders: z.array(dashboardOrderSchema),
  jobs: jobCountsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Outbox

/** `email_messages.status`: `stored` (no SMTP server: kept in the Outbox only), `sent`, `failed`. */
export const EMAIL_STATUSES = ['stored', 'sent', 'failed'] as const;
export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** `GET /api/admin/emails` query. `q` matches the recipient or subject (part of it) or an order number (whole). */
export const outboxQuerySchema = z.object({
  q: searchSchema,
  template: z
    .string()
    .max(64, 'must be a template id such as order-confirmation')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a template id such as order-confirmation')
    .optional(),
  status: emailStatusSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: limitSchema(25),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

/** One message of the Outbox list. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Template id, e.g. `order-confirmation`. */
  template: z.string(),
  language: z.string(),
  status: emailStatusSchema,
  /** The SMTP server's refusal, for `failed`. */
  error: z.string().nullable(),
  /** The order it is about, if any. */
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `GET /api/admin/emails`. */
export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  nextCursor: z.string().nullable(),
  /** The template ids the store sends (for the filter). */
  templates: z.array(z.string()),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** `GET /api/admin/emails/{id}`: the message with its text version and attachments. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  text: z.string(),
  attachments: z.array(
    z.object({ cid: z.string(), filename: z.string(), contentType: z.string(), sizeBytes: z.number().int() }),
  ),
  /** Where the HTML copy is served (`GET /api/admin/emails/{id}/html`), for an `<iframe>`. */
  htmlUrl: z.string(),
  /**
   * Whether `POST /api/admin/emails/{id}/resend` may send it again: not a password-reset
   * message, whose link worked once and for 30 minutes only.
   */
  resendable: z.boolean(),
  /** Secrets hidden from this copy (e.g. the password-reset link's token). */
  redacted: z.boolean(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

/** `POST /api/admin/emails/{id}/resend`: the copy's new Outbox message. */
export const resendResponseSchema = z.object({ message: outboxMessageSchema });
export type ResendResponse = z.infer<typeof resendResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Jobs

/** `jobs.status`. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * `GET /api/admin/jobs` query: `status` one of `failed`, `queued` (waiting: due, scheduled or
 * parked), `running`, `cancelled`; none lists the unfinished ones (failed, queued and running).
 */
export const jobsQuerySchema = z.object({
  status: z.enum(['failed', 'queued', 'running', 'cancelled']).optional(),
  cursor: cursorSchema.optional(),
  limit: limitSchema(50),
});
export type JobsQuery = z.input<typeof jobsQuerySchema>;

/** A job as admins see it: its payload summarised without secrets (tokens, passwords, codes). */
export const adminJobSchema = z.object({
  id: z.number().int(),
  /** Handler name, e.g. `provision-order`, `send-order-email`, `send-password-reset`, `sync-usage`. */
  type: z.string(),
  status: jobStatusSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it may run next; null while parked (waiting for a PayPal approval). */
  runAt: z.string().nullable(),
  parked: z.boolean(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The order the payload names (`orderId`), if any. */
  orderNumber: z.string().nullable(),
  /** The payload's fields as text, secrets replaced by `[hidden]`, long values shortened. */
  summary: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** `GET /api/admin/jobs`. */
export const jobsPageSchema = z.object({
  jobs: z.array(adminJobSchema),
  nextCursor: z.string().nullable(),
  counts: jobCountsSchema,
});
export type JobsPage = z.infer<typeof jobsPageSchema>;

/** `POST /api/admin/jobs/{id}/retry` and `/cancel`: the job after the change. */
export const jobActionResponseSchema = z.object({ job: adminJobSchema });
export type JobActionResponse = z.infer<typeof jobActionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

/** `GET /api/admin/audit` query: `q` matches the admin, the action or the target (part of it); `changes=true` hides reads (GET). */
export const auditQuerySchema = z.object({
  q: searchSchema,
  changes: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  cursor: cursorSchema.optional(),
  limit: limitSchema(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One audit log entry: who, what, on what, the answer, before/after for changes, from where, when. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** `METHOD /route/pattern`, e.g. `PATCH /api/orders/:id/status`. */
  action: z.string(),
  /** `order:ORD-…`, `email:12`, `job:7`, `pricing-setting:3`... */
  target: z.string().nullable(),
  statusCode: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit`. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
