import { describe, expect, it } from 'vitest';
import type { BundleAssignment } from '../../../providers/esim/esim-provider.ts';
import {
  bestSpeed,
  bundleUsage,
  canTopUp,
  esimDisplayState,
  headlineBundle,
  isArchived,
  portalBundleState,
} from './esim-state.ts';
import { matchAssignments } from '../../../providers/esim/bundle-assignments.ts';

describe('portalBundleState', () => {
  it.each([
    ['processing', 'pending'],
    ['queued', 'queued'],
    ['active', 'active'],
    ['depleted', 'inactive'],
    ['revoked', 'inactive'],
    ['expired', 'expired'],
    ['lapsed', 'expired'],
    ['something-new', 'pending'],
  ])('maps %s to %s', (provider, portal) => expect(portalBundleState(provider)).toBe(portal));

  it('shows a bundle whose order was refunded as refunded, whatever the provider says', () => {
    for (const provider of ['processing', 'queued', 'active', 'revoked', 'expired'])
      expect(portalBundleState(provider, true)).toBe('refunded');
  });
});

describe('esimDisplayState', () => {
  it.each([
    ['deleted', ['active'], 'Archived'],
    ['enabled', ['depleted', 'active', 'queued'], 'Active'],
    ['released', ['queued'], 'Ready'],
    ['downloaded', ['queued'], 'Ready'],
    ['installed', ['queued'], 'Pending'],
    ['enabled', ['expired', 'queued'], 'Pending'],
    ['released', ['processing'], 'Assigned'],
    ['released', [], 'Assigned'],
    ['enabled', ['expired', 'depleted'], 'Expired'],
    ['enabled', ['lapsed'], 'Expired'],
  ] as const)('profile %s with bundles %j is %s', (profile, states, expected) => {
    expect(esimDisplayState(profile, states)).toBe(expected);
  });

  it('shows an eSIM whose order was refunded as Refunded, even with a bundle still running or a deleted profile', () => {
    expect(esimDisplayState('enabled', ['active'], true)).toBe('Refunded');
    expect(esimDisplayState('released', ['revoked'], true)).toBe('Refunded');
    expect(esimDisplayState('deleted', [], true)).toBe('Refunded');
    expect(esimDisplayState('enabled', ['active'], false)).toBe('Active');
  });

  it('archives Expired, Archived and Refunded, and sells top-ups to Active only', () => {
    const states = ['Active', 'Pending', 'Ready', 'Expired', 'Archived', 'Assigned', 'Refunded'] as const;
    expect(states.filter((s) => isArchived(s))).toEqual(['Expired', 'Archived', 'Refunded']);
    expect(states.filter((s) => canTopUp(s))).toEqual(['Active']);
  });
});

describe('bundleUsage', () => {
  it('derives used bytes and a whole percent from the allowance and the remainder', () => {
    expect(bundleUsage({ unlimited: false, initialBytes: 1_000, remainingBytes: 333, usedBytes: 0 })).toEqual({
      unlimited: false,
      totalBytes: 1_000,
      usedBytes: 667,
      remainingBytes: 333,
      percentUsed: 67,
    });
  });

  it('clamps a remainder outside 0..allowance and reports unlimited bundles by bytes used only', () => {
    expect(bundleUsage({ unlimited: false, initialBytes: 100, remainingBytes: -5, usedBytes: 0 }).percentUsed).toBe(
      100,
    );
    expect(bundleUsage({ unlimited: false, initialBytes: 100, remainingBytes: 500, usedBytes: 0 }).percentUsed).toBe(0);
    expect(bundleUsage({ unlimited: true, initialBytes: null, remainingBytes: null, usedBytes: 42 })).toEqual({
      unlimited: true,
      totalBytes: null,
      usedBytes: 42,
      remainingBytes: null,
      percentUsed: null,
    });
  });
});

describe('headlineBundle', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  it('prefers the running bundle, then the one that ended last, then the first waiting', () => {
    const main = { id: 1, state: 'expired', endsAt: at(5) };
    const topup = { id: 2, state: 'depleted', endsAt: at(9) };
    const next = { id: 3, state: 'queued', endsAt: null };
    expect(headlineBundle([main, { ...topup, state: 'active' }, next])?.id).toBe(2);
    expect(headlineBundle([main, topup, next])?.id).toBe(2);
    expect(headlineBundle([next, { ...next, id: 4 }])?.id).toBe(3);
    expect(headlineBundle([])).toBeUndefined();
  });
});

describe('bestSpeed', () => {
  it('names the best generation listed', () => {
    expect(bestSpeed(['3G', '4G', '5G', 'LTE'])).toBe('5G');
    expect(bestSpeed(['3G', 'lte'])).toBe('LTE');
    expect(bestSpeed([])).toBe('4G');
  });
});

describe('matchAssignments', () => {
  const assignment = (id: string, bundle: string, day: number): BundleAssignment => ({
    id,
    bundle,
    state: 'queued',
    unlimited: false,
    initialBytes: 1,
    remainingBytes: 1,
    usedBytes: 0,
    assignedAt: new Date(Date.UTC(2026, 0, day)),
    startedAt: null,
    endsAt: null,
  });

  it('links known ids first, then unlinked rows by bundle name in order, and returns what no row claims', () => {
    const a1 = assignment('A1', 'esim_1GB_7D_TR_V2', 1);
    const a2 = assignment('A2', 'esim_3GB_15D_TR_V2', 2);
    const a3 = assignment('A3', 'esim_1GB_7D_TR_V2', 3);
    const extra = assignment('A4', 'esim_5GB_30D_TR_V2', 4);
    const rows = [
      { id: 10, providerAssignmentId: null, apiBundleName: 'esim_1GB_7D_TR_V2' },
      { id: 11, providerAssignmentId: 'A2', apiBundleName: 'esim_3GB_15D_TR_V2' },
      { id: 12, providerAssignmentId: null, apiBundleName: 'esim_1GB_7D_TR_V2' },
      { id: 13, providerAssignmentId: null, apiBundleName: 'esim_10GB_30D_TR_V2' },
    ];
    const { updates, unmatched } = matchAssignments(rows, [a1, a2, a3, extra]);
    expect(updates.map((u) => [u.rowId, u.assignment.id])).toEqual([
      [11, 'A2'],
      [10, 'A1'],
      [12, 'A3'],
    ]);
    expect(unmatched.map((a) => a.id)).toEqual(['A4']);
  });
});
