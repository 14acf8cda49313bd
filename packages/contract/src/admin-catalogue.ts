import { z } from 'zod';
import { singleLineText } from './text.ts';

/**
 * Catalogue sync, bulk import and export in the admin area (`docs/product-rules.md#bulk-import`):
 * the shapes of `/api/admin/catalogue-sync...`, `/api/admin/bulk-imports...` and
 * `GET /api/admin/products/export.csv`. The same schemas validate the requests on the server and
 * type the answers in the admin web app. Money is integer US cents, times ISO 8601 strings (UTC),
 * durations milliseconds.
 */

// ---------------------------------------------------------------------------------------------
// Catalogue sync

/** A sync run's state: waiting for the worker (or for a retry), running, done, or given up. */
export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/** Runs listed in the history of `GET /api/admin/catalogue-sync`. */
export const SYNC_HISTORY_LENGTH = 20;

/** Entries kept per list of a run's report (added, changed, retired, errors); the counts are always whole. */
export const SYNC_REPORT_LIST_MAX = 5_000;

/**
 * `POST /api/admin/catalogue-sync` body (optional): `reprice` reprices every product with the
 * pricing settings once the sync is done (as `POST /api/pricing-settings/recalculate`, actor `sync`).
 */
export const startSyncBodySchema = z
  .strictObject({ reprice: z.boolean({ error: 'must be true or false' }).optional() })
  .optional();
export type StartSyncBody = z.infer<typeof startSyncBodySchema>;

