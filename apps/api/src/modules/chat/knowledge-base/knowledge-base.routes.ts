import { numericIdParamsSchema } from '@esim/contract/admin';
import { apiErrorSchema } from '@esim/contract/catalog';
import {
  KB_BODY_MAX_LENGTH,
  KB_IMPORT_MAX_FILES,
  KB_IMPORT_MAX_FILE_LENGTH,
  kbArticleResponseSchema,
  kbCreateArticleSchema,
  kbImportRequestSchema,
  kbImportResponseSchema,
  kbListQuerySchema,
  kbListResponseSchema,
  kbTryRequestSchema,
  kbTryResponseSchema,
  kbUpdateArticleSchema,
} from '@esim/contract/knowledge-base';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import { signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import { type KnowledgeBaseService, auditView } from './knowledge-base.service.ts';

/**
 * An article's body is at most 50,000 characters, which UTF-8 and JSON escaping can make about
 * four times as many bytes; refuse far larger requests before parsing.
 */
const ARTICLE_BODY_LIMIT_BYTES = KB_BODY_MAX_LENGTH * 4 + 16_384;
/** An import: up to 50 files of 100,000 characters (JSON-escaped, mostly one byte each). */
const IMPORT_BODY_LIMIT_BYTES = KB_IMPORT_MAX_FILES * KB_IMPORT_MAX_FILE_LENGTH * 2 + 65_536;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } as const;

/** `admin:<username>` of the signed-in admin, stored as an article's `updated_by`... as the username alone. */
const actorOf = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.username;

/**
 * The knowledge base's admin API (`/admin/knowledge-base`), admins
 * only (`adminScope`: 401 signed out, 403 non-admins and admins without two-factor authentication
 * while it is required; CSRF for cookie requests; `Cache-Control: no-store`; every call audited,
 * changes with the article before and after). Errors are `{ error: { code, message, field? } }`.
 *
 * - `GET /api/admin/knowledge-base/articles?q=&language=&published=&cursor=&limit=` →
 *   `KbListResponse` (newest updated first, keyset pages). 400 naming a bad filter or cursor.
 * - `GET /api/admin/knowledge-base/articles/{id}` → `{ article }`; 404.
 * - `POST /api/admin/knowledge-base/articles` `KbCreateArticleBody` → 201 `{ article }`; 400
 *   naming the field (`title` one line 1-200, `body` 1-50,000, `language`, `slug` pattern, `tags`
 *   at most 20 of 1-40); 409 `slug_taken`.
 * - `PUT /api/admin/knowledge-base/articles/{id}` `KbUpdateArticleBody` (with the `updatedAt` the
 *   admin loaded) → `{ article }`; 400; 404; 409 `article_changed` (changed by someone else
 *   since: reload), 409 `slug_taken`.
 * - `DELETE /api/admin/knowledge-base/articles/{id}` → `{ article }` as it was; 404.
 * - `POST /api/admin/knowledge-base/import` `{ files: [{ name, content }], language?, published? }`
 *   (1-50 Markdown files of at most 100,000 characters) → `KbImportResponse`, one line per file
 *   (`created`, `updated` or `error` with its message; a bad file does not stop the others).
 * - `POST /api/admin/knowledge-base/try` `{ question, language? }` → `{ language, answer, hits }`:
 *   the reply the assistant would give and the retrieved articles with scores; nothing stored.
 *
 * Every change reaches the assistant at its next question on every instance (the revision) and
 * the AnythingLLM copy through the change hook.
 */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<{ auth: AuthService; service: KnowledgeBaseService }> = async (
  app,
  { auth, service },
) => {
  adminScope(app, auth);

  app.get(
    '/api/admin/knowledge-base/articles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Knowledge-base articles, newest updated first, with search and filters (admins only)',
        querystring: kbListQuerySchema,
        response: { 200: kbListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/knowledge-base/articles/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One knowledge-base article with its Markdown body (admins only)',
        params: numericIdParamsSchema,
        response: { 200: kbArticleResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      auditChange(request, { target: `kb-article:${request.params.id}` });
      return { article: await service.get(request.params.id) };
    },
  );

  app.post(
    '/api/admin/knowledge-base/articles',
    {
      bodyLimit: ARTICLE_BODY_LIMIT_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Create a knowledge-base article; the assistant uses it at its next question (admins only)',
        body: kbCreateArticleSchema,
        response: { 201: kbArticleResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const article = await service.create(request.body, actorOf(request));
      auditChange(request, { target: `kb-article:${article.id}`, before: null, after: auditView(article) });
      return reply.status(201).send({ article });
    },
  );

  app.put(
    '/api/admin/knowledge-base/articles/:id',
    {
      bodyLimit: ARTICLE_BODY_LIMIT_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Save a knowledge-base article unless it changed since it was loaded (admins only)',
        params: numericIdParamsSchema,
        body: kbUpdateArticleSchema,
        response: { 200: kbArticleResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const target = `kb-article:${request.params.id}`;
      auditChange(request, { target });
      const { before, after } = await service.update(request.params.id, request.body, actorOf(request));
      auditChange(request, { target, before: auditView(before), after: auditView(after) });
      return { article: after };
    },
  );

  app.delete(
    '/api/admin/knowledge-base/articles/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a knowledge-base article (admins only)',
        params: numericIdParamsSchema,
        response: { 200: kbArticleResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const target = `kb-article:${request.params.id}`;
      auditChange(request, { target });
      const article = await service.remove(request.params.id);
      auditChange(request, { target, before: auditView(article), after: null });
      return { article };
    },
  );

  app.post(
    '/api/admin/knowledge-base/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Import Markdown files as knowledge-base articles, with a report per file (admins only)',
        body: kbImportRequestSchema,
        response: { 200: kbImportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const report = await service.import(request.body, actorOf(request));
      auditChange(request, {
        target: 'kb-import',
        after: {
          counts: report.counts,
          files: report.results.map((r) => ({ name: r.name, status: r.status, id: r.id, message: r.message })),
        },
      });
      return report;
    },
  );

  app.post(
    '/api/admin/knowledge-base/try',
    {
      schema: {
        tags: ['admin'],
        summary: 'The reply the chat assistant would give to a question, and the articles it retrieves (admins only)',
        body: kbTryRequestSchema,
        response: { 200: kbTryResponseSchema, ...errors },
      },
    },
    async (request) => service.try(request.body),
  );
};
