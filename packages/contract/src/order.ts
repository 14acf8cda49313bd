import { z } from 'zod';
import { unlimitedTierSchema } from './catalog.ts';

/**
 * Order shapes as customers see them.
 * Money is integer US cents; dates are ISO 8601 strings.
 */

/** Order statuses (`docs/product-rules.md#order-statuses`). */
export const ORDER_STATUSES = [
  'pending',
  'created',
  'processing',
  'processed',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

// Pure helpers without zod, so that pages showing eSIMs can use them without loading zod.
export { activationCode, androidInstallUrl, appleInstallUrl } from './esim-activation.ts';

/** The display state of every eSIM of a refunded order (`OrderEsim.status`). */
export const REFUNDED_ESIM_STATUS = 'Refunded';

/**
 * One delivered eSIM profile with its manual activation details. Once the order was refunded,
 * its `status` is {@link REFUNDED_ESIM_STATUS} and the activation details are null together: the
 * store no longer hands out what installs it.
 */
export const orderEsimSchema = z.object({
  iccid: z.string(),
  /** Display state as last synced with the provider ('Ready', 'Active'…), or 'Refunded'. */
  status: z.string(),
  /** Null once refunded. */
  smdpAddress: z.string().nullable(),
  /** Null once refunded. */
  matchingId: z.string().nullable(),
  /** LPA string, see {@link activationCode}. Null once refunded. */
  activationCode: z.string().nullable(),
  /** The order line it belongs to. */
  lineId: z.number().int(),
  productName: z.string(),
});
export type OrderEsim = z.infer<typeof orderEsimSchema>;

/** One order line (product facts frozen at purchase). */
export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  countryCode: z.string(),
  dataAmount: z.string(),
  validityDays: z.number().int(),
  /** The unlimited tier of the product sold (names show 'Unlimited Plus'); `null` for fixed data. */
  tier: unlimitedTierSchema.nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** `GET /api/orders/{orderNumber}`: readable with the order's session id or its access token. */
export const orderViewSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  paymentStatus: z.enum(['requires_approval', 'succeeded', 'failed', 'cancelled']),
  paymentMethod: z.enum(['card', 'paypal']),
  /** "visa •••• 4242" facts for the receipt; null for PayPal. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  currency: z.literal('USD'),
  totalCents: z.number().int(),
  customer: z.object({ fullName: z.string(), email: z.string() }),
  items: z.array(orderLineSchema),
  /** Empty until fulfilment has provisioned them. */
  esims: z.array(orderEsimSchema),
  /**
   * The order's refund once the payment provider made it (an order is refunded once, in full:
   * `modules/orders/refunds/`); null otherwise. `amountCents` in integer US cents, `refundedAt` ISO 8601.
   */
  refund: z.object({ amountCents: z.number().int().nonnegative(), refundedAt: z.string() }).nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** `GET /api/orders/{orderNumber}` path parameter: `ORD-` and 6-40 letters, digits or dashes. */
export const orderNumberParamsSchema = z.object({
  id: z.string().regex(/^ORD-[A-Z0-9-]{6,40}$/, 'must be an order number such as ORD-7K3F9Q2X4M'),
});

/**
 * One order of the signed-in customer (`GET /api/orders`, their own orders only): a checkout (`order`) or a portal top-up (`topup`) that
 * belongs to the account. Money in integer US cents; `createdAt` ISO 8601.
 */
export const accountOrderSchema = z.object({
  orderNumber: z.string(),
  kind: z.enum(['order', 'topup']),
  createdAt: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  /** What was bought: each line's plan name (English, as sold) and quantity. */
  items: z.array(z.object({ name: z.string(), quantity: z.number().int().positive() })),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/** `GET /api/orders` (signed in; 401 `unauthorized` otherwise): the account's orders, newest first. */
export const accountOrdersResponseSchema = z.object({ orders: z.array(accountOrderSchema) });
export type AccountOrdersResponse = z.infer<typeof accountOrdersResponseSchema>;
