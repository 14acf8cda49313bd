import { randomUUID } from 'node:crypto';
import { orderStatusSchema } from '@esim/contract/order';
import { z } from 'zod';

/**
 * The fulfilment jobs of an order (decision record 0008): `provision-order` buys the
 * eSIMs once payment is captured and queues `send-order-email`, which e-mails them and completes
 * the order. One job of each per order, by dedupe key.
 */
export const PROVISION_ORDER_JOB = 'provision-order';
export const SEND_ORDER_EMAIL_JOB = 'send-order-email';

/** Dedupe key of an order's provisioning job. */
export const provisionJobKey = (orderId: number) => `provision:${orderId}`;
/** Dedupe key of an order's confirmation e-mail job. */
export const emailJobKey = (orderId: number) => `email:${orderId}`;

/**
 * Payload of both jobs. `accessToken` is the portal access token in clear: the database keeps
 * only its hash, yet the confirmation e-mail must show it, so it travels with the jobs and is
 * removed from each job's payload when that job succeeds (`scrubOnSuccess`). A job that fails
 * for good keeps it, so that an operator's retry can still send the e-mail.
 */
export const orderJobPayloadSchema = z.object({
  orderId: z.number().int().positive(),
  accessToken: z.string().min(1).optional(),
});
export type OrderJobPayload = z.infer<typeof orderJobPayloadSchema>;

/**
 * The customer's e-mail about an order's status (`POST /api/orders/{id}/notify`, a
 * status change with `notify`, a refund with `notify`): the status's template in the order's
 * language, recorded on the order (`order_events` kind `notification`, and the e-mail's row has
 * its `order_id`). `actor` is who asked (`admin:<username>`). Every notification is a job of its
 * own (key {@link notificationJobKey}); a retried run of one job sends its e-mail once.
 */
export const ORDER_NOTIFICATION_JOB = 'order-notification';

/** Payload of {@link ORDER_NOTIFICATION_JOB}. */
export const orderNotificationPayloadSchema = z.object({
  orderId: z.number().int().positive(),
  status: orderStatusSchema,
  actor: z.string().min(1),
});
export type OrderNotificationPayload = z.infer<typeof orderNotificationPayloadSchema>;

/** A new, unique dedupe key for a notification of the order (each request is a message of its own). */
export const notificationJobKey = (orderId: number) => `notify:${orderId}:${randomUUID()}`;

/**
 * An admin's re-send of an order's confirmation (the admin's order screen): either the stored copy
 * `messageId` as it was sent (same access token), or, after a new access token was issued, a fresh
 * confirmation rendered with `accessToken` (removed from the payload once sent, as the fulfilment
 * jobs do). Records `confirmation_resent` on the order with `actor`.
 */
export const RESEND_ORDER_EMAIL_JOB = 'resend-order-email';

/** Payload of {@link RESEND_ORDER_EMAIL_JOB}: `messageId` or `accessToken`. */
export const resendOrderEmailPayloadSchema = z
  .object({
    orderId: z.number().int().positive(),
    actor: z.string().min(1),
    messageId: z.number().int().positive().optional(),
    accessToken: z.string().min(1).optional(),
  })
  .refine((p) => (p.messageId === undefined) !== (p.accessToken === undefined), 'messageId or accessToken, not both');
export type ResendOrderEmailPayload = z.infer<typeof resendOrderEmailPayloadSchema>;

/** A new, unique dedupe key for a re-send. */
export const resendEmailJobKey = (orderId: number) => `resend:${orderId}:${randomUUID()}`;
