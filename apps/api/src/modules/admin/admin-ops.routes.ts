import {
  auditPageSchema,
  auditQuerySchema,
  dashboardQuerySchema,
  dashboardSchema,
  jobActionResponseSchema,
  jobsPageSchema,
  jobsQuerySchema,
  numericIdParamsSchema,
  outboxMessageDetailSchema,
  outboxPageSchema,
  outboxQuerySchema,
  resendResponseSchema,
} from '@esim/contract/admin';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/auth.module.ts';
import { adminScope, auditChange } from './admin-scope.ts';
import type { AuditLogService } from './audit-log.service.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { JobsAdminService } from './jobs-admin.service.ts';
import type { OutboxService } from './outbox.service.ts';

/** The services behind {@link adminOpsRoutes}. */
export interface AdminOpsRoutesOptions {
  auth: AuthService;
  dashboard: DashboardService;
  outbox: OutboxService;
  jobs: JobsAdminService;
  audit: AuditLogService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const cursorOf = (cursor: string | undefined) => (cursor === undefined ? undefined : Number(cursor));

/**
 * The admin area's operations (docs/product-rules.md#admin-area), all in an
 * `adminScope` (401 signed out, 403 non-admin or admin without two-factor authentication while
 * required, CSRF for cookie requests, `Cache-Control: no-store`, audited):
 *
 * - `GET /api/admin/dashboard?tz=<IANA zone>` → `Dashboard`: revenue and orders today, 7 and 30
 *   days, sales per day (30 days, zero-filled), orders that need attention, the 10 newest orders,
 *   jobs by state. 400 `tz` for an unknown zone.
 * - `GET /api/admin/emails?q=&template=&status=&cursor=&limit=` → `OutboxPage` (newest first).
 * - `GET /api/admin/emails/{id}` → `OutboxMessageDetail` (text version, attachments); 404.
 * - `GET /api/admin/emails/{id}/html` → the message's HTML as sent, `cid:` images as `data:` URLs,
 *   for an `<iframe sandbox>` of the admin page: no script, `frame-ancestors 'self'`; 404.
 * - `POST /api/admin/emails/{id}/resend` → 201 `{ message }`, the copy sent through the mailer
 *   (a new Outbox message of the same order); 404, 409 `resend_not_allowed` (password reset),
 *   502 `upstream_error` (SMTP refused). Audited with the copy's id.
 * - `GET /api/admin/jobs?status=failed|queued|running|cancelled&cursor=&limit=` → `JobsPage`
 *   (payload summaries without secrets).
 * - `POST /api/admin/jobs/{id}/retry` → `{ job }` (failed or cancelled → queued now, attempts
 *   reset, worker woken); 404, 409 `job_not_retryable`. Audited before/after.
 * - `POST /api/admin/jobs/{id}/cancel` → `{ job }` (queued or failed → cancelled); 404, 409
 *   `job_running`, `job_not_cancellable`. Audited before/after.
 * - `GET /api/admin/audit?q=&changes=true&cursor=&limit=` → `AuditPage` (newest first).
 */
export const adminOpsRoutes: FastifyPluginAsyncZod<AdminOpsRoutesOptions> = async (app, opts) => {
  adminScope(app, opts.auth);

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sales, orders that need attention, newest orders and jobs (admins only)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => opts.dashboard.get(request.query.tz ?? 'UTC'),
  );

  app.get(
    '/api/admin/emails',
    {
      schema: {
        tags: ['admin'],
        summary: 'The Outbox: every e-mail the store sent or stored, newest first (admins only)',
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    async (request) => {
      const { q, template, status, cursor, limit } = request.query;
      return opts.outbox.list({ q, template, status, beforeId: cursorOf(cursor), limit });
    },
  );

  app.get(
    '/api/admin/emails/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One Outbox message with its text version and attachments (admins only)',
        params: numericIdParamsSchema,
        response: { 200: outboxMessageDetailSchema, ...errors },
      },
    },
    async (request) => {
      auditChange(request, { target: `email:${request.params.id}` });
      return opts.outbox.get(request.params.id);
    },
  );

  app.get(
    '/api/admin/emails/:id/html',
    {
      schema: {
        tags: ['admin'],
        summary: 'The HTML of an Outbox message as it was sent, for a sandboxed frame of the admin page (admins only)',
        params: numericIdParamsSchema,
        // 200 is an HTML document, not JSON; refusals are the API's error body.
      },
    },
    async (request, reply) => {
      auditChange(request, { target: `email:${request.params.id}` });
      const { html, contentSecurityPolicy } = await opts.outbox.html(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy)
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );

  app.post(
    '/api/admin/emails/:id/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sends a copy of an Outbox message to the same recipient (admins only)',
        params: numericIdParamsSchema,
        response: { 201: resendResponseSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      auditChange(request, { target: `email:${id}` });
      const { original, copy } = await opts.outbox.resend(id);
      auditChange(request, {
        target: `email:${id}`,
        before: {
          emailId: original.id,
          to: original.to,
          template: original.template,
          orderNumber: original.orderNumber,
        },
        after: { emailId: copy.id, status: copy.status },
      });
      return reply.code(201).send({ message: copy });
    },
  );

  app.get(
    '/api/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs by state, payloads without secrets (admins only)',
        querystring: jobsQuerySchema,
        response: { 200: jobsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      return opts.jobs.list({ status, beforeId: cursorOf(cursor), limit });
    },
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Runs a failed or cancelled job again now (admins only)',
        params: numericIdParamsSchema,
        response: { 200: jobActionResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      auditChange(request, { target: `job:${request.params.id}` });
      const { before, after } = await opts.jobs.retry(request.params.id);
      auditChange(request, { target: `job:${after.id}`, before: jobState(before), after: jobState(after) });
      return { job: after };
    },
  );

  app.post(
    '/api/admin/jobs/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancels a queued or failed job (admins only)',
        params: numericIdParamsSchema,
        response: { 200: jobActionResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      auditChange(request, { target: `job:${request.params.id}` });
      const { before, after } = await opts.jobs.cancel(request.params.id);
      auditChange(request, { target: `job:${after.id}`, before: jobState(before), after: jobState(after) });
      return { job: after };
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log, newest first (admins only)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const { q, changes, cursor, limit } = request.query;
      return opts.audit.list({ q, changesOnly: changes === 'true', beforeId: cursorOf(cursor), limit });
    },
  );
};

/** What the audit log keeps of a job before and after a change. */
function jobState(job: {
  type: string;
  status: string;
  attempts: number;
  runAt: string | null;
  lastError: string | null;
}) {
  return { type: job.type, status: job.status, attempts: job.attempts, runAt: job.runAt, lastError: job.lastError };
}
