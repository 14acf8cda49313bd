import { type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';
import { requestIdOptions } from '../modules/ops/ops.module.ts';
import { clientErrorHandler, frameworkErrors } from './error-handler.ts';

/** Request fields that may carry credentials or card data: never logged. */
const REDACTED_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'code',
  'recoveryCodes',
  'secret',
  'token',
];

/**
 * The Fastify server's options: the logger (level, redaction, `logStream` or stdout), forwarded
 * headers only from the configured proxies (`TRUST_PROXY`, decision record 0013), the body limit
 * (1 MiB), strict routing, the API's error body for the router's and the HTTP parser's refusals,
 * and the store's own request ids.
 */
export function fastifyOptions(config: Config, logStream?: { write(line: string): void }): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-access-token"]',
              'res.headers["set-cookie"]',
              'cardNumber',
              'cvv',
              '*.cardNumber',
              '*.cvv',
              ...REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
            ],
            ...(logStream ? { stream: logStream } : {}),
          },
    // From anyone else forwarded headers are ignored: `request.ip` (rate limits, throttles) is the
    // connection's address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    ...requestIdOptions,
  };
}
