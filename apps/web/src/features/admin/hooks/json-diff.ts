/**
 * The before/after of an audit log entry as rows of changed fields: both values are flattened to
 * dotted paths (`customer.email`,
 * `lines[0].quantity`) and compared as JSON text, so a change deep inside an object shows as the
 * one field that changed.
 */

/** One field of a diff. `before`/`after` are JSON text; undefined where the side lacks the field. */
export interface DiffRow {
  path: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

/** Fields listed at most; a huge object (a pricing run's rules) stays readable. */
const MAX_ROWS = 500;

/** `value` flattened to dotted paths with JSON text values; an empty object or array is one value. */
export function flatten(value: unknown, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (out.size >= MAX_ROWS) return out;
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out));
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== undefined) {
    out.set(prefix || '(value)', JSON.stringify(value) ?? String(value));
  }
  return out;
}

/** The fields of `before` and `after`, changed ones marked, in the order they first appear. */
export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const a = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const b = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.map((path) => ({ path, before: a.get(path), after: b.get(path), changed: a.get(path) !== b.get(path) }));
}
