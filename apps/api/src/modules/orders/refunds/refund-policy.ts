import { OVERRIDABLE_REFUND_REASONS, REFUND_WINDOW_DAYS, type RefundCheckReason } from '@esim/contract/admin-refunds';
import type { BundleAssignment, EsimDetails } from '../../../providers/esim/esim-provider.ts';

/**
 * The refund policy (docs/product-rules.md#refunds): a full refund within 30 days of purchase if no
 * eSIM was activated, none after activation. Pure: no clock, no I/O. The facts come from the
 * eSIM provider, read when the admin asks, never from the store's copy.
 */

/** One day, ms. */
export const DAY_MS = 86_400_000;

/**
 * Whole days since purchase: 0 during the first 24 hours, and so on (never negative). The full
 * refund applies while this is below {@link REFUND_WINDOW_DAYS} (days 0 to 29: 30 days).
 */
export function daysSincePurchase(purchasedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - purchasedAt.getTime()) / DAY_MS));
}

/** Whether a bundle assignment has started: its validity runs or ran, or data was used on it. */
export function bundleStarted(assignment: Pick<BundleAssignment, 'state' | 'startedAt' | 'usedBytes'>): boolean {
  return (
    assignment.startedAt !== null ||
    assignment.usedBytes > 0 ||
    assignment.state === 'active' ||
    assignment.state === 'depleted' ||
    assignment.state === 'expired'
  );
}

/**
 * Whether an eSIM was activated, and the provider's facts that say so (activated means
 * the profile was installed or enabled, or a bundle started or was used): its profile left `released` (downloaded,
 * installed, enabled, disabled or deleted: it reached a device), it was first used at the
 * destination, or one of its bundles started.
 * @returns `why`: English facts such as `profile installed`, `first used 2026-08-01T10:00:00.000Z`,
 *   `bundle esim_1GB_7D_TR_V2 active`; empty when not activated.
 */
export function esimActivation(
  details: Pick<EsimDetails, 'profileState' | 'firstUsedAt'>,
  assignments: readonly Pick<BundleAssignment, 'bundle' | 'state' | 'startedAt' | 'usedBytes'>[],
): { activated: boolean; why: string[] } {
  const why: string[] = [];
  if (details.profileState !== 'released') why.push(`profile ${details.profileState}`);
  if (details.firstUsedAt) why.push(`first used ${details.firstUsedAt.toISOString()}`);
  for (const a of assignments) if (bundleStarted(a)) why.push(`bundle ${a.bundle} ${a.state}`);
  return { activated: why.length > 0, why };
}

/**
 * What a refund does with one of the order's bundle assignments at the eSIM provider: `cancel`
 * (revoke) one that has not started (`processing`, `queued`), `cancelled` when it already is
 * (`revoked`), `keep` one that started or ended (`active`, `depleted`, `expired`, `lapsed`):
 * there is nothing left to cancel or credit.
 */
export function bundleAction(
  assignment: Pick<BundleAssignment, 'state' | 'startedAt' | 'usedBytes'>,
): 'cancel' | 'cancelled' | 'keep' {
  if (assignment.state === 'revoked') return 'cancelled';
  if ((assignment.state === 'processing' || assignment.state === 'queued') && !bundleStarted(assignment))
    return 'cancel';
  return 'keep';
}

/** An eSIM as the policy sees it: activated or not, or unread (the provider failed). */
export interface EsimVerdict {
  iccid: string;
  /** Null when the provider could not be read. */
  activated: boolean | null;
  why: string[];
  error: string | null;
}

/**
 * The policy's reasons against a full refund (each one an admin may override with a reason):
 * `window_passed` from day {@link REFUND_WINDOW_DAYS} after purchase, `activated` naming the
 * activated eSIMs and why, `esim_state_unknown` naming those the provider did not answer for.
 * Empty: the order is refunded in full without an override.
 * @param kind a top-up's eSIM is its parent's and was active when topped up: only the top-up's own
 *   bundle counts (the verdicts are about that bundle).
 */
export function policyReasons(input: {
  kind: 'order' | 'topup';
  days: number;
  esims: readonly EsimVerdict[];
}): RefundCheckReason[] {
  const reasons: RefundCheckReason[] = [];
  if (input.days >= REFUND_WINDOW_DAYS) {
    reasons.push({
      code: 'window_passed',
      message: `Purchased ${input.days} days ago: the full refund applies within ${REFUND_WINDOW_DAYS} days of purchase.`,
    });
  }
  const activated = input.esims.filter((e) => e.activated === true);
  if (activated.length > 0) {
    const what = input.kind === 'topup' ? "The top-up's bundle has started" : 'No refund after activation';
    reasons.push({
      code: 'activated',
      message: `${what}: ${activated.map((e) => `eSIM ${e.iccid} (${e.why.join(', ')})`).join('; ')}.`,
      iccids: activated.map((e) => e.iccid),
    });
  }
  const unknown = input.esims.filter((e) => e.activated === null);
  if (unknown.length > 0) {
    reasons.push({
      code: 'esim_state_unknown',
      message: `The eSIM provider could not be read, so activation cannot be ruled out: ${unknown
        .map((e) => `eSIM ${e.iccid} (${e.error ?? 'no answer'})`)
        .join('; ')}.`,
      iccids: unknown.map((e) => e.iccid),
    });
  }
  return reasons;
}

/** Whether an admin's override may pass every one of `reasons` (none of them is final). */
export function overridable(reasons: readonly RefundCheckReason[]): boolean {
  return reasons.length > 0 && reasons.every((r) => OVERRIDABLE_REFUND_REASONS.includes(r.code));
}
