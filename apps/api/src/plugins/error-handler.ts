import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { STATIC_SECURITY_HEADERS } from './security-headers.ts';

/**
 * The API's error body (contract `apiErrorSchema`): `code` snake_case, `message` for people,
 * `field` the input at fault, `orderNumber` the order a 409 about the cart's checkout names.
 */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; orderNumber?: string };
}

/** What a refused request is answered: HTTP status and the body's fields. */
interface Answer {
  status: number;
  code: string;
  message: string;
  field?: string;
  orderNumber?: string;
}

/** The only message a 5xx ever carries (OWASP ASVS 4.0.3 V7.4.1: no stack traces or internals). */
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** find-my-way's default, used when the app does not set `routerOptions.maxParamLength`. */
const DEFAULT_MAX_PARAM_LENGTH = 100;

/** The API's error body (contract `apiErrorSchema`), without the keys that do not apply. */
function body({ code, message, field, orderNumber }: Answer): ApiErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), ...(orderNumber ? { orderNumber } : {}) } };
}

/** A header value fit to quote in a message: printable ASCII, at most 100 characters. */
function quote(value: unknown): string {
  return `"${String(value)
    .replace(/[^\x20-\x7e]/g, '?')
    .replaceAll('"', "'")
    .slice(0, 100)}"`;
}

/** The media types a route's scope can parse, as a phrase (`application/json`, `... or ...`). */
function acceptedTypes(request: FastifyRequest | undefined): string {
  const server = request?.server;
  const types = ['application/json', 'application/x-www-form-urlencoded'].filter(
    (type) => server?.hasContentTypeParser(type) ?? type === 'application/json',
  );
  return types.length > 0 ? types.join(' or ') : 'application/json';
}

function maxParamLength(request: FastifyRequest | undefined): number {
  const config = request?.server.initialConfig as
    { maxParamLength?: number; routerOptions?: { maxParamLength?: number } } | undefined;
  return config?.routerOptions?.maxParamLength ?? config?.maxParamLength ?? DEFAULT_MAX_PARAM_LENGTH;
}

/**
 * Fastify's own refusals (router, body parser; `node_modules/fastify/lib/errors.js`) and those of
 * its plugins, as the API answers them: the API's snake_case code, a message naming the problem
 * and, where one input is at fault, `field` (`path`, `body`, or a header name as for
 * `X-Session-Id`). The status is Fastify's.
 */
const FRAMEWORK_ERRORS: Record<string, (request: FastifyRequest | undefined) => Answer> = {
  FST_ERR_BAD_URL: () => ({
    status: 400,
    code: 'bad_url',
    message: 'The URL path is not valid: a %-escape is malformed (e.g. %ZZ) or does not encode UTF-8 text.',
    field: 'path',
  }),
  FST_ERR_MAX_PARAM_LENGTH: (request) => ({
    status: 414,
    code: 'uri_too_long',
    message: `A segment of the URL path is too long: at most ${maxParamLength(request)} characters.`,
    field: 'path',
  }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON, or uses a forbidden key (__proto__, constructor.prototype).',
    field: 'body',
  }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    status: 400,
    code: 'invalid_json',
    message: 'The request body is empty, but its Content-Type says application/json.',
    field: 'body',
  }),
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => ({
    status: 413,
    code: 'payload_too_large',
    message: `The request body is too large: this endpoint accepts at most ${request?.routeOptions.bodyLimit ?? 'a few thousand'} bytes.`,
    field: 'body',
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) => {
    const type = request?.headers['content-type'];
    const problem =
      type === undefined
        ? 'The request has a body but no Content-Type header'
        : type.trim() === ''
          ? 'The Content-Type header is empty'
          : `Content-Type ${quote(type)} is malformed or not accepted here`;
    return {
      status: 415,
      code: 'unsupported_media_type',
      message: `${problem}; send ${acceptedTypes(request)}.`,
      field: 'Content-Type',
    };
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({
    status: 400,
    code: 'invalid_content_length',
    message: 'The size of the request body does not match its Content-Length header.',
    field: 'Content-Length',
  }),
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: (request) => ({
    status: 400,
    code: 'content_type_required',
    message: `A ${request?.method ?? 'QUERY'} request needs a Content-Type header.`,
    field: 'Content-Type',
  }),
  FST_ERR_ROUTE_MISSING_CONTENT: (request) => ({
    status: 400,
    code: 'body_required',
    message: `A ${request?.method ?? 'QUERY'} request needs a body.`,
    field: 'body',
  }),
  FST_ERR_NOT_FOUND: (request) => ({
    status: 404,
    code: 'not_found',
    message: request ? `No route for ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}` : 'Not found',
  }),
  // @fastify/static (the OpenAPI UI's assets): a NUL byte or a path leaving the folder.
  FST_STATIC_FORBIDDEN_PATH: () => ({ status: 403, code: 'forbidden', message: 'This path is not allowed.' }),
};

/** Codes that differ from the status text in snake_case. */
const STATUS_CODE_NAMES: Record<number, string> = { 429: 'rate_limited', 431: 'headers_too_large' };

/** The API's code for a 4xx status: `payload_too_large` for 413, `range_not_satisfiable` for 416. */
function codeForStatus(status: number): string {
  const name =
    STATUS_CODE_NAMES[status] ??
    STATUS_CODES[status]
      ?.toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return name || 'bad_request';
}

/** The API's codes are snake_case; anything else (`FST_...`, `ECONNRESET`) is a library's. */
const API_CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * How the API answers an error thrown anywhere in a request's life (hooks, body parser, router,
 * validation, handlers): zod validation errors 400 `validation_error` naming the field; domain
 * errors (`AppError`) their own status and code; Fastify's own refusals per `FRAMEWORK_ERRORS`;
 * any other 4xx its status with the API's code for it; everything else a 500 `internal_error`
 * whose message is fixed (OWASP ASVS 4.0.3 V7.4.1).
 * @returns status and body fields; `unexpected` when the error is a fault of ours that must be logged.
 */
