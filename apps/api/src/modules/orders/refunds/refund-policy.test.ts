import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  bundleAction,
  daysSincePurchase,
  esimActivation,
  overridable,
  policyReasons,
} from './refund-policy.ts';

const at = (iso: string) => new Date(iso);
const queued = { bundle: 'esim_1GB_7D_TR_V2', state: 'queued' as const, startedAt: null, usedBytes: 0 };

describe('refund policy (docs/product-rules.md#refunds)', () => {
  it('counts whole days since purchase; the full refund covers days 0 to 29', () => {
    const bought = at('2026-01-01T12:00:00Z');
    expect(daysSincePurchase(bought, at('2026-01-01T11:00:00Z'))).toBe(0);
    expect(daysSincePurchase(bought, new Date(bought.getTime() + 30 * DAY_MS - 1))).toBe(29);
    expect(daysSincePurchase(bought, new Date(bought.getTime() + 30 * DAY_MS))).toBe(30);
    expect(policyReasons({ kind: 'order', days: 29, esims: [] })).toEqual([]);
    expect(policyReasons({ kind: 'order', days: 30, esims: [] })).toMatchObject([
      { code: 'window_passed', message: expect.stringContaining('30 days ago') },
    ]);
  });

  it('calls an eSIM activated once its profile left released, it was first used, or a bundle started', () => {
    expect(esimActivation({ profileState: 'released', firstUsedAt: null }, [queued])).toEqual({
      activated: false,
      why: [],
    });
    expect(esimActivation({ profileState: 'installed', firstUsedAt: null }, [queued]).why).toEqual([
      'profile installed',
    ]);
    expect(esimActivation({ profileState: 'released', firstUsedAt: at('2026-01-02T00:00:00Z') }, []).why).toEqual([
      'first used 2026-01-02T00:00:00.000Z',
    ]);
    expect(
      esimActivation({ profileState: 'released', firstUsedAt: null }, [{ ...queued, usedBytes: 1 }]).activated,
    ).toBe(true);
    expect(esimActivation({ profileState: 'deleted', firstUsedAt: null }, []).activated).toBe(true);
  });

  it('cancels only bundles that have not started', () => {
    expect(bundleAction(queued)).toBe('cancel');
    expect(bundleAction({ ...queued, state: 'processing' })).toBe('cancel');
    expect(bundleAction({ ...queued, state: 'revoked' })).toBe('cancelled');
    for (const state of ['active', 'depleted', 'expired', 'lapsed'] as const)
      expect(bundleAction({ ...queued, state })).toBe('keep');
  });

  it('names activated and unreadable eSIMs; only policy reasons are overridable', () => {
    const reasons = policyReasons({
      kind: 'order',
      days: 3,
      esims: [
        { iccid: '1', activated: true, why: ['profile enabled'], error: null },
        { iccid: '2', activated: false, why: [], error: null },
        { iccid: '3', activated: null, why: [], error: 'timeout' },
      ],
    });
    expect(reasons).toEqual([
      { code: 'activated', message: 'No refund after activation: eSIM 1 (profile enabled).', iccids: ['1'] },
      { code: 'esim_state_unknown', message: expect.stringContaining('eSIM 3 (timeout)'), iccids: ['3'] },
    ]);
    expect(overridable(reasons)).toBe(true);
    expect(overridable([])).toBe(false);
    expect(overridable([...reasons, { code: 'already_refunded', message: '' }])).toBe(false);
  });
});
