import { createHash } from 'node:crypto';
import {
  type BulkImport,
  type BulkImportDetail,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_STATUSES,
  type ImportColumn,
  type ImportStatus,
} from '@esim/contract/admin-catalogue';
import { NotFoundError } from '../../../lib/errors.ts';
import type { Job, JobQueue } from '../../../lib/jobs.ts';
import type { AdminFields, AdminFieldsWrite, CatalogRepository, ProductRow } from '../catalog.repository.ts';
import type {
  BulkImportRepository,
  ImportDetailRow,
  ImportSummaryRow,
  RowOutcome,
  StoredChange,
} from './bulk-import.repository.ts';
import {
  type AdminValues,
  adminValuesOf,
  decodeCsv,
  errorsCsv,
  exportCsv,
  parseCsv,
  storefrontPrice,
  validateImport,
} from './import-csv.ts';

/** The job that applies an import. */
export const BULK_IMPORT_APPLY_JOB = 'bulk-import-apply';

/** Rows written per transaction, after which the progress is recorded. */
const APPLY_BATCH = 500;

/** Imports listed in the history. */
const HISTORY_LENGTH = 20;

/** What {@link BulkImportService} needs. */
export interface BulkImportServiceDeps {
  repo: BulkImportRepository;
  catalog: CatalogRepository;
  /** Drops the storefront's snapshot (`CatalogService.invalidate`), so the changes show at once. */
  invalidate: () => void;
  /** Tells the job worker that a job was committed. */
  wake: () => void;
  /** A job's status (`queued`, `running`, `succeeded`, `failed`, `cancelled`), undefined when gone. */
  jobStatus: (jobId: number) => Promise<string | undefined>;
}

const asStatus = (status: string): ImportStatus =>
  (IMPORT_STATUSES as readonly string[]).includes(status) ? (status as ImportStatus) : 'failed';

