import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generated-input requests for the fuzz test (`fuzz.test.ts`; OWASP ASVS 4.0.3 V5.1 input
 * validation, V7.4 error handling, V13.1 API): valid requests derived from a route's own schemas
 * (zod, converted with `z.toJSONSchema`), then mutations of them (wrong types, missing fields,
 * huge strings, NUL, lone surrogates, control characters, bad percent-escapes and over-long path
 * parameters, malformed JSON, wrong media types, bodies over the limit, spoofed forwarding headers,
 * other methods).
 */

/** The subset of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** A route as the fuzzer sees it: method, URL pattern (`/api/products/:id`), schemas of its inputs, body limit in bytes. */
export interface RouteSpec {
  method: string;
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  body?: JsonSchema;
  /** The route's `bodyLimit` (bytes), else the app's. */
  bodyLimit: number;
}

/**
 * Known-good values for an input, by where it is (`params`, `querystring`, `headers`, `body`) and
 * its property name (`iccid`, `x-access-token`, `productId`): real ids, tokens and sessions from
 * the test's fixtures, so that valid requests reach deep code. `undefined` when there are none.
 */
export type Hints = (location: Location, name: string) => readonly unknown[] | undefined;

/** Where an input sits in a request. */
export type Location = 'params' | 'querystring' | 'headers' | 'body';

/** One request to send (`app.inject`), with a note saying how it was made (for failure reports). */
export interface FuzzRequest {
  method: string;
  /** Path and query string as sent (may hold raw bad escapes such as `%ZZ`). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** `valid`, or the mutations applied, e.g. `body.customer.fullName = "a\u0000b"`. */
  note: string;
}

/** A request's parts before rendering: path parameters, query, headers and body as values. */
interface Parts {
  method: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  /** Raw body text/bytes replacing `body` (malformed JSON, forms, oversize). */
  raw?: string | Buffer;
  /** Raw path segments replacing rendered parameters (`%00`, `%ZZ`, over-long). */
  rawParams: Record<string, string>;
  /** Raw text appended to the query string. */
  rawQuery: string;
  contentType?: string | null;
  notes: string[];
}

/** Converts a route schema (zod, or JSON Schema already) to JSON Schema; `undefined` when none. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if ('_zod' in schema) {
    try {
      return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return schema as JsonSchema;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\uffff',
];

/** Strings that have broken servers before: NUL, lone surrogates, controls, injections, huge. */
export const EVIL_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u0001\u001f\u007f',
  '\u0085\u2028\u2029',
  '\u202eevil',
  '\ufeff',
  '\r\n',
  '\t',
  'line1\nline2',
  'é',
  'I\u0307',
  '😀',
  '👨‍👩‍👧‍👦'.repeat(50),
  '%00',
  '%ZZ',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '\\',
  '"',
  'null',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(400),
  'x'.repeat(300),
  'x'.repeat(10_000),
  'é'.repeat(70_000),
];

const EVIL_NUMBERS: readonly number[] = [
  -1,
  0,
  0.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  5e-324,
];

/** Any JSON value of the wrong kind or out of range, or a hostile string. */
const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...EVIL_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...EVIL_NUMBERS), weight: 2 },
  {
    arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: { b: {} } }, [[[[]]]], ['x'], [1, 2, 3]),
    weight: 2,
  },
  {
    arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL, ...LONE_SURROGATES, 'a', 'é'), maxLength: 20 }),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

/** Path segments as sent on the wire (already escaped, or deliberately not). */
const EVIL_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '%5C',
  '%20',
  '%0A',
  '%0D%0A',
  '%7F',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '2147483648',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%EF%BB%BF',
  "'%20OR%201=1",
  '%3Cscript%3E',
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(1_000),
  '9'.repeat(20_000),
  '%00'.repeat(40),
];

const evilSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EVIL_SEGMENTS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeSegment), weight: 1 },
  {
    arbitrary: fc
      .string({ unit: fc.constantFrom(...CONTROL, ...LONE_SURROGATES, 'a'), maxLength: 8 })
      .map(encodeSegment),
    weight: 1,
  },
);