/** A sync run: who started it, when, how far it got and what it counted. */
export const syncRunSchema = z.object({
  id: z.number().int(),
  /** The eSIM provider synced (`sandbox`, `esimgo`). */
  provider: z.string(),
  status: z.enum(SYNC_RUN_STATUSES),
  /** `admin:<username>`, `schedule` (CATALOGUE_SYNC_INTERVAL) or `system` (first start). */
  actor: z.string(),
  /** Reprice every product after the sync. */
  reprice: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** From start to finish (or to now while unfinished), ms. */
  durationMs: z.number().int().nonnegative(),
  /** Bundles handled so far and in all (0 of 0 until the provider's catalogue is read). */
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  /** Products whose bundle the provider no longer lists (kept, no longer sold). */
  retired: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Bundles the provider listed with data the store cannot sell (each named in the report). */
  errors: z.number().int().nonnegative(),
  /** Why the run failed, or the last failed attempt's reason while a retry waits. */
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** One changed field of a bundle: its value before and after, shown as text (lists joined, cents as numbers). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  to: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** What a run changed, bundle by bundle (each list at most {@link SYNC_REPORT_LIST_MAX} long). */
export const syncReportSchema = z.object({
  added: z.array(z.object({ apiBundleName: z.string(), name: z.string(), priceCents: z.number().int() })),
  changed: z.array(z.object({ apiBundleName: z.string(), name: z.string(), fields: z.array(fieldChangeSchema) })),
  retired: z.array(z.object({ apiBundleName: z.string(), name: z.string() })),
  /** Bundles refused, with why (`bundle` is the provider's name, or `#<position>` when it has none). */
  errors: z.array(z.object({ apiBundleName: z.string(), message: z.string() })),
  /** True when a list was cut at {@link SYNC_REPORT_LIST_MAX}. */
  truncated: z.boolean(),
  /** The reprice after the sync: products checked and changed, the pricing run's id; or why it failed; null when not asked. */
  reprice: z
    .union([
      z.object({ checked: z.number().int(), changed: z.number().int(), pricingRunId: z.number().int().nullable() }),
      z.object({ error: z.string() }),
    ])
    .nullable(),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

/** A run with its report (null until the run has one). */
export const syncRunDetailSchema = syncRunSchema.extend({ report: syncReportSchema.nullable() });
export type SyncRunDetail = z.infer<typeof syncRunDetailSchema>;

/**
 * `GET /api/admin/catalogue-sync`: the run in progress (queued or running, with its progress) or
 * null, the last {@link SYNC_HISTORY_LENGTH} runs newest first, and the schedule
 * (`CATALOGUE_SYNC_INTERVAL`; `intervalMs` null when off).
 */
export const syncStatusSchema = z.object({
  current: syncRunSchema.nullable(),
  history: z.array(syncRunSchema),
  schedule: z.object({ intervalMs: z.number().int().nullable(), nextRunAt: z.string().nullable() }),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** `POST /api/admin/catalogue-sync` answer (202): the queued run. */
export const startSyncResponseSchema = z.object({ run: syncRunSchema });
export type StartSyncResponse = z.infer<typeof startSyncResponseSchema>;

/** `GET /api/admin/catalogue-sync/{id}` answer. */
export const syncRunResponseSchema = z.object({ run: syncRunDetailSchema });
export type SyncRunResponse = z.infer<typeof syncRunResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk import (CSV)

/**
 * The columns of an import file and of the export, in this order. `apiBundleName` keys the row
 * (the provider's bundle name, never a database id); the others are optional in a file, and a
 * column left out leaves that field as it is:
 * - `displayName`: the name the storefront shows; empty shows the provider's name;
 * - `retailPrice`: a fixed price in USD (`12.99`), kept by every recalculation; empty prices the
 *   product by the pricing settings;
 * - `discountPercent`: a whole percent 0-90 shown as a discount badge; empty is 0;
 * - `active`: `true` sells the product (while the provider lists it), `false` hides it;
 * - `featured`: `true` lists it first among its destination's plans.
 */
export const IMPORT_COLUMNS = [
  'apiBundleName',
  'displayName',
  'retailPrice',
  'discountPercent',
  'active',
  'featured',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Limits of an import file. */
export const IMPORT_LIMITS = {
  /** Bytes of a file (10 MB); more is answered 413. */
  maxBytes: 10 * 1024 * 1024,
  /** Data rows of a file. */
  maxRows: 100_000,
  /** Characters of a display name. */
  displayNameMax: 120,
  /** Highest discount, percent. */
  discountPercentMax: 90,
  /** Highest fixed price, US cents ($10,000). */
  retailPriceMaxCents: 1_000_000,
  /** Changed rows and row errors a report lists (the counts are whole; the errors CSV has every row). */
  listedRowsMax: 1_000,
} as const;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): a cell
 * starting with one of them is refused on import and escaped (`'` in front) in every CSV the
 * store writes.
 */
export const FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Whether a cell would start a formula in a spreadsheet ({@link FORMULA_PREFIXES}). */
export function startsLikeFormula(cell: string): boolean {
  return cell.length > 0 && (FORMULA_PREFIXES as readonly string[]).includes(cell[0]!);
}

/** Why a row (or one of its cells) is refused; `message` is English, the web app translates `code` with `params`. */
export const IMPORT_ROW_ERROR_CODES = [
  'required',
  'unknown_bundle',
  'duplicate_bundle',
  'bad_price',
  'bad_percent',
  'bad_boolean',
  'formula',
  'invalid_characters',
  'too_long',
  'cell_count',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];

/** One refused cell: its column (or `row` for the whole row), why, and the values of the message. */
export const importCellErrorSchema = z.object({
  column: z.string(),
  code: z.enum(IMPORT_ROW_ERROR_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportCellError = z.infer<typeof importCellErrorSchema>;

/** A refused row: its number in the file (the header is row 1), its bundle name as written, every error, and its cells. */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  apiBundleName: z.string(),
  errors: z.array(importCellErrorSchema),
  /** The row's cells by column, as written. */
  values: z.record(z.string(), z.string()),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** Fields an import changes, named by their column; prices in cents (null: priced by the rules). */
export const IMPORT_FIELDS = ['displayName', 'retailPrice', 'discountPercent', 'active', 'featured'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Notes on a valid row that the admin should see before applying. */
export const IMPORT_WARNINGS = ['below_wholesale', 'retired_by_provider'] as const;
export type ImportWarning = (typeof IMPORT_WARNINGS)[number];

/** A valid row that changes its product: each changed field from → to, and the storefront price from → to. */
export const importChangeSchema = z.object({
  row: z.number().int(),
  apiBundleName: z.string(),
  productId: z.number().int(),
  /** The provider's name of the product (what `displayName` overrides). */
  name: z.string(),
  changes: z.array(
    z.object({
      field: z.enum(IMPORT_FIELDS),
      from: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      to: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    }),
  ),
  /** The price the storefront shows, US cents, before and after (a cleared fixed price goes back to the rules' price). */
  priceCents: z.object({ from: z.number().int(), to: z.number().int() }),
  warnings: z.array(z.enum(IMPORT_WARNINGS)),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** An import's state: dry run done (`validated`), being applied, applied, or failed while applying. */
export const IMPORT_STATUSES = ['validated', 'applying', 'applied', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What applying did: rows written, rows already as the file says (a second apply), rows skipped because the product changed since the dry run. */
export const importOutcomeSchema = z.object({
  applied: z.number().int(),
  alreadyApplied: z.number().int(),
  /** Rows whose product changed (by another import, the pricing screen or a sync) since the dry run: left as they are; upload the file again. */
  conflicts: z.array(z.object({ row: z.number().int(), apiBundleName: z.string() })),
});
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;

/** An import in the history. */
export const bulkImportSchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  filename: z.string(),
  /** SHA-256 of the file, hex. */
  fileHash: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows in the file (blank rows not counted). */
  totalRows: z.number().int(),
  changedRows: z.number().int(),
  errorRows: z.number().int(),
  unchangedRows: z.number().int(),
  /** Rows applied so far and in all (progress of the apply job). */
  processed: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type BulkImport = z.infer<typeof bulkImportSchema>;

/**
 * An import with its report: the first {@link IMPORT_LIMITS.listedRowsMax} changed rows and row
 * errors (in file order), and once applied what applying did.
 */
export const bulkImportDetailSchema = bulkImportSchema.extend({
  outcome: importOutcomeSchema.nullable(),
  changes: z.array(importChangeSchema),
  rowErrors: z.array(importRowErrorSchema),
});
export type BulkImportDetail = z.infer<typeof bulkImportDetailSchema>;

/** `POST /api/admin/bulk-imports` query: the file's name as the admin picked it (shown in the history). */
export const uploadImportQuerySchema = z.object({
  filename: singleLineText().min(1, 'required').max(200, 'must be at most 200 characters').optional(),
});

/** `POST /api/admin/bulk-imports` (201) and `GET /api/admin/bulk-imports/{id}`. */
export const bulkImportResponseSchema = z.object({ import: bulkImportDetailSchema });
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

/** `POST /api/admin/bulk-imports/{id}/apply` (202, or 200 when already applying or applied). */
export const applyImportResponseSchema = z.object({ import: bulkImportSchema });
export type ApplyImportResponse = z.infer<typeof applyImportResponseSchema>;

/** `GET /api/admin/bulk-imports`: the 20 newest imports. */
export const bulkImportsResponseSchema = z.object({ imports: z.array(bulkImportSchema) });
export type BulkImportsResponse = z.infer<typeof bulkImportsResponseSchema>;

/**
 * Codes of a refused file (400, field `file`; 413 `payload_too_large` over
 * {@link IMPORT_LIMITS.maxBytes}): nothing is stored or changed.
 */
export const IMPORT_FILE_ERROR_CODES = [
  'empty_file',
  'not_utf8',
  'not_csv',
  'missing_header',
  'missing_bundle_column',
  'unknown_columns',
  'duplicate_columns',
  'no_rows',
  'too_many_rows',
] as const;
export type ImportFileErrorCode = (typeof IMPORT_FILE_ERROR_CODES)[number];
