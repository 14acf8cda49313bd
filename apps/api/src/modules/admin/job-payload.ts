/**
 * A job's payload as the admin's jobs screen shows it, without secrets: its fields flattened to `key: value` text, with every field whose name says it holds
 * a credential replaced by `[hidden]`. Fulfilment jobs carry the portal access token in clear
 * until they succeed (`order-jobs.ts`); a password-reset job carries an e-mail address and never
 * a token (the job makes it), yet any `token`-like field would be hidden all the same.
 */

/** Field names (any case, any position in the name) whose values are never shown. */
const SECRET_NAME =
  /token|secret|passw|passcode|^code$|codes?$(?<!countrycodes?)|otp|recovery|^key$|apikey|api_key|privatekey|credential|authoriz|cookie|cvv|cvc|cardnumber/i;

/** Longest value shown, characters; longer ones end with an ellipsis. */
const MAX_VALUE_LENGTH = 160;
/** Fields shown at most (nested fields count one each). */
const MAX_FIELDS = 20;
/** Nesting followed at most; deeper objects are shown as `{…}`. */
const MAX_DEPTH = 3;

export const HIDDEN_VALUE = '[hidden]';

function shorten(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * The payload's fields as `{ key, value }` text, in payload order; nested objects flattened with
 * dotted keys (`order.id`), arrays shown as JSON; secrets hidden (see the module comment).
 */
export function summarisePayload(payload: unknown): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (out.length >= MAX_FIELDS) return;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (depth >= MAX_DEPTH) {
        out.push({ key: prefix, value: '{…}' });
        return;
      }
      for (const [key, child] of Object.entries(value)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (SECRET_NAME.test(key)) out.push({ key: path, value: HIDDEN_VALUE });
        else walk(child, path, depth + 1);
        if (out.length >= MAX_FIELDS) return;
      }
      return;
    }
    const text =
      typeof value === 'string'
        ? value
        : JSON.stringify(value, (key, v: unknown) => (key && SECRET_NAME.test(key) ? HIDDEN_VALUE : v));
    out.push({ key: prefix || 'payload', value: shorten(text ?? String(value)) });
  };
  walk(payload, '', 0);
  return out;
}

/** The order id a payload names (`orderId`, a positive integer), if any. */
export function payloadOrderId(payload: unknown): number | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const id = (payload as { orderId?: unknown }).orderId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
