import { z } from 'zod';
import { singleLineText } from './text.ts';

/**
 * Pricing in the admin area (`docs/product-rules.md#catalogue-sync-and-pricing-rules`; the
 * `/api/pricing-settings` paths are a public contract): the rules (`GET/POST /api/pricing-settings`,
 * `PATCH/DELETE /api/pricing-settings/{id}`), the recalculation with its dry run
 * (`POST /api/pricing-settings/recalculate[?dryRun=true]`), the history of applied runs
 * (`GET /api/pricing-runs`), and "why this price?" (`GET /api/admin/products?q=`,
 * `GET /api/admin/products/{id}/price`). Money is integer US cents, markups basis points
 * (10,000 bps = 100 %), data MB, durations days, times ISO 8601 strings (UTC).
 *
 * The web app imports only types from here (`import type`), so its pricing screen does not load
 * zod; the constants it needs are checked against these types where it defines them.
 */

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * What a rule applies to, from least to most specific (the most specific matching active rule
 * wins; `apps/api/src/modules/catalog/pricing/pricing.rules.ts` `selectRule`):
 * - `all`: every product;
 * - `bundle_type`: `prepaid` or `unlimited` plans;
 * - `region`: one of the seven regions (`Europe+`, `Asia`…): its regional
 *   plans and the local plans of its countries (each country's home region);
 * - `country`: one destination code of the catalogue (`IS`, `US-HI`, a region name for its
 *   regional plans only, `Global`);
 * - `bundle`: one provider bundle (`esim_1GB_7D_IS_V2`).
 */
export const PRICING_SCOPES = ['all', 'bundle_type', 'region', 'country', 'bundle'] as const;
export const pricingScopeSchema = z.enum(PRICING_SCOPES, { error: `must be one of ${PRICING_SCOPES.join(', ')}` });
export type PricingScope = (typeof PRICING_SCOPES)[number];

/** Bundle types a `bundle_type` rule names (product `features.bundleType`). */
export const PRICING_BUNDLE_TYPES = ['prepaid', 'unlimited'] as const;
export type PricingBundleType = (typeof PRICING_BUNDLE_TYPES)[number];

/**
 * Bounds of a rule's fields. Markup up to 1,000 % (100,000 bps); fixed margin and floor up to
 * $1,000 (the dearest wholesale plan costs about $100); ending 0-99 cents; priority -1,000 to
 * 1,000; name 1-80 characters.
 */
export const PRICING_LIMITS = {
  markupBpsMax: 100_000,
  centsMax: 100_000,
  endingCentsMax: 99,
  priorityMin: -1_000,
  priorityMax: 1_000,
  nameMax: 80,
  scopeValueMax: 120,
} as const;

const markupBpsSchema = z
  .number({ error: 'must be a whole number of basis points from 0 to 100000' })
  .int('must be a whole number of basis points from 0 to 100000')
  .min(0, 'must be a whole number of basis points from 0 to 100000')
  .max(PRICING_LIMITS.markupBpsMax, 'must be a whole number of basis points from 0 to 100000');

const centsSchema = z
  .number({ error: 'must be a whole number of cents from 0 to 100000' })
  .int('must be a whole number of cents from 0 to 100000')
  .min(0, 'must be a whole number of cents from 0 to 100000')
  .max(PRICING_LIMITS.centsMax, 'must be a whole number of cents from 0 to 100000');

const endingCentsSchema = z
  .number({ error: 'must be a whole number of cents from 0 to 99, or null' })
  .int('must be a whole number of cents from 0 to 99, or null')
  .min(0, 'must be a whole number of cents from 0 to 99, or null')
  .max(PRICING_LIMITS.endingCentsMax, 'must be a whole number of cents from 0 to 99, or null')
  .nullable();

const prioritySchema = z
  .number({ error: 'must be a whole number from -1000 to 1000' })
  .int('must be a whole number from -1000 to 1000')
  .min(PRICING_LIMITS.priorityMin, 'must be a whole number from -1000 to 1000')
  .max(PRICING_LIMITS.priorityMax, 'must be a whole number from -1000 to 1000');

const nameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
  .pipe(
    singleLineText()
      .min(1, 'required')
      .max(PRICING_LIMITS.nameMax, `must be at most ${PRICING_LIMITS.nameMax} characters`),
  );

/**
 * The scope's value as sent: trimmed, one line; empty means none. Whether it is known for its
 * scope (a region name, a destination of the catalogue, `prepaid|unlimited`, an existing bundle)
 * is the server's check (400 `scopeValue`), which also writes it as the catalogue does
 * (`is` → `IS`, `europe+` → `Europe+`).
 */
const scopeValueSchema = z
  .string({ error: 'must be text or null' })
  .pipe(
    singleLineText().max(PRICING_LIMITS.scopeValueMax, `must be at most ${PRICING_LIMITS.scopeValueMax} characters`),
  )
  .nullable()
  .transform((v) => (v === '' ? null : v));

const booleanSchema = z.boolean({ error: 'must be true or false' });

/** A pricing setting (one rule) as the API returns it. */
export const pricingSettingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: pricingScopeSchema,
  /** Region name, destination code, bundle type or bundle name; null for `all`. */
  scopeValue: z.string().nullable(),
  /** Markup on the wholesale price, basis points (4000 = 40 %). */
  markupBps: z.number().int(),
  /** Added after the markup, US cents. */
  fixedMarginCents: z.number().int(),
  /** The price is rounded up to end in these cents (99 → x.99); null: no rounding. */
  endingCents: z.number().int().nullable(),
  /** Lowest retail price, US cents. */
  floorCents: z.number().int(),
  /** Among rules of the same scope, the higher priority wins. */
  priority: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PricingSetting = z.infer<typeof pricingSettingSchema>;

/**
 * `POST /api/pricing-settings` body. `name` and `scope` are required; `scopeValue` is required
 * for every scope but `all` (where it must be empty); the rest default to 0, no ending, active.
 * Unknown keys are refused (400 naming them), so a misspelt field is not silently dropped.
 */
export const createPricingSettingSchema = z.strictObject({
  name: nameSchema,
  scope: pricingScopeSchema,
  scopeValue: scopeValueSchema.optional(),
  markupBps: markupBpsSchema.default(0),
  fixedMarginCents: centsSchema.default(0),
  endingCents: endingCentsSchema.default(null),
  floorCents: centsSchema.default(0),
  priority: prioritySchema.default(0),
  active: booleanSchema.default(true),
});
export type CreatePricingSettingBody = z.input<typeof createPricingSettingSchema>;
export type CreatePricingSetting = z.output<typeof createPricingSettingSchema>;

/**
 * `PATCH /api/pricing-settings/{id}` body: any of the fields, at least one. The result is
 * checked as a whole (a new `scope` needs a `scopeValue` that fits it; `scope: 'all'` clears it).
 */
export const updatePricingSettingSchema = z
  .strictObject({
    name: nameSchema.optional(),
    scope: pricingScopeSchema.optional(),
    scopeValue: scopeValueSchema.optional(),
    markupBps: markupBpsSchema.optional(),
    fixedMarginCents: centsSchema.optional(),
    endingCents: endingCentsSchema.optional(),
    floorCents: centsSchema.optional(),
    priority: prioritySchema.optional(),
    active: booleanSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field');
export type UpdatePricingSettingBody = z.input<typeof updatePricingSettingSchema>;
export type UpdatePricingSetting = z.output<typeof updatePricingSettingSchema>;

/** A rule's id in a path: 1 to 2^31-1. */
export const pricingSettingParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, 'must be a positive whole number')),
});

