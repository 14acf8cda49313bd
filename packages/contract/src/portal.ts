import { z } from 'zod';
import { planFactsSchema, productSchema, unlimitedTierSchema } from './catalog.ts';
import { paymentActionSchema, paymentChoiceSchema } from './checkout.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { orderStatusSchema } from './order.ts';
import { singleLineText } from './text.ts';

/**
 * The customer portal's API shapes (`docs/product-rules.md#customer-portal-and-access-tokens`,
 * `#top-ups`). Every portal
 * call carries the order's access token in the `X-Access-Token` header (never in a URL, so that
 * it stays out of logs and browser history), or, for a signed-in account, only the session cookie
 * (the portal then covers every order of the account). Data is in bytes
 * (`...Bytes`), money in integer US cents, dates are ISO 8601 strings.
 */

/** The header that carries the portal access token. */
export const ACCESS_TOKEN_HEADER = 'X-Access-Token';

/**
 * How the portal shows an eSIM:
 * - `Ready`: the profile is waiting to be installed; its plan has not started.
 * - `Pending`: installed on a device; the plan starts when it is first used at the destination.
 * - `Active`: a bundle is running.
 * - `Expired`: every bundle has ended (expired or used up); listed under 'Archived'.
 * - `Archived`: the profile was deleted from the device and the provider; listed under 'Archived'.
 * - `Assigned`: the eSIM is the customer's, and the provider is still preparing its plan.
 * - `Refunded`: the order that bought it was refunded (whatever the provider still reports: a
 *   bundle that had started runs on there); listed under 'Archived', nothing to install or top up.
 */
export const ESIM_DISPLAY_STATES = [
  'Active',
  'Pending',
  'Ready',
  'Expired',
  'Archived',
  'Assigned',
  'Refunded',
] as const;
export const esimDisplayStateSchema = z.enum(ESIM_DISPLAY_STATES);
export type EsimDisplayState = z.infer<typeof esimDisplayStateSchema>;

/** Display states listed under the 'Archived' tab; the rest are 'Active & Pending'. */
export const ARCHIVED_ESIM_STATES: readonly EsimDisplayState[] = ['Expired', 'Archived', 'Refunded'];

/**
 * A bundle's state as the portal shows it,
 * mapped from the provider's (eSIM Go `bundleState`): processing -> pending, queued -> queued,
 * active -> active, depleted and revoked -> inactive, expired and lapsed -> expired; and
 * `refunded` whatever the provider says once the order that paid for it (the eSIM's order, or a
 * top-up) was refunded.
 */
export const PORTAL_BUNDLE_STATES = ['active', 'inactive', 'pending', 'queued', 'expired', 'refunded'] as const;
export const portalBundleStateSchema = z.enum(PORTAL_BUNDLE_STATES);
export type PortalBundleState = z.infer<typeof portalBundleStateSchema>;

/** Data use of an eSIM or a bundle, in bytes. Unlimited plans have no total or remainder. */
export const usageSchema = z.object({
  unlimited: z.boolean(),
  /** The allowance; `null` when unlimited. */
  totalBytes: z.number().int().nonnegative().nullable(),
  usedBytes: z.number().int().nonnegative(),
  /** `null` when unlimited. */
  remainingBytes: z.number().int().nonnegative().nullable(),
  /** Used share of the allowance, 0-100 (whole percent); `null` when unlimited. */
  percentUsed: z.number().int().min(0).max(100).nullable(),
});
export type Usage = z.infer<typeof usageSchema>;

/** One bundle on an eSIM: the plan bought with it (`main`) or a top-up. */
export const portalBundleSchema = z.object({
  /** The provider's assignment id. */
  id: z.string(),
  kind: z.enum(['main', 'topup']),
  /** Plan name in English as sold, e.g. 'Turkey 1GB 7 Days'. */
  name: z.string(),
  /** Provider bundle name, e.g. `esim_1GB_7D_TR_V2`. */
  apiBundleName: z.string(),
  /** ISO alpha-2 code, region name or `Global` of the plan. */
  countryCode: z.string(),
  state: portalBundleStateSchema,
  /** The provider's own state (eSIM Go `bundleState`), for support staff. */
  providerState: z.string(),
  /** Display allowance: '1GB', 'Unlimited'. */
  dataAmount: z.string(),
  validityDays: z.number().int().positive(),
  /** Unlimited tier of the bundle's product (so 'Unlimited Plus' is named so); `null` for fixed data. */
  tier: unlimitedTierSchema.nullable(),
  usage: usageSchema,
  /** When the bundle started (first use), `null` while it waits. */
  startedAt: z.string().nullable(),
  /** When it ends (started + validity), `null` while it waits. */
  expiresAt: z.string().nullable(),
  /** The order that paid for it. */
  orderNumber: z.string().nullable(),
});
export type PortalBundle = z.infer<typeof portalBundleSchema>;

/** One operator the plan uses in one country. */
export const portalOperatorSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  /** e.g. ["4G", "5G"] */
  speeds: z.array(z.string()),
});