/** Query strings appended raw. */
const EVIL_QUERIES: readonly string[] = [
  '%ZZ',
  'q=%ZZ',
  'q=%00',
  'q=%ED%A0%80',
  '&&&',
  '=',
  '==&=x',
  'country=TR&country=US',
  'country[]=TR',
  'country[a]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'type=prepaid&type=unlimited',
  `q=${'x'.repeat(10_000)}`,
  `${'k'.repeat(2_000)}=v`,
  Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join('&'),
  'lng=tr',
  'format=text',
  'notice=use-data&amount=9999999999',
  'q=+',
  'q=%2B%20%3B',
  'q=%E2%80%AE',
];

/** Headers that a client (or a forged proxy) may send, with odd values; all valid HTTP header bytes. */
const ODD_HEADERS: readonly (readonly [string, readonly string[]])[] = [
  [
    'x-forwarded-for',
    [
      '203.0.113.7',
      '203.0.113.7, 10.0.0.1',
      'unknown',
      '::1',
      '[::1]:443',
      '999.999.999.999',
      ', ,',
      '1.1.1.1,'.repeat(500),
      'x'.repeat(8_000),
      '127.0.0.1',
    ],
  ],
  [
    'x-forwarded-host',
    [
      'evil.example',
      'evil.example:99999',
      '',
      '[::1]',
      'a'.repeat(300),
      'localhost, evil.example',
      'evil.example/path?x=1',
    ],
  ],
  ['x-forwarded-proto', ['https', 'gopher', 'https, http', '', 'javascript']],
  ['x-forwarded-port', ['99999', '-1', 'abc']],
  ['forwarded', ['for=203.0.113.7;proto=https;host=evil.example', 'for="[::1]"', 'garbage;;;']],
  ['x-real-ip', ['203.0.113.7', 'garbage']],
  ['host', ['evil.example', 'a'.repeat(300), '[::1]:80', 'localhost:abc', 'évil.example', '']],
  ['accept', ['text/html', '*/*', 'application/json;q=0', 'image/png', ';;;', 'x'.repeat(5_000)]],
  [
    'accept-encoding',
    ['gzip', 'br', 'zstd', 'deflate', 'gzip;q=0, identity;q=0', '*;q=0', 'gzip;q=NaN', 'x'.repeat(2_000)],
  ],
  ['accept-language', ['tr', 'zz-ZZ', '*', 'x'.repeat(5_000), 'en;q=abc', 'de-DE,de;q=0.9']],
  ['if-none-match', ['*', '"x"', 'W/"x"', `"${'x'.repeat(5_000)}"`, ',,,']],
  ['if-modified-since', ['Thu, 01 Jan 1970 00:00:00 GMT', 'garbage', 'Fri, 31 Dec 9999 23:59:59 GMT']],
  ['range', ['bytes=0-0', 'bytes=999999999-', 'bytes=-1', 'bytes=a-b', 'bytes=0-1,'.repeat(200), 'items=0-1']],
  ['cookie', ['i18next=tr', `i18next=${'x'.repeat(4_000)}`, '=;=;;', 'a=%ZZ', 'i18next=\u00e9']],
  ['authorization', ['Bearer x', `Basic ${'x'.repeat(3_000)}`, 'garbage']],
  ['content-encoding', ['gzip', 'br', 'deflate, gzip', 'identity']],
  ['expect', ['100-continue', 'garbage']],
  ['origin', ['https://evil.example', 'null']],
  ['sec-fetch-site', ['cross-site', 'garbage']],
  ['x-http-method-override', ['DELETE', 'PUT']],
  ['accept-version', ['1.0.0', '*', 'garbage']],
  ['x-request-id', ['x'.repeat(1_000)]],
  ['user-agent', ['', 'x'.repeat(8_000)]],
  ['referer', ['javascript:alert(1)', 'x'.repeat(3_000)]],
];

/** Header values for the route's own headers (session, idempotency key, access token): wrong, empty, huge. */
const EVIL_HEADER_VALUES: readonly string[] = [
  '',
  ' ',
  'short',
  'a b c d e f',
  'x'.repeat(129),
  'x'.repeat(256),
  'x'.repeat(10_000),
  'é'.repeat(20),
  '\u00ff\u0080',
  '%00%00%00%00',
  '"quoted"',
  '../../..',
  'null',
  "'; DROP TABLE orders; --",
];

const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application json',
  '',
  ';',
  'x'.repeat(1_000),
  `application/json; boundary=${'x'.repeat(500)}`,
];

