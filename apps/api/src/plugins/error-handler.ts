import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/** The API's error body (contract `apiErrorSchema`). */
function body(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * The one error handler (STYLE.md, fastify/demo): validation errors become 400 naming the field,
 * domain errors their own status, client errors from Fastify (bad JSON, too large, bad media
 * type) keep their 4xx, and anything else is a 500 whose message is never sent to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const part = error.validationContext ?? 'request';
      const field = path || part;
      return reply
        .status(400)
        .send(body('validation_error', `${field}: ${first?.message ?? 'invalid value'}`, field));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.field));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(error.code ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