/** The portal's network information card, from the plan's coverage data. */
export const portalNetworkSchema = z.object({
  operators: z.array(portalOperatorSchema),
  /** Travel eSIMs are data only: no phone number, calls or SMS (`docs/product-rules.md#storefront-pages`). */
  serviceType: z.literal('data'),
  /** Personal hotspot (tethering) allowed. */
  hotspot: z.boolean(),
  /** Best radio generation on any operator, e.g. '5G'. */
  speed: z.string(),
});
export type PortalNetwork = z.infer<typeof portalNetworkSchema>;

/**
 * The refund of the order that bought an eSIM (`modules/orders/refunds/`: an order is refunded once, in
 * full, so this is the whole order's amount, shared by all its eSIMs).
 */
export const portalRefundSchema = z.object({
  /** The refunded order, e.g. `ORD-7K3F9Q2X4M`. */
  orderNumber: z.string(),
  /** Integer US cents returned to the customer. */
  amountCents: z.number().int().nonnegative(),
  /** When the payment provider made the refund (ISO 8601). */
  refundedAt: z.string(),
});
export type PortalRefund = z.infer<typeof portalRefundSchema>;

/**
 * One eSIM as the portal shows it, with its install details, bundles and usage. The install
 * details (`smdpAddress`, `matchingId`, `activationCode`) are null together once it was refunded:
 * the store no longer hands out what installs it.
 */
export const portalEsimSchema = z.object({
  iccid: z.string(),
  /** Null once refunded. */
  smdpAddress: z.string().nullable(),
  /** Null once refunded. */
  matchingId: z.string().nullable(),
  /** LPA string `LPA:1$<smdpAddress>$<matchingId>` (GSMA SGP.22); the QR code encodes it. Null once refunded. */
  activationCode: z.string().nullable(),
  state: esimDisplayStateSchema,
  /** The refund of the order that bought it; null unless `state` is `Refunded`. */
  refund: portalRefundSchema.nullable(),
  /** True for the 'Archived' tab (see {@link ARCHIVED_ESIM_STATES}). */
  archived: z.boolean(),
  /** Name of the plan it was bought with, e.g. 'Turkey 1GB 7 Days'. */
  planName: z.string(),
  /** ISO alpha-2 code, region name or `Global` of that plan. */
  countryCode: z.string(),
  orderNumber: z.string(),
  purchasedAt: z.string(),
  /** First use at the destination; `null` before. */
  activatedAt: z.string().nullable(),
  /** When the last running or waiting bundle ends; `null` before activation. */
  expiresAt: z.string().nullable(),
  /** Usage of the running bundle, else of the last one that ran, else of the first waiting one. */
  usage: usageSchema,
  /** Main bundle first, then top-ups in the order they were added. */
  bundles: z.array(portalBundleSchema),
  /** Top-ups are offered only while the eSIM is active, never once refunded. */
  canTopUp: z.boolean(),
  /** Last successful usage sync with the provider; `null` before the first. */
  syncedAt: z.string().nullable(),
  network: portalNetworkSchema,
  /**
   * Embedded sandbox only: the page that plays the traveller's phone (install, first use, data
   * use, days passing). `null` with a real provider, and once refunded.
   */
  simulatorUrl: z.string().nullable(),
});
export type PortalEsim = z.infer<typeof portalEsimSchema>;

/** One row of the portal's order history table: the purchase and its top-ups. */
export const portalOrderSchema = z.object({
  orderNumber: z.string(),
  kind: z.enum(['order', 'topup']),
  createdAt: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  /** What was bought, in English as sold, e.g. '2 × Turkey 1GB 7 Days' (support's wording; travellers see `items`). */
  description: z.string(),
  /** What was bought, line by line: the facts the portal names each plan by in the reader's language. */
  items: z.array(planFactsSchema.extend({ quantity: z.number().int().positive() })),
});
export type PortalOrder = z.infer<typeof portalOrderSchema>;

/**
 * How a portal request was opened: `token`, by an order's access token in
 * `X-Access-Token` (that order, its eSIMs and its top-ups); `account`, by the session cookie of a
 * signed-in account and no token (every order of the account: all their eSIMs and top-ups). A
 * request that brings a token is a `token` request even when signed in.
 */
export const PORTAL_ACCESS_KINDS = ['token', 'account'] as const;
export const portalAccessSchema = z.enum(PORTAL_ACCESS_KINDS);
export type PortalAccessKind = z.infer<typeof portalAccessSchema>;

/**
 * `GET /api/portal`: everything the portal shows for one access token, or for the signed-in
 * account (every order it owns).
 */
export const portalViewSchema = z.object({
  /** How the portal was opened (see {@link PORTAL_ACCESS_KINDS}). */
  access: portalAccessSchema,
  /**
   * `token`: the order the token belongs to. `account`: the account's newest order (kind
   * `order`), or '' when it has none yet.
   */
  orderNumber: z.string(),
  /** `token`: the name given at checkout. `account`: the account holder's first and last name. */
  customerName: z.string(),
  /** `token`: the order's eSIMs by line. `account`: the eSIMs of all its orders, newest order first. */
  esims: z.array(portalEsimSchema),
  /** Newest first: the order and its top-ups, or (`account`) every order of the account and their top-ups. */
  orders: z.array(portalOrderSchema),
});
export type PortalView = z.infer<typeof portalViewSchema>;