/** Bodies that are not JSON, or JSON that is not an object, or objects that attack the parser. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'null',
  'true',
  '0',
  '-1',
  '"x"',
  '[]',
  '[{}]',
  'NaN',
  'Infinity',
  '1e999',
  '{"a":1e999}',
  '\ufeff{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  '{"a":"\\x00"}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `[${'1,'.repeat(20_000)}1]`,
  'a=b&c=d',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY y SYSTEM "file:///etc/passwd">]><x>&y;</x>',
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xff]), Buffer.from('"}')]),
  Buffer.from([0x7b, 0x00, 0x7d]),
];

/** Methods to try on a route's path besides its own (Fastify answers 404 for the rest). */
const OTHER_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'QUERY',
  'PROPFIND',
  'TRACE',
  'SEARCH',
];

/** Percent-encodes a path segment; a lone surrogate (which `encodeURIComponent` refuses) becomes its CESU-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9]/g, () => '%ED%A0%80');
  }
}

/** Bytes Node accepts in a header value (RFC 9110 field-vchar, obs-text, SP, HTAB); others become `?`. */
function headerSafe(value: unknown): string {
  return String(value).replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

// ---------------------------------------------------------------------------------------------
// Valid values from schemas

function compilePattern(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try without the unicode flag
    }
  }
  return undefined;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  const re = schema.pattern === undefined ? undefined : compilePattern(schema.pattern);
  if (re) {
    try {
      return fc.stringMatching(re).filter(fits);
    } catch {
      // fast-check cannot generate this pattern: plain strings
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, min + 40)) });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + (integer ? 1 : 1e-9));
  const upper =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - (integer ? 1 : 1e-9));
  if (integer) {
    const min = Math.max(lower ?? -1_000_000, -(2 ** 31));
    const max = Math.min(upper ?? 1_000_000, 2 ** 31 - 1);
    return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  }
  return fc.double({ min: lower ?? -1e6, max: upper ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/**
 * Valid values for a JSON Schema (objects with their required keys and some optional ones), mixed
 * with the fixtures' known-good values (`hints`) for the property names they know.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  hints: Hints,
  location: Location,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const generated = generatedFor(schema ?? {}, hints, location, depth);
  const known = name ? hints(location, name) : undefined;
  if (!known || known.length === 0) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 5 }, { arbitrary: generated, weight: 1 });
}

function generatedFor(schema: JsonSchema, hints: Hints, location: Location, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((s) => arbitraryFor(s, hints, location, '', depth + 1)));
  if (schema.allOf && schema.allOf[0]) return arbitraryFor(schema.allOf[0], hints, location, '', depth + 1);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => generatedFor({ ...schema, type }, hints, location, depth)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties))
        model[key] = arbitraryFor(sub, hints, location, key, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items, hints, location, '', depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'QUERY']);

/** The names of a route's path parameters (`:id`, and `*` for a wildcard). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

/** Valid parts of a request to `route`: parameters, query, headers and body from its schemas and the hints. */
function validParts(route: RouteSpec, hints: Hints): fc.Arbitrary<Parts> {
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of paramNames(route.url)) {
    params[name] = arbitraryFor(
      route.params?.properties?.[name] ?? { type: 'string', minLength: 1, maxLength: 20 },
      hints,
      'params',
      name,
    );
  }
  const object = (schema: JsonSchema | undefined, location: Location) =>
    schema?.properties
      ? (arbitraryFor(schema, hints, location) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant({});
  // Without a body schema: JSON routes take no body (or an empty object), HTML form posts a form.
  const body: fc.Arbitrary<unknown> = route.body
    ? arbitraryFor(route.body, hints, 'body')
    : !BODY_METHODS.has(route.method)
      ? fc.constant(undefined)
      : route.url.startsWith('/api/')
        ? fc.constantFrom(undefined, undefined, {})
        : fc.constantFrom(undefined, 'form');
  return fc
    .record({
      params: fc.record(params),
      query: object(route.querystring, 'querystring'),
      headers: object(route.headers, 'headers'),
      body,
    })
    .map((p) => ({
      method: route.method,
      params: p.params,
      query: p.query,
      headers: p.headers,
      body: p.body,
      rawParams: {},
      rawQuery: '',
      notes: [],
    }));
}

/** Every path to a value inside `value` (`customer.fullName`, `payment`), objects and arrays included. */
function pathsOf(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const path = [...prefix, key];
      out.push(path);
      pathsOf(inner, path, out);
    }
  }
  return out;
}

