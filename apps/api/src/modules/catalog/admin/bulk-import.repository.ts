import type { ImportChange, ImportRowError } from '@esim/contract/admin-catalogue';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bulkImports } from '../catalog.schema.ts';
import { type EnqueueRequest, enqueue } from '../../../lib/jobs.repository.ts';

/** How an applied row ended: written, already as the file said, or left alone because its product changed since the dry run. */
export type RowOutcome = 'applied' | 'already' | 'conflict';

/** A changed row as stored in `bulk_imports.rows`, with its outcome once applied. */
export type StoredChange = ImportChange & { outcome?: RowOutcome };

/** An import without its rows: the history and the progress. */
export interface ImportSummaryRow {
  id: number;
  actor: string;
  filename: string;
  fileHash: string;
  status: string;
  totalRows: number;
  changedRows: number;
  errorRows: number;
  unchanged: number;
  processed: number;
  total: number;
  jobId: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** An import with the head of its lists (the report) and its outcome counts. */
export interface ImportDetailRow extends ImportSummaryRow {
  changes: StoredChange[];
  rowErrors: ImportRowError[];
  applied: number;
  alreadyApplied: number;
  conflicts: { row: number; apiBundleName: string }[];
}

const summaryColumns = {
  id: bulkImports.id,
  actor: bulkImports.actor,
  filename: bulkImports.filename,
  fileHash: bulkImports.fileHash,
  status: bulkImports.status,
  totalRows: bulkImports.totalRows,
  changedRows: sql<number>`jsonb_array_length(${bulkImports.rows})`.mapWith(Number),
  errorRows: sql<number>`jsonb_array_length(${bulkImports.rowErrors})`.mapWith(Number),
  unchanged: bulkImports.unchanged,
  processed: bulkImports.processed,
  total: bulkImports.total,
  jobId: bulkImports.jobId,
  error: bulkImports.error,
  createdAt: bulkImports.createdAt,
  finishedAt: bulkImports.finishedAt,
};

/**
 * `bulk_imports` (docs/product-rules.md#bulk-import): the dry runs, their rows and row errors, the apply's
 * progress and outcome. Reports are read in part (`jsonb_path_query_array`), so that a file of
 * 100,000 rows is not loaded to show its first rows.
 */
export class BulkImportRepository {
  constructor(private readonly db: Db) {}

  /** Stores a dry run (`validated`). */
  async create(input: {
    actor: string;
    filename: string;
    fileHash: string;
    totalRows: number;
    changes: readonly ImportChange[];
    rowErrors: readonly ImportRowError[];
    unchanged: number;
  }): Promise<number> {
    const [row] = await this.db
      .insert(bulkImports)
      .values({
        actor: input.actor,
        filename: input.filename,
        fileHash: input.fileHash,
        status: 'validated',
        totalRows: input.totalRows,
        rows: [...input.changes],
        rowErrors: [...input.rowErrors],
        unchanged: input.unchanged,
        total: input.changes.length,
      })
      .returning({ id: bulkImports.id });
    return row!.id;
  }

  /** The newest `limit` imports, newest first. */
  list(limit: number): Promise<ImportSummaryRow[]> {
    return this.db.select(summaryColumns).from(bulkImports).orderBy(desc(bulkImports.id)).limit(limit);
  }

  async summary(id: number): Promise<ImportSummaryRow | undefined> {
    const [row] = await this.db.select(summaryColumns).from(bulkImports).where(eq(bulkImports.id, id));
    return row;
  }

  /** One import with its first `listMax` changed rows, row errors and conflicts, and its outcome counts. */
  async detail(id: number, listMax: number): Promise<ImportDetailRow | undefined> {
    const head = `$[0 to ${Math.max(0, Math.floor(listMax) - 1)}]`;
    const [row] = await this.db
      .select({
        ...summaryColumns,
        changes: sql<StoredChange[]>`jsonb_path_query_array(${bulkImports.rows}, ${head}::jsonpath)`,
        rowErrors: sql<ImportRowError[]>`jsonb_path_query_array(${bulkImports.rowErrors}, ${head}::jsonpath)`,
        applied:
          sql<number>`(select count(*) from jsonb_array_elements(${bulkImports.rows}) e where e->>'outcome' = 'applied')`.mapWith(
            Number,
          ),
        alreadyApplied:
          sql<number>`(select count(*) from jsonb_array_elements(${bulkImports.rows}) e where e->>'outcome' = 'already')`.mapWith(
            Number,
          ),
        conflicts: sql<{ row: number; apiBundleName: string }[]>`coalesce((
          select jsonb_agg(jsonb_build_object('row', e->'row', 'apiBundleName', e->'apiBundleName') order by n)
          from jsonb_array_elements(${bulkImports.rows}) with ordinality as x(e, n)
          where e->>'outcome' = 'conflict' and n <= ${listMax}), '[]'::jsonb)`,
      })
      .from(bulkImports)
      .where(eq(bulkImports.id, id));
    return row;
  }

