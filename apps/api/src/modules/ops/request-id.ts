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
  /**
   * Each request's logger: `reqId` (Fastify's binding) and, when sent, `clientRequestId`, from its
   * first line on. Made on the request's first log line ({@link LazyChildLogger}): most requests
   * write none, and making a child logger (its bindings serialised, the redaction set up) was a
   * twentieth of a catalogue read's time.
   */
  childLoggerFactory(
    logger: FastifyBaseLogger,
    bindings: Bindings,
    options: ChildLoggerOptions,
    request: RawRequestDefaultExpression,
  ): FastifyBaseLogger {
    const theirs = clientRequestId(request.headers['x-request-id']);
    return new LazyChildLogger(logger, theirs ? { ...bindings, clientRequestId: theirs } : bindings, options);
  },
};

type LogMethod = (...args: unknown[]) => void;

/**
 * A child of `parent` with `bindings` and `options`, made when it is first written to (or its
 * level changed); until then its level is the one it would have. The log methods live on the
 * prototype, so that a request that logs nothing costs one small object.
 */
class LazyChild {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

for (const method of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  Object.defineProperty(LazyChild.prototype, method, {
    value(this: LazyChild, ...args: unknown[]) {
      const real = this.real();
      (real[method] as LogMethod).apply(real, args);
    },
  });
}

/** {@link LazyChild} as the logger it stands for. */
export const LazyChildLogger = LazyChild as unknown as new (
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
) => FastifyBaseLogger;

/** What of an incoming `X-Request-Id` is logged: 1 to 128 characters of `[A-Za-z0-9._:-]`, else nothing. */
export function clientRequestId(header: unknown): string | undefined {
  return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : undefined;
}

/** Adds the `X-Request-Id` response header to every answer (also errors and not-found pages). */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