/** The last applied recalculation, as the rules screen shows it. */
export const pricingRunSchema = z.object({
  id: z.number().int(),
  /** `admin:<username>`, `sync` (after a catalogue sync) or `system`. */
  actor: z.string(),
  at: z.string(),
  checked: z.number().int(),
  changed: z.number().int(),
  belowWholesale: z.number().int(),
  ladderViolations: z.number().int(),
  /** Rules the run applied. */
  ruleCount: z.number().int(),
});
export type PricingRun = z.infer<typeof pricingRunSchema>;

/**
 * `GET /api/pricing-settings`: every rule (most specific scope first, then priority, then id),
 * the version of the rules (changes whenever a rule is created, changed or deleted; a preview's
 * report names the version it used), the last applied run, and whether the rules differ from
 * those that run applied (saved rule changes reprice nothing until a recalculation is applied).
 */
export const pricingSettingsResponseSchema = z.object({
  settings: z.array(pricingSettingSchema),
  rulesVersion: z.string(),
  lastRun: pricingRunSchema.nullable(),
  /** True when the rules were changed since `lastRun` (null without any run). */
  changedSinceLastRun: z.boolean().nullable(),
});
export type PricingSettingsResponse = z.infer<typeof pricingSettingsResponseSchema>;

/** `POST /api/pricing-settings` (201), `PATCH` and `DELETE /api/pricing-settings/{id}` (200): the rule (for DELETE, as it was). */
export const pricingSettingResponseSchema = z.object({ setting: pricingSettingSchema });
export type PricingSettingResponse = z.infer<typeof pricingSettingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Recalculation

const trueFalse = z.enum(['true', 'false'], { error: 'must be true or false' });

/**
 * `POST /api/pricing-settings/recalculate` query: `dryRun=true` changes nothing and reports what
 * would change; `rulesVersion` (from a preview) makes the run refuse (409 `rules_changed`) if the
 * rules changed since, so what is applied is what was previewed.
 */
