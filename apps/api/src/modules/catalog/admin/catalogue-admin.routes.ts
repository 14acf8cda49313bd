import { numericIdParamsSchema } from '@esim/contract/admin';
import {
  IMPORT_LIMITS,
  applyImportResponseSchema,
  bulkImportResponseSchema,
  bulkImportsResponseSchema,
  startSyncBodySchema,
  startSyncResponseSchema,
  syncRunResponseSchema,
  syncStatusSchema,
  uploadImportQuerySchema,
} from '@esim/contract/admin-catalogue';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../../lib/errors.ts';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import type { BulkImportService } from './bulk-import.service.ts';
import type { CatalogueSyncService } from './catalogue-sync.service.ts';

/** The services behind {@link catalogueAdminRoutes}. */
export interface CatalogueAdminRoutesOptions {
  auth: AuthService;
  sync: CatalogueSyncService;
  imports: BulkImportService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/** `admin:<username>` of the signed-in admin (the scope guarantees one). */
function actorOf(request: FastifyRequest): string {
  return `admin:${request.auth?.user.username ?? 'unknown'}`;
}

/** Sends a CSV download: UTF-8, attachment with `filename`, never cached. */
function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

/**
 * The uploaded file's bytes: the body must be `text/csv` (parsed as bytes, so that its encoding
 * is checked before anything reads it as text).
 * @throws ValidationError 400 field `file` for any other body.
 */
function csvBytes(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  // An empty `text/csv` body: the empty file it is.
  if (body === undefined || body === null) return Buffer.alloc(0);
  throw new ValidationError('Send the CSV file as the request body with Content-Type: text/csv.', 'file');
}

/** Today as `YYYY-MM-DD` (UTC), for file names. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Catalogue sync, bulk import and export (docs/product-rules.md#bulk-import), in an
 * `adminScope` (401 signed out, 403 non-admin or admin without two-factor authentication while
 * required, CSRF for cookie requests, `Cache-Control: no-store`, audited):
 *
 * - `POST /api/admin/catalogue-sync` `{ reprice?: boolean }` → 202 `{ run }` (queued as the
 *   `catalogue-sync` job); 409 `sync_in_progress` while a run is queued or running.
 * - `GET /api/admin/catalogue-sync` → `SyncStatus`: the run in progress with `processed` of
 *   `total`, the last 20 runs, the schedule.
 * - `GET /api/admin/catalogue-sync/{id}` → `{ run }` with its report; 404.
 * - `POST /api/admin/bulk-imports?filename=` with the file as `text/csv` (at most 10 MB, else 413
 *   `payload_too_large`) → 201 `{ import }`: the dry run's report, stored as `validated`; 400
 *   field `file` for a file refused as a whole (contract `IMPORT_FILE_ERROR_CODES`), nothing stored.
 * - `GET /api/admin/bulk-imports` → `{ imports }` (the 20 newest).
 * - `GET /api/admin/bulk-imports/{id}` → `{ import }` with progress and report; 404.
 * - `POST /api/admin/bulk-imports/{id}/apply` → 202 `{ import }` (applying as the
 *   `bulk-import-apply` job), or 200 when it is already applying or applied; 404.
 * - `GET /api/admin/bulk-imports/{id}/errors.csv` → the refused rows with an `error` column; 404.
 * - `GET /api/admin/bulk-imports/template.csv` → the header and one product's row.
 * - `GET /api/admin/products/export.csv` → the whole catalogue in the import format.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<CatalogueAdminRoutesOptions> = async (app, opts) => {
  adminScope(app, opts.auth);
  // The import's body: the file's bytes as they came (this plugin's routes only).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/admin/catalogue-sync',
    {
      schema: {
        tags: ['admin'],
        summary: 'Starts a catalogue sync with the eSIM provider, optionally repricing after it (admins only)',
        body: startSyncBodySchema,
        response: { 202: startSyncResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const reprice = request.body?.reprice ?? false;
      auditChange(request, { target: 'catalogue-sync' });
      const run = await opts.sync.start({ actor: actorOf(request), reprice });
      auditChange(request, { target: `catalogue-sync:${run.id}`, after: { status: run.status, reprice } });
      return reply.code(202).send({ run });
    },
  );

  app.get(
    '/api/admin/catalogue-sync',
    {
      schema: {
        tags: ['admin'],
        summary: 'The catalogue sync in progress, the last runs and the schedule (admins only)',
        response: { 200: syncStatusSchema, ...errors },
      },
    },
    async () => opts.sync.status(),
  );

  app.get(
    '/api/admin/catalogue-sync/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One catalogue sync run with its report: added, changed, retired, errors (admins only)',
        params: numericIdParamsSchema,
        response: { 200: syncRunResponseSchema, ...errors },
      },
    },
    async (request) => ({ run: await opts.sync.run(request.params.id) }),
  );

  app.get(
    '/api/admin/bulk-imports',
    {
      schema: {
        tags: ['admin'],
        summary: 'The newest bulk imports (admins only)',
        response: { 200: bulkImportsResponseSchema, ...errors },
      },
    },
    async () => ({ imports: await opts.imports.list() }),
  );

  app.post(
    '/api/admin/bulk-imports',
    {
      bodyLimit: IMPORT_LIMITS.maxBytes,
      schema: {
        tags: ['admin'],
        summary: 'Dry run of a CSV of product changes: validates every row and column, changes nothing (admins only)',
        querystring: uploadImportQuerySchema,
        response: { 201: bulkImportResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const filename = request.query.filename ?? `import-${today()}.csv`;
      const detail = await opts.imports.dryRun({ actor: actorOf(request), filename, bytes: csvBytes(request.body) });
      auditChange(request, {
        target: `bulk-import:${detail.id}`,
        after: {
          filename,
          fileHash: detail.fileHash,
          rows: detail.totalRows,
          changed: detail.changedRows,
          errors: detail.errorRows,
        },
      });
      return reply.code(201).send({ import: detail });
    },
  );

  app.get(
    '/api/admin/bulk-imports/template.csv',
    { schema: { tags: ['admin'], summary: 'The import format: its header and one product as it is (admins only)' } },
    async (_request, reply) => sendCsv(reply, 'bulk-import-template.csv', await opts.imports.templateCsv()),
  );

  app.get(
    '/api/admin/bulk-imports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One bulk import: progress, changed rows from → to, row errors, outcome (admins only)',
        params: numericIdParamsSchema,
        response: { 200: bulkImportResponseSchema, ...errors },
      },
    },
    async (request) => ({ import: await opts.imports.get(request.params.id) }),
  );

  app.post(
    '/api/admin/bulk-imports/:id/apply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Applies a validated bulk import as a background job; idempotent (admins only)',
        params: numericIdParamsSchema,
        response: { 200: applyImportResponseSchema, 202: applyImportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      auditChange(request, { target: `bulk-import:${request.params.id}` });
      const { import: applied, started } = await opts.imports.apply(request.params.id);
      auditChange(request, {
        target: `bulk-import:${applied.id}`,
        after: { status: applied.status, started, rows: applied.total },
      });
      return reply.code(started ? 202 : 200).send({ import: applied });
    },
  );

  app.get(
    '/api/admin/bulk-imports/:id/errors.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The rows of a bulk import in error, with an error column (admins only)',
        params: numericIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await opts.imports.errorsCsv(request.params.id);
      return sendCsv(reply, filename, csv);
    },
  );

  app.get(
    '/api/admin/products/export.csv',
    { schema: { tags: ['admin'], summary: 'The whole catalogue in the bulk import format (admins only)' } },
    async (request, reply) => {
      auditChange(request, { target: 'products' });
      return sendCsv(reply, `catalogue-${today()}.csv`, await opts.imports.exportCsv());
    },
  );
};
