import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { bytesFactorOf, bytesIn } from './esimgo-mapping.ts';

/**
 * Pure rules of eSIM Go usage callbacks (decision record 0018): the
 * signature, the event id, and what a callback says.
 */

/**
 * Whether `header` (`X-Signature-SHA256`) is the HMAC-SHA256 of the raw body with the API key.
 * The docs disagree on the encoding (API reference: base64; webhooks guide: hex), so both are
 * accepted; each comparison is constant-time (`timingSafeEqual`) on equal lengths.
 * @returns false for a missing or empty header, a missing key, or any other value.
 */
export function verifyCallbackSignature(raw: Buffer, header: string | undefined, key: string | undefined): boolean {
  if (!key || typeof header !== 'string') return false;
  const given = header.trim();
  if (given === '' || given.length > 200) return false;
  const digest = createHmac('sha256', key).update(raw).digest();
  // Hex may come upper-case: compare it lower-cased.
  const probe = Buffer.from(/^[0-9A-Fa-f]{64}$/.test(given) ? given.toLowerCase() : given, 'utf8');
  let ok = false;
  for (const candidate of [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')]) {
    const expected = Buffer.from(candidate, 'utf8');
    if (expected.length === probe.length && timingSafeEqual(expected, probe)) ok = true;
  }
  return ok;
}

/** eSIM Go callbacks carry no id: the SHA-256 (hex) of the raw body stands in (`webhook_events.event_id`). */
export function callbackEventId(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** The bundle part of a V3 `BundleAlert` (V2 has only name, quantities and times). */
export interface CallbackBundle {
  /** Assignment id (`assignments[].id` of `GET /esims/{iccid}/bundles`); `null` in V2. */
  id: string | null;
  reference: string | null;
  name: string | null;
  /** Bytes. */
  initialQuantity: number | null;
  remainingQuantity: number | null;
  startTime: Date | null;
  endTime: Date | null;
  unlimited: boolean;
}

/** What a callback says. */
export interface UsageCallback {
  /** `alertType ?? event`: `Utilisation`, `FirstUse`, `esim.deleted`, `esim.deletion_scheduled`, … */
  type: string;
  /** Taken from the raw text, digits only: a JSON number ICCID has lost precision once parsed. */
  iccid: string | null;
  bundle: CallbackBundle | null;
}

const ICCID_LEXEME = /"iccid"\s*:\s*"?(\d{10,25})"?/;

function toNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

function toDate(v: unknown): Date | null {
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const text = (v: unknown, max = 200): string | null =>
  typeof v === 'string' && v !== ''
    ? v.slice(0, max)
    : typeof v === 'number' && Number.isSafeInteger(v)
      ? String(v)
      : null;

/**
 * Reads a callback body (V3 `BundleAlert` `{iccid, alertType, bundle{id, reference, name,
 * initialQuantity, remainingQuantity, startTime, endTime, unlimited}}`, V2, or a lifecycle
 * event `{date, event, iccid}`).
 * @returns `undefined` when the body is not a JSON object with `alertType` or `event`.
 */
export function parseCallback(raw: Buffer): UsageCallback | undefined {
  const source = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(source);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as { alertType?: unknown; event?: unknown; bundle?: unknown };
  const type = text(b.alertType, 100) ?? text(b.event, 100);
  if (!type) return undefined;
  const iccid = ICCID_LEXEME.exec(source)?.[1] ?? null;
  const rawBundle = b.bundle as Record<string, unknown> | null | undefined;
  const bundle =
    rawBundle && typeof rawBundle === 'object' && !Array.isArray(rawBundle)
      ? {
          id: text(rawBundle.id),
          reference: text(rawBundle.reference),
          name: text(rawBundle.name),
          // In the store's units (2^30 bytes a GB; `storeBytesOf`), like the adapter's bundle reads.
          initialQuantity: bytesIn(
            toNumber(rawBundle.initialQuantity),
            bytesFactorOf(toNumber(rawBundle.initialQuantity)),
          ),
          remainingQuantity: bytesIn(
            toNumber(rawBundle.remainingQuantity),
            bytesFactorOf(toNumber(rawBundle.initialQuantity)),
          ),
          startTime: toDate(rawBundle.startTime),
          endTime: toDate(rawBundle.endTime),
          unlimited: rawBundle.unlimited === true,
        }
      : null;
  return { type, iccid, bundle };
}