function errorAnswer(error: FastifyError, request?: FastifyRequest): Answer & { unexpected: boolean } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const part = error.validationContext ?? 'request';
    const field = path || part;
    return {
      status: 400,
      code: 'validation_error',
      message: `${field}: ${first?.message ?? 'invalid value'}`,
      field,
      unexpected: false,
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      field: error.field,
      orderNumber: error.orderNumber,
      unexpected: false,
    };
  }
  const known = typeof error.code === 'string' ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) {
    const answer = known(request);
    return answer.status >= 500 ? internal() : { ...answer, unexpected: false };
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_VALIDATION' && status < 500) {
    const field = error.validationContext ?? 'request';
    return {
      status: 400,
      code: 'validation_error',
      message: `${field}: ${error.message}`.slice(0, 300),
      field,
      unexpected: false,
    };
  }
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    const code = typeof error.code === 'string' && API_CODE.test(error.code) ? error.code : codeForStatus(status);
    const message = (error.message || STATUS_CODES[status] || 'Bad request').slice(0, 300);
    return { status, code, message, unexpected: false };
  }
  return internal();
}

function internal(): Answer & { unexpected: boolean } {
  return { status: 500, code: 'internal_error', message: INTERNAL_MESSAGE, unexpected: true };
}

/**
 * The one error handler (ARCHITECTURE.md "No 5xx from what a client sends"; fastify/demo): every error thrown while serving a request is
 * answered `{ error: { code, message, field? } }` (contract `apiErrorSchema`) as `errorAnswer`
 * decides; a 5xx is logged with its stack and never sends either (OWASP ASVS 4.0.3 V7.4.1).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    if (answer.unexpected) request.log.error({ err: error }, 'unhandled error');
    return reply.status(answer.status).send(body(answer));
  });
}

/** Answers a storefront page (the HTML shell with its not-found screen), registered by `plugins/web.ts`. */
export type StorefrontPage = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const storefrontPages = new WeakMap<object, StorefrontPage>();

/**
 * Lets {@link frameworkErrors} answer a browser's undecodable page address (`/en/%E0%A4%A`) with
 * the storefront's not-found page instead of the API's JSON error. `app` is the root instance.
 */
export function setStorefrontPage(app: FastifyInstance, page: StorefrontPage): void {
  storefrontPages.set(app, page);
}

/** A GET or HEAD outside `/api/` from a client that accepts HTML (a browser opening a page). */
function wantsStorefrontPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    /text\/html/.test(request.headers.accept ?? '')
  );
}

/**
 * Fastify's `frameworkErrors` option: the router's refusals that happen before any route or
 * error handler runs (`FST_ERR_BAD_URL` for `/api/products/%ZZ`, 400 `bad_url`;
 * `FST_ERR_MAX_PARAM_LENGTH` for a path parameter over `maxParamLength`, 414 `uri_too_long`;
 * `FST_ERR_ASYNC_CONSTRAINT`, 500 `internal_error`), answered in the API's error body. The reply
 * has no route, so no hooks run and the body is sent pre-serialised. A browser opening an
 * undecodable page address gets the storefront's not-found page instead ({@link setStorefrontPage}).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const page = storefrontPages.get(request.server);
  if (page && error.code === 'FST_ERR_BAD_URL' && wantsStorefrontPage(request)) {
    // A browser's page address that cannot be decoded: the store's not-found screen, not a JSON error.
    // No hook runs for this reply, so the security headers are set here (the page's CSP replaces
    // the base one); a page that fails is answered as below.
    reply.headers(STATIC_SECURITY_HEADERS);
    page(request, reply).catch((pageError: unknown) => {
      request.log.error({ err: pageError }, 'storefront not-found page failed');
      if (!reply.sent) sendFrameworkError(error, request, reply);
    });
    return;
  }
  sendFrameworkError(error, request, reply);
}

/** Answers a {@link frameworkErrors} refusal in the API's error body. */
function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = errorAnswer(error, request);
  if (answer.unexpected) request.log.error({ err: error }, 'unhandled framework error');
  void reply
    .code(answer.status)
    .headers(STATIC_SECURITY_HEADERS)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body(answer)));
}

/**
 * Fastify's `clientErrorHandler` option: bytes that never become a request (a garbled request line
 * or header, headers over Node's `maxHeaderSize`, a request too slow to arrive), answered in the
 * API's error body (400 `bad_request`, 431 `headers_too_large`, 408 `request_timeout`) before the
 * connection is closed. A reset or destroyed socket is left alone, as Fastify's default does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', `The request headers are too large: at most ${maxHeaderSize} bytes in all.`]
        : [400, 'bad_request', 'The request is not valid HTTP/1.1.'];
  const payload = JSON.stringify(body({ status, code, message }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}
