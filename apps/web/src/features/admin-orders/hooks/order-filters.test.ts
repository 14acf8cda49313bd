import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, isFiltered, readFilters, toggleStatus, writeFilters } from './order-filters.ts';

describe('order list filters in the address', () => {
  it('round-trips a view through the query string', () => {
    const view = {
      ...DEFAULT_FILTERS,
      status: ['pending' as const, 'completed' as const],
      kind: 'topup' as const,
      method: 'paypal' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      country: 'TR',
      q: 'ada@',
      sort: 'total_desc' as const,
    };
    expect(readFilters(writeFilters(view))).toEqual(view);
    expect(writeFilters(DEFAULT_FILTERS)).toBe('');
  });

  it('drops what the API would refuse and keeps the order of ORDER_STATUSES', () => {
    expect(
      readFilters(
        'status=completed,lost&status=pending&kind=gift&method=cash&from=yesterday&to=2026-1-1&country=<x>&sort=random',
      ),
    ).toEqual({
      ...DEFAULT_FILTERS,
      status: ['pending', 'completed'],
    });
    expect(readFilters(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });

  it('toggles statuses and says when the view is filtered', () => {
    const one = toggleStatus(DEFAULT_FILTERS, 'refunded');
    expect(toggleStatus(one, 'pending').status).toEqual(['pending', 'refunded']);
    expect(toggleStatus(one, 'refunded').status).toEqual([]);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'oldest' })).toBe(false);
    expect(isFiltered(one)).toBe(true);
  });
});
