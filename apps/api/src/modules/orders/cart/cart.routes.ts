import { apiErrorSchema } from '@esim/contract/catalog';
import {
  addToCartBodySchema,
  cartItemParamsSchema,
  cartSchema,
  sessionIdSchema,
  updateCartItemBodySchema,
} from '@esim/contract/cart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../../lib/errors.ts';
import type { CartService } from './cart.service.ts';

/** The header carrying the visitor session id (the storefront keeps the id in local storage). */
export const SESSION_HEADER = 'X-Session-Id';

/**
 * Request headers of every cart route. Loose, because Fastify replaces `request.headers` with the
 * validated value. The `onRequest` hook below has already checked the session id by the time this
 * runs; the schema is here for the typed `request.headers` and the OpenAPI document.
 */
const cartHeadersSchema = z.looseObject({ 'x-session-id': sessionIdSchema });

/** Cart changes are a few dozen bytes; refuse anything far larger before parsing it. */
const BODY_LIMIT_BYTES = 1024;

/**
 * Cart routes (docs/product-rules.md#cart). Every route needs the header
 * `X-Session-Id` (8-128 of `A-Z a-z 0-9 - _`): missing or invalid gives 400 `validation_error`
 * with `field: "X-Session-Id"`, checked before the body is even read. A session only ever sees and
 * changes its own lines. Every response is `Cache-Control: no-store`.
 * - `GET /api/cart` -> `Cart` (200)
 * - `POST /api/cart` `{ productId, quantity = 1 }` -> `Cart` (201): adds `quantity` to the product's
 *   line; 404 naming `productId` when unknown or no longer sold; 400 naming `quantity` when the line
 *   would exceed `MAX_LINE_QUANTITY`; 400 when a new line would exceed `MAX_CART_LINES`
 * - `PATCH /api/cart/{id}` `{ quantity }` -> `Cart` (200): sets the quantity, 0 or less removes the
 *   line; 404 when the session has no line `id`
 * - `DELETE /api/cart/{id}` -> 204, also when the line is already gone
 * - `DELETE /api/cart` -> 204: empties the cart
 * A malformed body, id or quantity gives 400 naming the field. `Cart` is `{ items, totalCount,
 * totalCents, currency: 'USD' }`, items ordered by line id, each embedding its current product
 * (`null` once no longer sold); money in integer US cents.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  // Scoped to this plugin's routes (encapsulation): no other route pays for it.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const value = request.headers['x-session-id'];
    if (value === undefined) throw new ValidationError(`${SESSION_HEADER}: header is required`, SESSION_HEADER);
    const parsed = sessionIdSchema.safeParse(value);
    if (!parsed.success) {
      throw new ValidationError(
        `${SESSION_HEADER}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`,
        SESSION_HEADER,
      );
    }
  });

  const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/api/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The visitor's cart with current products and totals",
        headers: cartHeadersSchema,
        response: { 200: cartSchema, 400: apiErrorSchema },
      },
    },
    async (request) => cart.getCart(request.headers['x-session-id']),
  );

  app.post(
    '/api/cart',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['cart'],
        summary: 'Add a quantity (default 1) of a product to its line; answers the whole cart',
        headers: cartHeadersSchema,
        body: addToCartBodySchema,
        response: { 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { productId, quantity } = request.body;
      return reply.status(201).send(await cart.addItem(request.headers['x-session-id'], productId, quantity));
    },
  );

  app.patch(
    '/api/cart/:id',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a cart line; 0 or less removes it; answers the whole cart',
        headers: cartHeadersSchema,
        params: cartItemParamsSchema,
        body: updateCartItemBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.updateItem(request.headers['x-session-id'], request.params.id, request.body.quantity),
  );

  app.delete(
    '/api/cart/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a cart line (already gone is a success)',
        headers: cartHeadersSchema,
        params: cartItemParamsSchema,
        response: { 204: z.null().describe('No content'), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await cart.removeItem(request.headers['x-session-id'], request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        headers: cartHeadersSchema,
        response: { 204: z.null().describe('No content'), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await cart.clear(request.headers['x-session-id']);
      return reply.status(204).send(null);
    },
  );
};
