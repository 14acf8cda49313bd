import { z } from 'zod';

/**
 * The fulfilment jobs of an order (DESIGN.md section 3 "Fulfilment"): `provision-order` buys the
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