/** Path parameter of the per-eSIM portal calls: an ICCID (19-20 digits, ITU-T E.118). */
export const iccidParamsSchema = z.object({
  iccid: z.string().regex(/^\d{19,20}$/, 'must be an ICCID of 19 or 20 digits'),
});

/** `POST /api/portal/esims/{iccid}/sync`: the eSIM after reading its bundles and usage from the provider. */
export const portalSyncResponseSchema = z.object({ esim: portalEsimSchema });
export type PortalSyncResponse = z.infer<typeof portalSyncResponseSchema>;

/** `GET /api/portal/esims/{iccid}/topups`: the eSIM and the plans that can top it up (same country or region). */
export const topupOptionsResponseSchema = z.object({
  esim: portalEsimSchema,
  products: z.array(productSchema),
});
export type TopupOptionsResponse = z.infer<typeof topupOptionsResponseSchema>;

/**
 * `POST /api/portal/esims/{iccid}/topups` body, with headers `X-Access-Token`, `X-Session-Id`
 * and `Idempotency-Key` (as checkout). The price comes from the catalogue, never from the body.
 */
export const topupBodySchema = z.object({
  productId: z.number().int().positive(),
  payment: paymentChoiceSchema,
  acceptTerms: z.literal(true, { error: 'terms' }),
  /** Interface language: the receipt e-mail is written in it. */
  language: z.enum(LANGUAGE_CODES as [string, ...string[]]),
});
export type TopupBody = z.infer<typeof topupBodySchema>;

/**
 * `POST /api/portal/esims/{iccid}/topups` response (201; a replay with the same key returns the
 * same body). PayPal: send the buyer to `approvalUrl`; they return to
 * `/portal/topup-confirmation?order=<orderNumber>`.
 */
export const topupResponseSchema = z.object({
  orderNumber: z.string(),
  payment: z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded') }),
    z.object({ status: z.literal('requires_approval'), approvalUrl: z.string() }),
    /** Stripe 3-D Secure (decision record 0019): `handleNextAction`, then `POST /api/portal/topups/{orderNumber}/payment/confirm`. */
    paymentActionSchema,
  ]),
});
export type TopupResponse = z.infer<typeof topupResponseSchema>;

/** `GET /api/portal/topups/{orderNumber}` and its PayPal capture: a top-up order and where it stands. */
export const portalTopupSchema = z.object({
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: z.enum(['requires_approval', 'succeeded', 'failed', 'cancelled']),
  iccid: z.string(),
  /** The plan's name in English as sold (support's wording; travellers see a name built from `plan`). */
  productName: z.string(),
  /** The facts the top-up's plan is named by in the reader's language. */
  plan: planFactsSchema,
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  createdAt: z.string(),
  /** True once the provider has applied the bundle to the eSIM. */
  applied: z.boolean(),
});
export type PortalTopup = z.infer<typeof portalTopupSchema>;

/** Longest access token text `POST /api/user/orders/attach` accepts (tokens are 43 characters). */
export const ACCESS_TOKEN_MAX_LENGTH = 512;

/**
 * `POST /api/user/orders/attach` body (signed in): the access token of a
 * guest order (from its purchase e-mail or the confirmation page) to attach that order and its
 * top-ups to the signed-in account. Surrounding spaces are trimmed. Messages are stable keys:
 * `required`, `tooLong`, `invalidCharacters`.
 */
export const attachOrderBodySchema = z.object({
  accessToken: singleLineText().min(1, 'required').max(ACCESS_TOKEN_MAX_LENGTH, 'tooLong'),
});
export type AttachOrderBody = z.infer<typeof attachOrderBodySchema>;

/**
 * `POST /api/user/orders/attach` 200: the order now belongs to the account (its eSIMs, usage and
 * top-ups appear in the account's portal). `alreadyAttached` is true when it already did (the
 * call is idempotent). Errors (stable codes): 400 `invalid_token` with `field: 'accessToken'`
 * (unknown, expired and revoked tokens alike), 400 `validation_error` (body), 401 `unauthorized`
 * (signed out), 403 `csrf_rejected`, 409 `order_belongs_to_another_account`, 429 `rate_limited`
 * with `Retry-After` in seconds.
 */
export const attachOrderResponseSchema = z.object({
  orderNumber: z.string(),
  alreadyAttached: z.boolean(),
});
export type AttachOrderResponse = z.infer<typeof attachOrderResponseSchema>;

/** The error codes of `POST /api/user/orders/attach` besides validation, sign-in and throttling. */
export const ATTACH_ORDER_ERROR_CODES = ['invalid_token', 'order_belongs_to_another_account'] as const;
export type AttachOrderErrorCode = (typeof ATTACH_ORDER_ERROR_CODES)[number];