function setPath(root: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** A short, printable description of a value for notes and reports. */
export function show(value: unknown, max = 80): string {
  let text: string;
  if (Buffer.isBuffer(value))
    text = `<bytes ${value.subarray(0, 24).toString('hex')}${value.length > 24 ? '…' : ''} (${value.length} B)>`;
  else if (typeof value === 'string') text = JSON.stringify(value) ?? '';
  else text = JSON.stringify(value) ?? String(value);
  const escaped = text.replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return escaped.length > max ? `${escaped.slice(0, max)}… (${escaped.length} chars)` : escaped;
}

type Mutation = (parts: Parts, route: RouteSpec) => Parts;

/** Hostile strings for text fields: NUL, lone surrogates and other control characters, mixed into ordinary text. */
const evilText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EVIL_STRINGS),
  fc
    .tuple(
      fc.constantFrom('Ada', 'ada@example.com', '+44 20 7946 0000', 'London'),
      fc.constantFrom(...CONTROL, ...LONE_SURROGATES),
      fc.nat(20),
    )
    .map(([text, bad, at]) => `${text.slice(0, at % (text.length + 1))}${bad}${text.slice(at % (text.length + 1))}`),
);

/** Each kind of mutation, with its weight (default 1). */
const mutations: (fc.Arbitrary<Mutation> | { arbitrary: fc.Arbitrary<Mutation>; weight: number })[] = [
  // A text field of the body set to a hostile string (the most frequent mutation: text reaches
  // the database, e-mails and pages).
  {
    weight: 4,
    arbitrary: fc.tuple(fc.nat(), evilText).map(([pick, value]): Mutation => (parts) => {
      const paths = pathsOf(parts.body);
      const texts = paths.filter(
        (path) =>
          typeof path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], parts.body) === 'string',
      );
      const choices = texts.length > 0 ? texts : paths;
      if (choices.length === 0) return { ...parts, body: value, notes: [...parts.notes, `body = ${show(value)}`] };
      const path = choices[pick % choices.length]!;
      return {
        ...parts,
        body: setPath(parts.body, path, value),
        notes: [...parts.notes, `body.${path.join('.')} = ${show(value)}`],
      };
    }),
  },
  // A body field set to a value of the wrong type, or a hostile string.
  fc.tuple(fc.nat(), evilValue).map(([pick, value]) => (parts) => {
    const paths = pathsOf(parts.body);
    if (paths.length === 0) return { ...parts, body: value, notes: [...parts.notes, `body = ${show(value)}`] };
    const path = paths[pick % paths.length]!;
    return {
      ...parts,
      body: setPath(parts.body, path, value),
      notes: [...parts.notes, `body.${path.join('.')} = ${show(value)}`],
    };
  }),
  // A body field left out.
  fc.nat().map((pick) => (parts) => {
    const paths = pathsOf(parts.body);
    if (paths.length === 0) return { ...parts, body: undefined, notes: [...parts.notes, 'no body'] };
    const path = paths[pick % paths.length]!;
    return {
      ...parts,
      body: setPath(parts.body, path, undefined, true),
      notes: [...parts.notes, `without body.${path.join('.')}`],
    };
  }),
  // An unexpected extra property.
  fc
    .tuple(
      fc.constantFrom(
        'extra',
        'admin',
        'priceCents',
        'status',
        '',
        'x'.repeat(1_000),
        '\u0000',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
      ),
      evilValue,
    )
    .map(([key, value]) => (parts) => {
      const body =
        parts.body && typeof parts.body === 'object' && !Array.isArray(parts.body)
          ? { ...parts.body, [key]: value }
          : { [key]: value };
      return { ...parts, body, notes: [...parts.notes, `body[${show(key, 20)}] = ${show(value)}`] };
    }),
  // A body that is not JSON, or JSON that is not the expected object, or bytes that are not UTF-8.
  fc
    .oneof(
      fc.constantFrom(...RAW_BODIES),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.nat().map((cut) => ({ cut })),
    )
    .map((raw) => (parts) => {
      const text =
        typeof raw === 'object' && !Buffer.isBuffer(raw)
          ? (JSON.stringify(parts.body ?? {}) ?? '{}').slice(
              0,
              raw.cut % Math.max(1, (JSON.stringify(parts.body ?? {}) ?? '').length),
            )
          : raw;
      return {
        ...parts,
        raw: text,
        contentType: parts.contentType ?? 'application/json',
        notes: [...parts.notes, `raw body ${show(text)}`],
      };
    }),
  // A body the route does not read (wrong media type), or none at all with a JSON type.
  fc.constantFrom(...CONTENT_TYPES, null).map((type) => (parts) => ({
    ...parts,
    contentType: type,
    notes: [...parts.notes, type === null ? 'no Content-Type' : `Content-Type ${show(type, 40)}`],
  })),
  // A body over the route's limit.
  fc.integer({ min: 1, max: 2_048 }).map((over) => (parts, route) => {
    const raw = JSON.stringify({ pad: 'x'.repeat(route.bodyLimit + over) });
    return {
      ...parts,
      raw,
      contentType: 'application/json',
      notes: [...parts.notes, `body of ${raw.length} bytes (limit ${route.bodyLimit})`],
    };
  }),
  // A path parameter that is malformed, hostile or over-long.
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat(), evilSegment).map(([pick, segment]): Mutation => (parts) => {
      const names = Object.keys(parts.params);
      if (names.length === 0)
        return {
          ...parts,
          rawQuery: `${parts.rawQuery}&x=${segment}`,
          notes: [...parts.notes, `query x=${show(segment)}`],
        };
      const name = names[pick % names.length]!;
      return {
        ...parts,
        rawParams: { ...parts.rawParams, [name]: segment },
        notes: [...parts.notes, `:${name} = ${show(segment)}`],
      };
    }),
  },
  // Query parameters that are hostile, repeated, or not the route's.
  fc
    .oneof(
      fc.constantFrom(...EVIL_QUERIES).map((q) => ({ raw: q })),
      fc
        .tuple(fc.constantFrom('country', 'type', 'q', 'format', 'lng', 'notice', 'amount', 'page', 'limit'), evilValue)
        .map(([key, value]) => ({ key, value })),
    )
    .map(
      (m) => (parts) =>
        'raw' in m
          ? { ...parts, rawQuery: `${parts.rawQuery}&${m.raw}`, notes: [...parts.notes, `query ${show(m.raw)}`] }
          : {
              ...parts,
              query: { ...parts.query, [m.key]: m.value },
              notes: [...parts.notes, `query ${m.key}=${show(m.value)}`],
            },
    ),
  // Forwarding, content-negotiation and other headers with odd values (spoofed X-Forwarded-For...).
  fc.tuple(fc.nat(), fc.nat()).map(([h, v]) => (parts) => {
    const [name, values] = ODD_HEADERS[h % ODD_HEADERS.length]!;
    const value = values[v % values.length]!;
    return {
      ...parts,
      headers: { ...parts.headers, [name]: value },
      notes: [...parts.notes, `${name}: ${show(value, 40)}`],
    };
  }),
  // The route's own headers (session, idempotency key, access token) wrong, empty, huge or missing.
  fc
    .tuple(fc.nat(), fc.option(fc.constantFrom(...EVIL_HEADER_VALUES), { nil: undefined }))
    .map(([pick, value]) => (parts) => {
      const names = Object.keys(parts.headers);
      if (names.length === 0)
        return {
          ...parts,
          headers: { 'x-session-id': value ?? '' },
          notes: [...parts.notes, `x-session-id: ${show(value ?? '')}`],
        };
      const name = names[pick % names.length]!;
      const headers = { ...parts.headers };
      if (value === undefined) delete headers[name];
      else headers[name] = value;
      return {
        ...parts,
        headers,
        notes: [...parts.notes, value === undefined ? `without ${name}` : `${name}: ${show(value, 40)}`],
      };
    }),
];

