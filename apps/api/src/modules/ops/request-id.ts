import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

/**
 * Request ids of the structured logs (docs/decisions/0020-several-instances.md).
 * Every request gets a random id of the store's (a UUID), which each of its log lines carries as
 * `reqId` and its answer as `X-Request-Id`, so that a support request quoting the header finds
 * the lines on whichever instance served it. An incoming `X-Request-Id` is never taken as the id
 * (a client could make its requests look like someone else's in the logs); it is logged beside it
 * as `clientRequestId`, when it is a short printable token.
 */

/** The Fastify options of request ids, spread into `Fastify({...})` at the top of `buildApp`. */
export const requestIdOptions = {
  genReqId: (): string => randomUUID(),
  /** false: Fastify never takes the id from a request header. */
  requestIdHeader: false as const,
  /** Each request's logger: `reqId` (Fastify's binding) and, when sent, `clientRequestId`, from its first line on. */
  childLoggerFactory(
    logger: FastifyBaseLogger,
    bindings: Bindings,
    options: ChildLoggerOptions,
    request: RawRequestDefaultExpression,
  ): FastifyBaseLogger {
    const theirs = clientRequestId(request.headers['x-request-id']);
    return logger.child(theirs ? { ...bindings, clientRequestId: theirs } : bindings, options);
  },
};

/** What of an incoming `X-Request-Id` is logged: 1 to 128 characters of `[A-Za-z0-9._:-]`, else nothing. */
export function clientRequestId(header: unknown): string | undefined {
  return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : undefined;
}

/** Adds the `X-Request-Id` response header to every answer (also errors and not-found pages). */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
