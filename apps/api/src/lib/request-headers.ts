import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/**
 * Checks a required request header against its schema, before the body is read (an `onRequest`
 * hook), so that a request without it is refused whatever it carries.
 * @throws ValidationError 400 with `field` naming the header, e.g. `Idempotency-Key: header is required`.
 */
export function requireHeader(request: FastifyRequest, name: string, schema: z.ZodType<string>): void {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) throw new ValidationError(`${name}: header is required`, name);
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ValidationError(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`, name);
}