/** One to three mutations applied in turn; hostile text and path parameters weigh more. */
const mutation: fc.Arbitrary<Mutation> = fc
  .array(fc.oneof(...mutations.map((m) => ('weight' in m ? m : { arbitrary: m, weight: 1 }))), {
    minLength: 1,
    maxLength: 3,
  })
  .map((list) => (parts, route) => list.reduce((p, m) => m(p, route), parts));

function render(parts: Parts, route: RouteSpec): FuzzRequest {
  let path = route.url;
  for (const name of paramNames(route.url)) {
    const raw = parts.rawParams[name];
    const value =
      raw ??
      (name === '*'
        ? String(parts.params[name] ?? '')
            .split('/')
            .map(encodeSegment)
            .join('/')
        : encodeSegment(String(parts.params[name] ?? '')));
    path = name === '*' ? path.replace('*', value) : path.replace(`:${name}`, value);
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  let query = search.toString().replace(/%EF%BF%BD/g, '%ED%A0%80');
  if (parts.rawQuery) query = query ? `${query}${parts.rawQuery}` : parts.rawQuery.replace(/^&/, '');
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(parts.headers))
    if (value !== undefined) headers[key.toLowerCase()] = headerSafe(value);
  let payload: string | Buffer | undefined;
  let type: string | null | undefined = parts.contentType;
  if (parts.raw !== undefined) payload = parts.raw;
  else if (parts.body === 'form') {
    payload = 'mb=500&days=1';
    type ??= 'application/x-www-form-urlencoded';
  } else if (parts.body !== undefined) {
    payload = JSON.stringify(parts.body);
    type ??= 'application/json';
  }
  if (type !== undefined && type !== null) headers['content-type'] = type;
  if (type === null) delete headers['content-type'];
  return {
    method: parts.method,
    url: query ? `${path}?${query}` : path,
    headers,
    payload,
    note: parts.notes.length > 0 ? parts.notes.join('; ') : 'valid',
  };
}

