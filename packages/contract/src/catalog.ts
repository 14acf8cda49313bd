import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { singleLineText } from './text.ts';

/**
 * Catalogue shapes shared by the API (request/response schemas) and the web app (parsing).
 * Money is integer US cents; data is MB (`null` when unlimited); durations are days.
 * Destinations and regions: `docs/product-rules.md#destinations-and-regions`.
 */

/** Bundle type of a plan: fixed data (`prepaid`) or daily-fair-use `unlimited`. */
export const bundleTypeSchema = z.enum(['prepaid', 'unlimited']);
export type BundleType = z.infer<typeof bundleTypeSchema>;

/** Coverage type of a plan: one country, a region or the world. */
export const coverageTypeSchema = z.enum(['local', 'regional', 'global']);
export type CoverageType = z.infer<typeof coverageTypeSchema>;

/** Unlimited tier: lite (1 GB/day then 512 kbps) or plus (2 GB/day then 2 Mbps); `docs/product-rules.md#prices-and-currency`. */
export const unlimitedTierSchema = z.enum(['unlimited', 'unlimited_plus']);
export type UnlimitedTier = z.infer<typeof unlimitedTierSchema>;

/**
 * The facts a plan is named by (names are built from facts in the reader's language,
 * `plan-name.ts`), as an order line, a portal bundle or a top-up carries them once sold.
 */
export const planFactsSchema = z.object({
  /** ISO alpha-2 code, region name or `Global` of the plan. */
  countryCode: z.string(),
  /** Display allowance as sold: '1GB', '500MB', 'Unlimited'. */
  dataAmount: z.string(),
  validityDays: z.number().int().positive(),
  /** The unlimited tier of the product sold; `null` for a fixed-data plan. */
  tier: unlimitedTierSchema.nullable(),
});
export type PlanFacts = z.infer<typeof planFactsSchema>;

/** A mobile network a plan roams on in one country. */
export const networkSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  /** Radio generations available, e.g. ["4G", "5G"]. */
  speeds: z.array(z.string()),
});
export type Network = z.infer<typeof networkSchema>;

/** Plan facts shown at a glance. */
export const productFeaturesSchema = z.object({
  bundleType: bundleTypeSchema,
  /** Data allowance in MB; `null` for unlimited plans. */
  dataMb: z.number().int().positive().nullable(),
  /** Display string of the allowance: '500MB', '1GB', 'Unlimited'. */
  dataAmount: z.string(),
  validityDays: z.number().int().positive(),
  /** Validity code: '7d', '2w', '1m', '1y'. */
  validity: z.string(),
  tier: unlimitedTierSchema.nullable(),
  type: coverageTypeSchema,
  /** ISO 3166-1 alpha-2 (or special) codes of every covered country. */
  coveredCountries: z.array(z.string()),
  networks: z.array(networkSchema),
  /** Discount in whole percent off the list price, 0 when none. */
  discountPercent: z.number().int().min(0).max(100),
  /** Hotspot (tethering) allowed. */
  hotspot: z.boolean(),
});
export type ProductFeatures = z.infer<typeof productFeaturesSchema>;

/** A product the store sells, one per provider bundle. */
export const productSchema = z.object({
  productId: z.number().int().positive(),
  /** The wholesale bundle name, e.g. `esim_1GB_7D_TR_V2`. */
  apiBundleName: z.string(),
  name: z.string(),
  /**
   * The admin's own name for the plan (bulk import), or `null`. When set, every place that names
   * this catalogue product uses it as the operator wrote it; otherwise the name is built from the
   * plan's facts in the reader's language (`plan-name.ts`). Optional so
   * that clients built before it keep validating.
   */
  displayName: z.string().nullable().optional(),
  description: z.string(),
  /** Retail price in US cents, taxes included. */
  priceCents: z.number().int().nonnegative(),
  /** Retail price in USD as a decimal number: `priceCents` / 100, for clients that read `price`. */
  price: z.number().nonnegative(),
  currency: z.literal('USD'),
  /** ISO alpha-2 code, a region name (e.g. `Europe+`), `Global`, `CYP` or `US-HI`. */
  countryCode: z.string(),
  imageUrl: z.string().nullable(),
  features: productFeaturesSchema,
  /**
   * Chosen by the admin to be listed first among its destination's plans (bulk import, issue
   * 10). The API always sends it; optional so that a client may sort by it without requiring it.
   */
  featured: z.boolean().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/products` query: `?country=`, `?type=`, `?q=`. */
export const productsQuerySchema = z.object({
  /** A country code, region name, `Global`, or a country/region slug. */
  country: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\p{L}0-9+ -]+$/u, 'must be a country code, region name or slug')
    .optional(),
  type: bundleTypeSchema.optional(),
  /** Search text, one line (text rules of `text.ts`). */
  q: singleLineText().max(100).optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productsResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

/** `GET /api/products/{id}` path parameters. */
export const productParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /api/products/{id}` response: the product and its localised country name. */
export const productResponseSchema = z.object({ product: productSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** Country names in every interface language. */
export const localisedNamesSchema = z.object(
  Object.fromEntries(LANGUAGE_CODES.map((l) => [l, z.string()])) as Record<
    (typeof LANGUAGE_CODES)[number],
    z.ZodString
  >,
);
export type LocalisedNames = z.infer<typeof localisedNamesSchema>;

/** A destination in the countries view: code, localised names, type, plan count, lowest price. */
export const countrySchema = z.object({
  code: z.string(),
  /** URL slug used by `/{lang}/{country}`, e.g. `turkey`, `europe-plus`. */
  slug: z.string(),
  names: localisedNamesSchema,
  type: coverageTypeSchema,
  /** For a local destination, the region it belongs to; `null` for regions and Global. */
  region: z.string().nullable(),
  planCount: z.number().int().nonnegative(),
  /** Lowest retail price in US cents among its plans; `null` when it has none. */
  fromPriceCents: z.number().int().nonnegative().nullable(),
  /** Flag icon code (lower-case alpha-2) or `null` for regions and Global. */
  flag: z.string().nullable(),
});
export type Country = z.infer<typeof countrySchema>;

export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });
export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

/**
 * The API's one error body, whatever layer refuses a request. `field` names the offending input
 * for 400s; `code` is machine-readable (e.g. `validation_error`, `not_found`); `orderNumber`
 * names the order a 409 `checkout_in_progress` or `cart_checked_out` is about (decision record 0024).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    orderNumber: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
