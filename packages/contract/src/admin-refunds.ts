import { z } from 'zod';
import { orderStatusSchema } from './order.ts';
import { multiLineText } from './text.ts';

/**
 * Refunds in the admin area: `GET /api/orders/{id}/refund-check` and
 * `POST /api/orders/{id}/refund`, admins only. The refund policy (`docs/product-rules.md#refunds`):
 * a full refund within 30 days while not activated, none after activation; an admin may override
 * it with a reason. Money is integer US cents; times are ISO 8601.
 */

/** Days after purchase during which an unactivated order is refunded in full (`docs/product-rules.md#refunds`). */
export const REFUND_WINDOW_DAYS = 30;

/** Longest refund reason, characters. */
export const REFUND_REASON_MAX_LENGTH = 500;

/**
 * Why an order may not be refunded as it stands:
 * - `activated`: an eSIM of the order was activated (profile on a device, or a bundle started or
 *   used), read from the eSIM provider; for a top-up, its bundle started;
 * - `window_passed`: purchased more than {@link REFUND_WINDOW_DAYS} days ago;
 * - `esim_state_unknown`: the eSIM provider could not be read, so activation cannot be ruled out;
 * - `already_refunded`: the order was refunded;
 * - `refund_in_progress`: a refund of it is running now;
 * - `status`: its status cannot move to `refunded` (e.g. pending, cancelled);
 * - `not_paid`: its payment has not been captured.
 * The first three are the policy's, which an admin may override with a reason; the others are not.
 */
export const REFUND_REASON_CODES = [
  'activated',
  'window_passed',
  'esim_state_unknown',
  'already_refunded',
  'refund_in_progress',
  'status',
  'not_paid',
] as const;
export const refundReasonCodeSchema = z.enum(REFUND_REASON_CODES);
export type RefundReasonCode = z.infer<typeof refundReasonCodeSchema>;

/** The reasons an admin's override may pass over (the policy's own). */
export const OVERRIDABLE_REFUND_REASONS: readonly RefundReasonCode[] = [
  'activated',
  'window_passed',
  'esim_state_unknown',
];

/** One reason against refunding, with an English message and the ICCIDs it is about (if any). */
export const refundCheckReasonSchema = z.object({
  code: refundReasonCodeSchema,
  message: z.string(),
  /** `activated`: the activated eSIMs; `esim_state_unknown`: those the provider did not answer for. */
  iccids: z.array(z.string()).optional(),
});
export type RefundCheckReason = z.infer<typeof refundCheckReasonSchema>;

/** One eSIM of the order as the eSIM provider reports it now. */
export const refundCheckEsimSchema = z.object({
  iccid: z.string(),
  /** Null when the provider could not be read (`error` says why). */
  activated: z.boolean().nullable(),
  /** The provider's profile state (`released`, `installed`, `enabled`...); null when unread. */
  profileState: z.string().nullable(),
  /** First use at the destination, as the provider reports it. */
  firstUsedAt: z.string().nullable(),
  /** The order's bundles on this eSIM that a refund cancels (not started yet). */
  cancellableBundles: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type RefundCheckEsim = z.infer<typeof refundCheckEsimSchema>;

/** A refund of an order as recorded (one per order). */
export const refundRecordSchema = z.object({
  /** `pending` (running), `succeeded` or `failed` (may be retried). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: z.number().int().nonnegative(),
  /** The payment provider's refund id. */
  providerReference: z.string().nullable(),
  reason: z.string().nullable(),
  override: z.boolean(),
  /** `admin:<username>` */
  actor: z.string(),
  /** The provider's or the store's reason when `failed`. */
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/**
 * `GET /api/orders/{id}/refund-check`: whether the order can be refunded in full under the policy,
 * read from the eSIM provider now. `eligible` means a refund needs no override; `overridable`
 * means it is refused by the policy alone, so an override with a reason may refund it.
 */
export const refundCheckSchema = z.object({
  orderNumber: z.string(),
  kind: z.enum(['order', 'topup']),
  status: orderStatusSchema,
  paymentMethod: z.enum(['card', 'paypal']),
  /** What a refund gives back: the order's total, US cents. */
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  purchasedAt: z.string(),
  /** Whole days since purchase (0 on the day of purchase). */
  daysSincePurchase: z.number().int().nonnegative(),
  windowDays: z.number().int().positive(),
  eligible: z.boolean(),
  overridable: z.boolean(),
  activatedIccids: z.array(z.string()),
  reasons: z.array(refundCheckReasonSchema),
  esims: z.array(refundCheckEsimSchema),
  /** The order's refund so far (a failed one may be retried), or null. */
  refund: refundRecordSchema.nullable(),
});
export type RefundCheck = z.infer<typeof refundCheckSchema>;

/**
 * `POST /api/orders/{id}/refund` body. `override: true` refunds against the policy and needs a
 * `reason` (400 `reason` otherwise); `notify` e-mails the customer (default false).
 */
export const refundBodySchema = z.object({
  reason: multiLineText().max(REFUND_REASON_MAX_LENGTH, 'tooLong').optional(),
  override: z.boolean().optional(),
  notify: z.boolean().optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** A bundle the refund dealt with at the eSIM provider. */
export const refundBundleSchema = z.object({
  iccid: z.string(),
  bundle: z.string(),
  /** `revoked` (cancelled now or before), or the state that kept it (`active`, `expired`...). */
  state: z.string(),
});

/** `POST /api/orders/{id}/refund` answer: the order is refunded. */
export const refundResponseSchema = z.object({
  orderNumber: z.string(),
  status: z.literal('refunded'),
  refund: refundRecordSchema,
  /** Bundles of the order cancelled at the eSIM provider. */
  cancelledBundles: z.array(refundBundleSchema),
  /** Bundles left as they are: started (used) or already ended. */
  keptBundles: z.array(refundBundleSchema),
  /** Bundles the provider could not cancel now; the store retries in the background. */
  cancelErrors: z.array(z.object({ iccid: z.string(), bundle: z.string().nullable(), message: z.string() })),
  notified: z.boolean(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;
