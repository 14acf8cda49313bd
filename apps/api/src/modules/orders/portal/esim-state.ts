import type { EsimDisplayState, PortalBundleState, Usage } from '@esim/contract/portal';
import { ARCHIVED_ESIM_STATES } from '@esim/contract/portal';

/**
 * Pure rules of the portal's states (bundle states, eSIM display states, when a top-up is offered:
 * docs/product-rules.md#customer-portal-and-access-tokens), from the provider's states as last synced (eSIM Go v2.4
 * `profileStatus` and `bundleState`, see `providers/esim/esim-provider.ts`).
 */

/** Provider bundle states that mean the bundle is over for good. */
const ENDED = new Set(['depleted', 'expired', 'revoked', 'lapsed']);

/**
 * A bundle's portal state: processing -> pending, queued -> queued, active -> active, depleted
 * and revoked -> inactive (no data left, or withdrawn), expired and lapsed -> expired. Unknown
 * states read as pending (the provider is still working on it).
 * @param refunded the order that paid for the bundle was refunded: refunded, whatever the
 *   provider's state (a started bundle is kept running there, `refund-policy.ts` `bundleAction`).
 */
export function portalBundleState(providerState: string, refunded = false): PortalBundleState {
  if (refunded) return 'refunded';
  switch (providerState) {
    case 'active':
      return 'active';
    case 'queued':
      return 'queued';
    case 'depleted':
    case 'revoked':
      return 'inactive';
    case 'expired':
    case 'lapsed':
      return 'expired';
    default:
      return 'pending';
  }
}

/**
 * How the portal shows an eSIM, from its profile state and its bundles' provider states:
 * deleted profile -> Archived; a bundle running -> Active; a bundle waiting -> Ready while the
 * profile is not on a phone yet (released, downloaded), Pending once installed ("starts when
 * activated"); only bundles being applied -> Assigned; every bundle over -> Expired; no bundle
 * at all -> Assigned.
 * @param refunded the order that bought the eSIM was refunded: Refunded before anything else,
 *   since a refund may keep a started bundle running at the provider (`refund-policy.ts`
 *   `bundleAction`), yet the eSIM is no longer the customer's to use, install or top up.
 */
export function esimDisplayState(
  profileState: string,
  bundleStates: readonly string[],
  refunded = false,
): EsimDisplayState {
  if (refunded) return 'Refunded';
  if (profileState === 'deleted') return 'Archived';
  if (bundleStates.includes('active')) return 'Active';
  if (bundleStates.includes('queued'))
    return profileState === 'released' || profileState === 'downloaded' ? 'Ready' : 'Pending';
  if (bundleStates.length > 0 && bundleStates.every((s) => ENDED.has(s))) return 'Expired';
  return 'Assigned';
}

/** Whether the eSIM belongs under the portal's 'Archived' tab. */
export function isArchived(state: EsimDisplayState): boolean {
  return ARCHIVED_ESIM_STATES.includes(state);
}

/**
 * Top-ups are sold only for an active eSIM (otherwise the portal says 'Activate to Top-Up'); so
 * never for a Refunded one.
 */
export function canTopUp(state: EsimDisplayState): boolean {
  return state === 'Active';
}

/** A bundle's allowance and what is left, in bytes, as stored. */
export interface BundleBytes {
  unlimited: boolean;
  initialBytes: number | null;
  remainingBytes: number | null;
  usedBytes: number;
}

/**
 * Usage of one bundle: for a fixed allowance, used = initial - remaining and the whole percent
 * used (0-100); unlimited bundles report the bytes used only.
 */
export function bundleUsage(b: BundleBytes): Usage {
  if (b.unlimited || b.initialBytes === null) {
    return {
      unlimited: true,
      totalBytes: null,
      usedBytes: Math.max(0, b.usedBytes),
      remainingBytes: null,
      percentUsed: null,
    };
  }
  const total = Math.max(0, b.initialBytes);
  const remaining = Math.min(total, Math.max(0, b.remainingBytes ?? total));
  const used = total - remaining;
  const percentUsed = total === 0 ? 100 : Math.min(100, Math.max(0, Math.round((used / total) * 100)));
  return { unlimited: false, totalBytes: total, usedBytes: used, remainingBytes: remaining, percentUsed };
}

/** The bundle whose usage stands for the eSIM: the running one, else the last that ran, else the first waiting. */
export function headlineBundle<T extends { state: string; endsAt: Date | null }>(bundles: readonly T[]): T | undefined {
  const running = bundles.find((b) => b.state === 'active');
  if (running) return running;
  const ended = bundles.filter((b) => ENDED.has(b.state) && b.endsAt !== null);
  if (ended.length > 0) return ended.reduce((last, b) => (b.endsAt! > last.endsAt! ? b : last));
  return bundles[0];
}

/** Radio generations, best last, for the network card's "speed". */
const GENERATIONS = ['2G', '3G', 'LTE', '4G', '5G'];

/** The best radio generation among operators' speeds, e.g. '5G'; '4G' when none is listed. */
export function bestSpeed(speeds: readonly string[]): string {
  let best = -1;
  for (const speed of speeds) best = Math.max(best, GENERATIONS.indexOf(speed.toUpperCase()));
  return best >= 0 ? GENERATIONS[best]! : '4G';
}
