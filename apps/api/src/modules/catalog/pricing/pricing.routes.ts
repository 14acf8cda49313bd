import {
  adminProductSearchQuerySchema,
  adminProductSearchResponseSchema,
  createPricingSettingSchema,
  priceExplanationSchema,
  pricingRunsQuerySchema,
  pricingRunsResponseSchema,
  pricingSettingParamsSchema,
  pricingSettingResponseSchema,
  pricingSettingsResponseSchema,
  productPriceParamsSchema,
  recalculateQuerySchema,
  recalculationReportSchema,
  updatePricingSettingSchema,
} from '@esim/contract/admin-pricing';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import { signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import type { PricingService } from './pricing.service.ts';

/** A rule's body is a few hundred bytes; refuse far larger ones before parsing. */
const SETTING_BODY_LIMIT_BYTES = 8_192;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * Pricing routes (docs/product-rules.md#catalogue-sync-and-pricing-rules), admins only
 * (`adminScope`: 401 signed out, 403 non-admins and admins without two-factor authentication
 * while it is required; CSRF for cookie requests; `Cache-Control: no-store`; every call audited).
 * Bodies and answers are the contract's (`admin-pricing.ts`); money in integer US cents, markup
 * in basis points.
 *
 * - `/api/pricing-settings` (paths the storefront already calls): list, create, update and delete
 *   rules. Saving a rule reprices nothing. 400 naming the field; 404 unknown id; 409
 *   `duplicate_rule`.
 * - `POST /api/pricing-settings/recalculate[?dryRun=true][&rulesVersion=]`: reprices (or, dry,
 *   shows what it would do); 409 `rules_changed` when `rulesVersion` is stale.
 * - `GET /api/pricing-runs`, `GET /api/admin/products`, `GET /api/admin/products/{id}/price`: the
 *   history of runs, the product search, and why a product costs what it does.
 */
export const pricingRoutes: FastifyPluginAsyncZod<{ auth: AuthService; pricing: PricingService }> = async (
  app,
  { auth, pricing },
) => {
  adminScope(app, auth);

  app.get(
    '/api/pricing-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every pricing rule, in the order they win (admins only)',
        response: { 200: pricingSettingsResponseSchema, ...errors },
      },
    },
    async () => pricing.list(),
  );

  app.post(
    '/api/pricing-settings',
    {
      bodyLimit: SETTING_BODY_LIMIT_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Create a pricing rule; prices change when a recalculation is applied (admins only)',
        body: createPricingSettingSchema,
        response: { 201: pricingSettingResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const setting = await pricing.create(request.body);
      auditChange(request, { target: `pricing-setting:${setting.id}`, before: null, after: setting });
      return reply.status(201).send({ setting });
    },
  );

  app.patch(
    '/api/pricing-settings/:id',
    {
      bodyLimit: SETTING_BODY_LIMIT_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Change a pricing rule; prices change when a recalculation is applied (admins only)',
        params: pricingSettingParamsSchema,
        body: updatePricingSettingSchema,
        response: { 200: pricingSettingResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const target = `pricing-setting:${request.params.id}`;
      auditChange(request, { target });
      const { before, after } = await pricing.update(request.params.id, request.body);
      auditChange(request, { target, before, after });
      return { setting: after };
    },
  );

  app.delete(
    '/api/pricing-settings/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a pricing rule; prices change when a recalculation is applied (admins only)',
        params: pricingSettingParamsSchema,
        response: { 200: pricingSettingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const target = `pricing-setting:${request.params.id}`;
      auditChange(request, { target });
      const setting = await pricing.remove(request.params.id);
      auditChange(request, { target, before: setting, after: null });
      return { setting };
    },
  );

  app.post(
    '/api/pricing-settings/recalculate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reprice every product with the rules, or with dryRun=true report what would change (admins only)',
        querystring: recalculateQuerySchema,
        response: {
          200: recalculationReportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { dryRun, rulesVersion } = request.query;
      const report = await pricing.recalculate({
        dryRun,
        rulesVersion,
        actor: `admin:${signedIn(request).user.username}`,
      });
      auditChange(request, {
        target: report.run ? `pricing-run:${report.run.id}` : 'pricing-preview',
        after: { dryRun, rulesVersion: report.rulesVersion, counts: report.counts },
      });
      return report;
    },
  );

  app.get(
    '/api/pricing-runs',
    {
      schema: {
        tags: ['admin'],
        summary: 'The latest applied price recalculations: who, when, counts (admins only)',
        querystring: pricingRunsQuerySchema,
        response: { 200: pricingRunsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ runs: await pricing.runs(request.query.limit) }),
  );

  app.get(
    '/api/admin/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find products by name, bundle name or destination code (admins only)',
        querystring: adminProductSearchQuerySchema,
        response: {
          200: adminProductSearchResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => ({ products: await pricing.searchProducts(request.query.q, request.query.limit) }),
  );

  app.get(
    '/api/admin/products/:id/price',
    {
      schema: {
        tags: ['admin'],
        summary: 'Why a product has its price: the winning rule and each step from wholesale to retail (admins only)',
        params: productPriceParamsSchema,
        response: { 200: priceExplanationSchema, ...errors },
      },
    },
    async (request) => {
      auditChange(request, { target: `product:${request.params.id}` });
      return pricing.explain(request.params.id);
    },
  );
};