export const recalculateQuerySchema = z.object({
  dryRun: trueFalse.optional().transform((v) => v === 'true'),
  rulesVersion: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'must be the rulesVersion of a preview')
    .optional(),
});
export type RecalculateQuery = z.input<typeof recalculateQuerySchema>;

/** A product as the recalculation report names it. */
export const pricedProductSchema = z.object({
  productId: z.number().int(),
  apiBundleName: z.string(),
  name: z.string(),
  countryCode: z.string(),
  bundleType: z.enum(PRICING_BUNDLE_TYPES),
  /** MB; null for unlimited plans. */
  dataMb: z.number().int().nullable(),
  /** `unlimited` | `unlimited_plus` for unlimited plans. */
  tier: z.string().nullable(),
  validityDays: z.number().int(),
  wholesaleCents: z.number().int(),
  /** Sold in the storefront (listed by the provider and enabled by the admin). */
  onSale: z.boolean(),
});
export type PricedProduct = z.infer<typeof pricedProductSchema>;

/** One product whose price the run changes. */
export const priceChangeSchema = pricedProductSchema.extend({
  oldPriceCents: z.number().int(),
  newPriceCents: z.number().int(),
  /** The winning rule's id, null when no rule matches (the product is sold at wholesale). */
  ruleId: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** A product on sale whose price after the run is below its wholesale price. */
export const belowWholesaleSchema = pricedProductSchema.extend({
  priceCents: z.number().int(),
  /** The admin's fixed price set it (not a rule). */
  fixedPrice: z.boolean(),
  ruleId: z.number().int().nullable(),
});
export type BelowWholesale = z.infer<typeof belowWholesaleSchema>;

/**
 * A "ladder violation": two plans on sale of the same destination and bundle type where
 * `larger` has at least as much data and at least as many days as `smaller`, more of one of them
 * (for unlimited plans, Unlimited Plus counts as more data than Unlimited), yet costs less after
 * the run. Travellers would buy the larger one; the smaller one's price is wrong.
 */
export const ladderViolationSchema = z.object({
  countryCode: z.string(),
  bundleType: z.enum(PRICING_BUNDLE_TYPES),
  smaller: pricedProductSchema.extend({ priceCents: z.number().int() }),
  larger: pricedProductSchema.extend({ priceCents: z.number().int() }),
});
export type LadderViolation = z.infer<typeof ladderViolationSchema>;

/** Most ladder violations a report lists (`counts.ladderViolations` has them all). */
export const MAX_LISTED_LADDER_VIOLATIONS = 200;

/** Counts of a recalculation. */
export const recalculationCountsSchema = z.object({
  /** Every product, on sale or not. */
  checked: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Changed to a higher price. */
  up: z.number().int(),
  /** Changed to a lower price. */
  down: z.number().int(),
  /** Kept at the admin's fixed price (never repriced). */
  fixedPrice: z.number().int(),
  /** Matched by no active rule: sold at their wholesale price. */
  noRule: z.number().int(),
  /** On sale below wholesale after the run. */
  belowWholesale: z.number().int(),
  /** Pairs of plans out of order after the run (see {@link ladderViolationSchema}). */
  ladderViolations: z.number().int(),
});
export type RecalculationCounts = z.infer<typeof recalculationCountsSchema>;

/**
 * `POST /api/pricing-settings/recalculate` (both the dry run and the real run): what changes (or
 * changed), biggest changes first; warnings about the prices after the run; the rules used. The
 * real run's `run` is the recorded `pricing_runs` row; a dry run's is null.
 */
export const recalculationReportSchema = z.object({
  dryRun: z.boolean(),
  run: pricingRunSchema.nullable(),
  /** `admin:<username>`, `sync` or `system`. */
  actor: z.string(),
  at: z.string(),
  rulesVersion: z.string(),
  counts: recalculationCountsSchema,
  /** Sum of the changes, US cents (positive: prices rise overall). */
  netChangeCents: z.number().int(),
  /** Every changed product, largest change (in cents, either way) first. */
  changes: z.array(priceChangeSchema),
  /** Every product on sale below wholesale, furthest below first. */
  belowWholesale: z.array(belowWholesaleSchema),
  /** At most {@link MAX_LISTED_LADDER_VIOLATIONS}, largest price inversion first. */
  ladderViolations: z.array(ladderViolationSchema),
  /** The rules applied, as they were. */
  rules: z.array(pricingSettingSchema),
});
export type RecalculationReport = z.infer<typeof recalculationReportSchema>;

/** `GET /api/pricing-runs` query: `limit` 1-100, default 20. */
export const pricingRunsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(
      z.number().int().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'),
    )
    .optional()
    .transform((v) => v ?? 20),
});