  /** Every changed row of an import (the apply job). */
  async changes(id: number): Promise<StoredChange[] | undefined> {
    const [row] = await this.db.select({ rows: bulkImports.rows }).from(bulkImports).where(eq(bulkImports.id, id));
    return row?.rows as StoredChange[] | undefined;
  }

  /** Every refused row of an import (the errors CSV). */
  async rowErrors(id: number): Promise<{ filename: string; rowErrors: ImportRowError[] } | undefined> {
    const [row] = await this.db
      .select({ filename: bulkImports.filename, rowErrors: bulkImports.rowErrors })
      .from(bulkImports)
      .where(eq(bulkImports.id, id));
    return row ? { filename: row.filename, rowErrors: row.rowErrors as ImportRowError[] } : undefined;
  }

  /**
   * Starts applying a `validated` (or `failed`) import: `applying`, progress 0 of its changed
   * rows, and the apply job (payload `{ importId }`) enqueued in the same transaction. The status
   * change is a compare-and-set, so two admins clicking Apply at once start one job.
   * @returns the import after the change, or undefined when it was not in `from`.
   */
  async startApply(
    id: number,
    job: Omit<EnqueueRequest, 'payload'>,
    from: readonly string[] = ['validated', 'failed'],
  ): Promise<ImportSummaryRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [started] = await tx
        .update(bulkImports)
        .set({
          status: 'applying',
          processed: 0,
          total: sql`jsonb_array_length(${bulkImports.rows})`,
          error: null,
          finishedAt: null,
        })
        .where(and(eq(bulkImports.id, id), inArray(bulkImports.status, [...from])))
        .returning({ id: bulkImports.id });
      if (!started) return undefined;
      const jobId = await enqueue(tx as unknown as Db, { ...job, payload: { importId: id } });
      const [row] = await tx
        .update(bulkImports)
        .set({ jobId: jobId ?? null })
        .where(eq(bulkImports.id, id))
        .returning(summaryColumns);
      return row;
    });
  }

  /** Sets the apply's progress inside the caller's transaction (the batch it counts). */
  async setProgress(tx: Db, id: number, processed: number): Promise<void> {
    await tx.update(bulkImports).set({ processed }).where(eq(bulkImports.id, id));
  }

  /** Resets the progress before an attempt of the apply job (a retry starts over). */
  async restartApply(id: number): Promise<boolean> {
    const rows = await this.db
      .update(bulkImports)
      .set({ processed: 0 })
      .where(and(eq(bulkImports.id, id), eq(bulkImports.status, 'applying')))
      .returning({ id: bulkImports.id });
    return rows.length > 0;
  }

  /** Ends the apply: `applied`, each changed row's outcome (by position) stored with it. */
  async finishApply(id: number, outcomes: readonly RowOutcome[]): Promise<void> {
    const payload = JSON.stringify(outcomes);
    await this.db.execute(sql`
      update ${bulkImports} set status = 'applied', finished_at = now(), processed = total, rows = coalesce((
        select jsonb_agg(e.value || jsonb_build_object('outcome', o.value) order by e.n)
        from jsonb_array_elements(${bulkImports.rows}) with ordinality as e(value, n)
        join jsonb_array_elements_text(${payload}::jsonb) with ordinality as o(value, n) on o.n = e.n
      ), '[]'::jsonb)
      where id = ${id} and status = 'applying'`);
  }

  /** Marks an applying import failed, with why. */
  async failApply(id: number, error: string): Promise<void> {
    await this.db
      .update(bulkImports)
      .set({ status: 'failed', error: error.slice(0, 2_000), finishedAt: new Date() })
      .where(and(eq(bulkImports.id, id), eq(bulkImports.status, 'applying')));
  }
}
