import { formatDataAmount } from '@esim/contract/format';
import type { Usage } from '@esim/contract/portal';

/**
 * Usage figures as the portal shows them: usage percentage, used and remaining data. The API counts bytes (`packages/contract/src/portal.ts`); the display rules
 * take MB with 1 GB = 1024 MB (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`) (`formatDataAmount`), so bytes are converted with
 * 1 MB = 1024 × 1024 bytes, the same binary unit the providers quote.
 */

/** Bytes per MB of the display rules (binary, like the providers' GB). */
export const BYTES_PER_MB = 1024 * 1024;

/** From this share used on, the bar warns (amber) and then alarms (red). */
const LOW_PERCENT = 75;
const CRITICAL_PERCENT = 90;

/** A byte count as the display rules show it: '500MB', '1.5GB', '0MB'. */
export function formatBytes(bytes: number): string {
  return formatDataAmount(Math.max(0, bytes) / BYTES_PER_MB);
}

/** What a usage bar and its texts need. */
export interface UsageFigures {
  unlimited: boolean;
  /** Whole percent used, 0-100; `null` for unlimited plans (no allowance to compare with). */
  percent: number | null;
  used: string;
  /** `null` for unlimited plans. */
  remaining: string | null;
  /** The allowance; `null` for unlimited plans. */
  total: string | null;
  /** How full the bar is, for its colour. */
  level: 'ok' | 'low' | 'critical';
}

/**
 * The figures of a usage: the server's `percentUsed` (computed from the bytes when missing),
 * kept within 0-100, and the amounts formatted in MB or GB.
 */
export function usageFigures(usage: Usage): UsageFigures {
  const used = formatBytes(usage.usedBytes);
  if (usage.unlimited || usage.totalBytes === null) {
    return { unlimited: true, percent: null, used, remaining: null, total: null, level: 'ok' };
  }
  const computed = usage.totalBytes > 0 ? Math.round((usage.usedBytes / usage.totalBytes) * 100) : 100;
  const percent = Math.min(100, Math.max(0, usage.percentUsed ?? computed));
  const remainingBytes = usage.remainingBytes ?? Math.max(0, usage.totalBytes - usage.usedBytes);
  return {
    unlimited: false,
    percent,
    used,
    remaining: formatBytes(remainingBytes),
    total: formatBytes(usage.totalBytes),
    level: percent >= CRITICAL_PERCENT ? 'critical' : percent >= LOW_PERCENT ? 'low' : 'ok',
  };
}
