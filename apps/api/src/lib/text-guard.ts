import { INVALID_CHARACTERS } from '@esim/contract/text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set by a route that answers a malformed path parameter 404 like an unknown one (so that the
     * answer says nothing about the format) and checks the parameter's format itself before any
     * query: the text guard then leaves `params` to it (body and query are still guarded).
     */
    paramsFormatChecked?: boolean;
  }
}

/**
 * NUL (PostgreSQL refuses it in `text` and `jsonb`) or a lone surrogate (half a UTF-16 pair: no
 * UTF-8 form, so PostgreSQL refuses it too). The `u` flag makes a well-formed pair one character.
 */
const UNSTORABLE = /\0|\p{Cs}/u;

/** Longest `field` path the guard reports; deeper paths are cut with an ellipsis. */
const MAX_FIELD_LENGTH = 200;

/** The request parts the guard walks, named as the error handler names a validation context. */
const PARTS = ['body', 'querystring', 'params'] as const;

/**
 * The wildcard parameter `*` is left out: it is a file path of the static file routes (the
 * storefront's assets, the API docs' assets), whose file server refuses NUL itself (403).
 */
function valueOf(request: FastifyRequest, part: (typeof PARTS)[number]): unknown {
  if (part === 'body') return request.body;
  if (part === 'querystring') return request.query;
  const params = request.params;
  if (params === null || typeof params !== 'object' || !Object.hasOwn(params, '*')) return params;
  return Object.fromEntries(Object.entries(params).filter(([name]) => name !== '*'));
}

/** A key as it may be shown in a `field` path: its unstorable characters become U+FFFD. */
function printable(key: string): string {
  return key.replace(/\0|\p{Cs}/gu, '\ufffd');
}

function fieldOf(path: readonly string[], part: string): string {
  const field = path.length > 0 ? path.join('.') : part;
  return field.length > MAX_FIELD_LENGTH ? `${field.slice(0, MAX_FIELD_LENGTH - 1)}…` : field;
}

/** A value met on the walk, with the key that led to it from its parent (a linked path). */
interface Step {
  value: unknown;
  key?: string;
  parent?: Step;
}

function pathOf(step: Step): string[] {
  const path: string[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) in `value` that holds NUL or a lone
 * surrogate, e.g. `['customer', 'fullName']` (`[]` for `value` itself); undefined when there is
 * none. Walks plain objects and arrays with an explicit stack and linked paths, so that any
 * nesting depth is safe and costs time linear in the size of `value`.
 */
export function findUnstorableText(value: unknown): string[] | undefined {
  const stack: Step[] = [{ value }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: String(i), parent: step });
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (UNSTORABLE.test(key)) return [...pathOf(step), printable(key)];
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return undefined;
}

/**
 * Defence in depth behind the contract's text rules (`@esim/contract/text`): a `preValidation`
 * hook on every route that walks the parsed body, query string and path parameters and refuses a
 * string (or object key) holding NUL or a lone surrogate, so that no field, including one a
 * future schema forgets to restrict, carries text the database cannot store (which would otherwise come back as a 500).
 *
 * Answers 400 `{ error: { code: 'validation_error', message: '<field>: invalidCharacters',
 * field } }` (via the one error handler), `field` named as a validation error names it
 * (`customer.fullName`, `items.0.name`, `q`, `iccid`; `body` for a bare string body). Routes with
 * `config.paramsFormatChecked` keep their own answer for a malformed path parameter; wildcard
 * file paths (`*`) are left to the file server, and the storefront's not-found handler (no
 * fields) is left alone. Register right after the error handler.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and most have nothing to refuse.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.is404) return done();
    for (const part of PARTS) {
      if (part === 'params' && request.routeOptions.config.paramsFormatChecked) continue;
      const path = findUnstorableText(valueOf(request, part));
      if (path) {
        const field = fieldOf(path, part);
        return done(new ValidationError(`${field}: ${INVALID_CHARACTERS}`, field));
      }
    }
    done();
  });
}