/**
 * Requests to `route`: about a third valid (from its schemas and the hints), the rest mutations of
 * valid ones. All use the route's own method.
 */
export function requestsFor(route: RouteSpec, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const valid = validParts(route, hints);
  return fc
    .oneof(
      { arbitrary: valid.map((p) => [p, undefined] as const), weight: 1 },
      { arbitrary: fc.tuple(valid, mutation), weight: 2 },
    )
    .map(([parts, mutate]) => render(mutate ? mutate(parts, route) : parts, route));
}

/** Valid requests only (from the route's schemas and the hints), for concurrent bursts. */
export function validRequestsFor(route: RouteSpec, hints: Hints): fc.Arbitrary<FuzzRequest> {
  return validParts(route, hints).map((parts) => render(parts, route));
}

/** The hostile texts every text field and the path segments every path parameter get in the systematic pass. */
const SYSTEMATIC_TEXTS: readonly string[] = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\ud800',
  'Ada\udfffLovelace',
  '\u0001\u001f\u007f',
  '\u202eevil',
  'line1\u2028line2',
  'x'.repeat(10_000),
];

/**
 * The systematic pass: each of `SYSTEMATIC_TEXTS` in each text field of a valid body, and each
 * hostile path segment in each path parameter, every one on its own freshly generated valid
 * request (its own session, key and token from the hints), so that nothing else stops it early.
 * Catches the known classes (NUL, lone surrogates, `%00`, over-long parameters) whatever the seed.
 */
export function systematicRequestsFor(route: RouteSpec, hints: Hints, seed: number): FuzzRequest[] {
  const texts: Parts[] = [];
  const probe = fc.sample(validParts(route, hints), { seed, numRuns: 1 })[0]!;
  const textPaths = (body: unknown) =>
    pathsOf(body).filter(
      (path) => typeof path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body) === 'string',
    );
  const fields = Math.min(textPaths(probe.body).length, 8);
  const segments = paramNames(route.url).flatMap((name) => EVIL_SEGMENTS.map((segment) => [name, segment] as const));
  const bases = fc.sample(validParts(route, hints), {
    seed: seed + 1,
    numRuns: SYSTEMATIC_TEXTS.length * fields + segments.length,
  });
  let next = 0;
  for (const text of SYSTEMATIC_TEXTS) {
    for (let field = 0; field < fields; field++) {
      const base = bases[next++]!;
      const paths = textPaths(base.body);
      if (paths.length === 0) continue;
      const path = paths[field % paths.length]!;
      texts.push({ ...base, body: setPath(base.body, path, text), notes: [`body.${path.join('.')} = ${show(text)}`] });
    }
  }
  for (const [name, segment] of segments) {
    const base = bases[next++]!;
    texts.push({ ...base, rawParams: { [name]: segment }, notes: [`:${name} = ${show(segment)}`] });
  }
  return texts.map((parts) => render(parts, route));
}

/** Requests with another method on the route's path (the router answers them, usually 404). */
export function otherMethodsFor(route: RouteSpec, hints: Hints): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(validParts(route, hints), fc.constantFrom(...OTHER_METHODS.filter((m) => m !== route.method)))
    .map(([parts, method]) => render({ ...parts, method, notes: [`method ${method}`] }, { ...route, method }));
}