/** `GET /api/pricing-runs`: the latest applied runs, newest first. */
export const pricingRunsResponseSchema = z.object({ runs: z.array(pricingRunSchema) });
export type PricingRunsResponse = z.infer<typeof pricingRunsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Why this price?

/** `GET /api/admin/products` query: `q` (name, display name, bundle name or destination code; 1-100 characters), `limit` 1-50 (default 20). */
export const adminProductSearchQuerySchema = z.object({
  q: singleLineText().min(1, 'required').max(100, 'must be at most 100 characters'),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number from 1 to 50')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a whole number from 1 to 50').max(50, 'must be a whole number from 1 to 50'))
    .optional()
    .transform((v) => v ?? 20),
});
export type AdminProductSearchQuery = z.input<typeof adminProductSearchQuerySchema>;

/** A product as the admin's search finds it. */
export const adminProductSchema = pricedProductSchema.extend({
  /** The admin's display name, if any. */
  displayName: z.string().nullable(),
  coverageType: z.string(),
  priceCents: z.number().int(),
  fixedPriceCents: z.number().int().nullable(),
  /** Listed by the provider. */
  active: z.boolean(),
  /** Not hidden by the admin. */
  enabled: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** `GET /api/admin/products`: at most `limit` matches, exact destination code first. */
export const adminProductSearchResponseSchema = z.object({ products: z.array(adminProductSchema) });
export type AdminProductSearchResponse = z.infer<typeof adminProductSearchResponseSchema>;

/** `GET /api/admin/products/{id}/price` path: a product id, or a bundle name (`esim_1GB_7D_IS_V2`). */
export const productPriceParamsSchema = z.object({
  id: z
    .string()
    .max(120, 'must be a product id or a bundle name')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be a product id or a bundle name'),
});

/** Kinds of step from wholesale to retail. */
export const PRICE_STEP_KINDS = [
  'wholesale',
  'markup',
  'fixed_margin',
  'ending',
  'floor',
  'fixed_price',
  'no_rule',
] as const;
export type PriceStepKind = (typeof PRICE_STEP_KINDS)[number];

/**
 * One step from wholesale to retail: the price before and after it, US cents. `markup` names
 * its basis points (the result is rounded up to a whole cent); `fixed_margin`, `ending` and
 * `floor` their cents; `applied` is false for a step that left the price as it was (an ending
 * already met, a floor below the price). `fixed_price` replaces everything; `no_rule` says no
 * active rule matches, so the wholesale price is the retail price.
 */
export const priceStepSchema = z.object({
  kind: z.enum(PRICE_STEP_KINDS),
  beforeCents: z.number().int(),
  afterCents: z.number().int(),
  /** Basis points (markup) or cents (fixed margin, ending, floor, fixed price). */
  value: z.number().int().nullable(),
  applied: z.boolean(),
});
export type PriceStep = z.infer<typeof priceStepSchema>;

/**
 * Why a rule did or did not set the price: `winner`; it matched but lost to the winner because
 * the winner's scope is more specific (`less_specific`), because of priority (`lower_priority`),
 * or because both have the same scope and priority and the older rule wins (`newer_rule`); it
 * would match but is `inactive`; the admin's fixed price overrides even the winner
 * (`overridden_by_fixed_price`, given to the winner instead of `winner`).
 */
export const RULE_OUTCOMES = [
  'winner',
  'overridden_by_fixed_price',
  'less_specific',
  'lower_priority',
  'newer_rule',
  'inactive',
] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

/** A rule that matches the product, with its outcome. Rules that do not match are left out. */
export const ruleCandidateSchema = z.object({ rule: pricingSettingSchema, outcome: z.enum(RULE_OUTCOMES) });
export type RuleCandidate = z.infer<typeof ruleCandidateSchema>;

/**
 * `GET /api/admin/products/{id}/price`: the product, the winning rule (or none), every rule that
 * matches it with its outcome (winner first, then by specificity and priority), and the steps
 * from wholesale to the price the rules give now (`computedPriceCents`, the last step's
 * `afterCents`). `priceCents` is what the store charges now; it differs from `computedPriceCents`
 * when rules changed and no recalculation has been applied since.
 */
export const priceExplanationSchema = z.object({
  product: adminProductSchema,
  /** The rule's match inputs: the product's home region (null for Global). */
  region: z.string().nullable(),
  winner: pricingSettingSchema.nullable(),
  candidates: z.array(ruleCandidateSchema),
  steps: z.array(priceStepSchema),
  computedPriceCents: z.number().int(),
  /** `priceCents !== computedPriceCents`: the next recalculation changes this price. */
  pending: z.boolean(),
});
export type PriceExplanation = z.infer<typeof priceExplanationSchema>;
