import {
  apiErrorSchema,
  countriesResponseSchema,
  productParamsSchema,
  productResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
} from '@esim/contract/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CachedJson, pickEncoding } from '../../lib/cached-json.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { CatalogService } from './catalog.service.ts';

/**
 * Sends a pre-serialised JSON response with ETag, Cache-Control and content negotiation;
 * answers 304 when `If-None-Match` matches.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  maxAgeS: number,
): FastifyReply {
  reply
    .header('cache-control', `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 10}`)
    .header('etag', cached.etag)
    .header('vary', 'accept-encoding');
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding'], cached);
  if (encoding) return reply.header('content-encoding', encoding).send(cached[encoding]);
  return reply.send(cached.body);
}

/**
 * Catalogue routes, public (no session needed):
 * - `GET /api/products?country=&type=&q=` -> `{ products: Product[] }` (200; 400 naming the bad field)
 * - `GET /api/products/{id}` -> `{ product }` (200; 404 `not_found`; 400 for a non-numeric id)
 * - `GET /api/countries` -> `{ countries: Country[] }`
 * Responses carry a strong ETag and `Cache-Control: public, max-age=<CATALOGUE_MAX_AGE_S>`.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; maxAgeS: number }> = async (
  app,
  { catalog, maxAgeS },
) => {
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List products (plans), optionally for one destination, bundle type or search text',
        querystring: productsQuerySchema,
        response: { 200: productsResponseSchema, 400: apiErrorSchema },
      },
    },
    // Not async: a cached answer (nearly every read) is sent without a promise in between.
    (request, reply) => {
      const cached = catalog.peekProducts(request.query);
      if (!cached)
        return catalog.listProducts(request.query).then((fresh) => {
          sendCachedJson(request, reply, fresh, maxAgeS);
        });
      sendCachedJson(request, reply, cached, maxAgeS);
      return undefined;
    },
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its coverage and networks',
        params: productParamsSchema,
        response: { 200: productResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const cached = await catalog.productResponse(request.params.id);
      if (!cached) throw new NotFoundError(`Product ${request.params.id} not found`);
      return sendCachedJson(request, reply, cached, maxAgeS);
    },
  );

  app.get(
    '/api/countries',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Destinations (countries, regions, Global) with localised names, plan count and lowest price',
        response: { 200: countriesResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.listCountries(), maxAgeS),
  );
};