function toImport(row: ImportSummaryRow): BulkImport {
  return {
    id: row.id,
    actor: row.actor,
    filename: row.filename,
    fileHash: row.fileHash,
    status: asStatus(row.status),
    totalRows: row.totalRows,
    changedRows: row.changedRows,
    errorRows: row.errorRows,
    unchangedRows: row.unchanged,
    processed: row.processed,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

function toDetail(row: ImportDetailRow): BulkImportDetail {
  return {
    ...toImport(row),
    outcome:
      row.status === 'applied'
        ? { applied: row.applied, alreadyApplied: row.alreadyApplied, conflicts: row.conflicts }
        : null,
    changes: row.changes.map(({ outcome: _outcome, ...change }) => change),
    rowErrors: row.rowErrors,
  };
}

/** A product's admin values as the repository writes them. */
function toFields(values: AdminValues, priceCents: number): AdminFields {
  return {
    displayName: values.displayName,
    fixedPriceCents: values.retailPrice,
    discountPercent: values.discountPercent,
    enabled: values.active,
    featured: values.featured,
    priceCents,
  };
}

/**
 * How a changed row stands against its product now: `already` when every changed field already
 * has the file's value, `conflict` when one has neither the value the dry run saw nor the file's
 * (someone changed it since), else the values to write.
 */
export function classifyRow(
  change: StoredChange,
  product: ProductRow | undefined,
): { outcome: 'already' | 'conflict' } | { outcome: 'apply'; next: AdminValues } {
  if (!product) return { outcome: 'conflict' };
  const current = adminValuesOf(product);
  const next = { ...current };
  let pending = false;
  for (const { field, from, to } of change.changes) {
    const now = current[field];
    if (now === to) continue;
    if (now !== from) return { outcome: 'conflict' };
    (next as Record<string, unknown>)[field] = to;
    pending = true;
  }
  return pending ? { outcome: 'apply', next } : { outcome: 'already' };
}

/**
 * Bulk import and export of the catalogue (docs/product-rules.md#bulk-import): a dry run validates a CSV
 * file and stores its report; applying it is a durable job with progress; the whole catalogue
 * exports in the same format. Knows neither HTTP nor SQL; the CSV rules are in `import-csv.ts`.
 */
export class BulkImportService {
  constructor(private readonly deps: BulkImportServiceDeps) {}

  /**
   * The dry run (`POST /api/admin/bulk-imports`): decodes, parses and validates every row and
   * column of the file against the catalogue and stores the report as an import `validated`.
   * Changes no product.
   * @throws ImportFileError 400 (field `file`) for a file refused as a whole; nothing is stored.
   */
  async dryRun(input: { actor: string; filename: string; bytes: Uint8Array }): Promise<BulkImportDetail> {
    const parsed = await parseCsv(decodeCsv(input.bytes));
    const [rows, rules] = await Promise.all([this.deps.catalog.allProducts(), this.deps.catalog.pricingRules()]);
    const validation = await validateImport(parsed, new Map(rows.map((r) => [r.apiBundleName, r])), rules);
    const id = await this.deps.repo.create({
      actor: input.actor,
      filename: input.filename,
      fileHash: createHash('sha256').update(input.bytes).digest('hex'),
      totalRows: validation.totalRows,
      changes: validation.changes,
      rowErrors: validation.rowErrors,
      unchanged: validation.unchanged,
    });
    return this.get(id);
  }

  /** The newest 20 imports, newest first (`GET /api/admin/bulk-imports`). */
  async list(): Promise<BulkImport[]> {
    const rows = await this.deps.repo.list(HISTORY_LENGTH);
    return Promise.all(rows.map(async (row) => toImport(await this.reconcile(row))));
  }

  /**
   * One import with its report: the first 1,000 changed rows and row errors, the progress, and
   * once applied the outcome (`GET /api/admin/bulk-imports/{id}`).
   * @throws NotFoundError 404 for an unknown id.
   */
  async get(id: number): Promise<BulkImportDetail> {
    const summary = await this.deps.repo.summary(id);
    if (!summary) throw new NotFoundError(`No bulk import ${id}`, 'id');
    await this.reconcile(summary);
    const row = await this.deps.repo.detail(id, IMPORT_LIMITS.listedRowsMax);
    if (!row) throw new NotFoundError(`No bulk import ${id}`, 'id');
    return toDetail(row);
  }

  /**
   * Applies an import as the `bulk-import-apply` job (`POST /api/admin/bulk-imports/{id}/apply`).
   * Idempotent: an import already applying or applied is answered as it is (`started: false`),
   * and applying writes only what still differs, so a second apply changes nothing.
   * @throws NotFoundError 404 for an unknown id.
   */
  async apply(id: number): Promise<{ import: BulkImport; started: boolean }> {
    const summary = await this.deps.repo.summary(id);
    if (!summary) throw new NotFoundError(`No bulk import ${id}`, 'id');
    await this.reconcile(summary);
    const started = await this.deps.repo.startApply(id, { type: BULK_IMPORT_APPLY_JOB, maxAttempts: 3 });
    if (started) {
      this.deps.wake();
      return { import: toImport(started), started: true };
    }
    const now = await this.deps.repo.summary(id);
    return { import: toImport(now!), started: false };
  }

  /**
   * The refused rows as CSV (`GET /api/admin/bulk-imports/{id}/errors.csv`): the file's columns
   * and an `error` column, formula cells escaped.
   * @throws NotFoundError 404 for an unknown id.
   */
  async errorsCsv(id: number): Promise<{ filename: string; csv: string }> {
    const found = await this.deps.repo.rowErrors(id);
    if (!found) throw new NotFoundError(`No bulk import ${id}`, 'id');
    const present = new Set(found.rowErrors.flatMap((e) => Object.keys(e.values)));
    const columns: ImportColumn[] = IMPORT_COLUMNS.filter((c) => present.has(c));
    const base =
      found.filename
        .replace(/\.csv$/i, '')
        .replace(/[^\w.-]+/g, '_')
        .slice(0, 80) || 'import';
    return {
      filename: `${base}-errors.csv`,
      csv: errorsCsv(columns.length > 0 ? columns : ['apiBundleName'], found.rowErrors),
    };
  }

  /** The whole catalogue in the import format (`GET /api/admin/products/export.csv`). */
  async exportCsv(): Promise<string> {
    return exportCsv(await this.deps.catalog.allProducts());
  }

  /** The import format's header and one product's row as it is (importing it changes nothing). */
  async templateCsv(): Promise<string> {
    const rows = await this.deps.catalog.allProducts();
    const sample = rows.find((r) => r.active && r.enabled) ?? rows[0];
    return exportCsv(sample ? [sample] : []);
  }

  /** Registers the `bulk-import-apply` handler. */
  register(queue: Pick<JobQueue, 'register'>): void {
    queue.register(BULK_IMPORT_APPLY_JOB, {
      run: (job: Job) => this.applyNow(Number(job.payload.importId)),
      onError: async (job, error, final) => {
        if (final)
          await this.deps.repo.failApply(
            Number(job.payload.importId),
            error instanceof Error ? error.message : String(error),
          );
      },
    });
  }

  /**
   * The apply job: for each changed row in batches of 500, writes the file's values where the
   * product still has the values the dry run saw (compare-and-set), records the progress in the
   * same transaction, then records each row's outcome (applied, already applied, conflict) and
   * drops the storefront's snapshot. A retry starts over and writes only what still differs.
   */
  async applyNow(importId: number): Promise<void> {
    if (!(await this.deps.repo.restartApply(importId))) return;
    const changes = (await this.deps.repo.changes(importId)) ?? [];
    const [rows, rules] = await Promise.all([this.deps.catalog.allProducts(), this.deps.catalog.pricingRules()]);
    const products = new Map(rows.map((r) => [r.apiBundleName, r]));
    const outcomes: RowOutcome[] = [];
    for (let start = 0; start < changes.length; start += APPLY_BATCH) {
      const batch = changes.slice(start, start + APPLY_BATCH);
      const writes: AdminFieldsWrite[] = [];
      const batchOutcomes: RowOutcome[] = batch.map((change) => {
        const product = products.get(change.apiBundleName);
        const decision = classifyRow(change, product);
        if (decision.outcome !== 'apply') return decision.outcome;
        const current = adminValuesOf(product!);
        writes.push({
          id: product!.id,
          expected: toFields(current, product!.priceCents),
          next: toFields(decision.next, storefrontPrice(product!, decision.next, rules)),
        });
        return 'applied';
      });
      const end = start + batch.length;
      const written = new Set(
        await this.deps.catalog.writeAdminFields(writes, (tx) => this.deps.repo.setProgress(tx, importId, end)),
      );
      batch.forEach((change, i) => {
        const product = products.get(change.apiBundleName);
        // Written by no statement: the product changed between the read and the write.
        outcomes.push(batchOutcomes[i] === 'applied' && !written.has(product!.id) ? 'conflict' : batchOutcomes[i]!);
      });
    }
    await this.deps.repo.finishApply(importId, outcomes);
    this.deps.invalidate();
  }

  /** An import left `applying` by a job that is no longer queued or running (cancelled by an admin, gone): marked failed. */
  private async reconcile(row: ImportSummaryRow): Promise<ImportSummaryRow> {
    if (row.status !== 'applying' || row.jobId === null) return row;
    const status = await this.deps.jobStatus(row.jobId);
    if (status === 'queued' || status === 'running') return row;
    // A job that succeeded has written its outcome; read it again rather than overwrite it.
    if (status !== 'succeeded')
      await this.deps.repo.failApply(
        row.id,
        status === 'cancelled' ? 'The apply job was cancelled' : 'The apply job stopped without finishing',
      );
    return (await this.deps.repo.summary(row.id)) ?? row;
  }
}
