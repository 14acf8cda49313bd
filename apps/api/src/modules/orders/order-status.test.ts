import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { describe, expect, it } from 'vitest';
import {
  ORDER_TRANSITIONS,
  InvalidTransitionError,
  assertTransition,
  canTransition,
  nextStatuses,
  orderStatusesResponse,
} from './order-status.ts';

describe('the order status table', () => {
  it('has a row for every status of the contract, and only those statuses', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const to of targets) expect(ORDER_STATUSES).toContain(to);
    }
  });

  it.each<[OrderStatus | null, OrderStatus]>([
    [null, 'pending'],
    ['pending', 'processing'],
    ['pending', 'cancelled'],
    ['processing', 'completed'],
    ['processing', 'cancelled'],
    ['completed', 'refunded'],
  ])('allows %s -> %s (fulfilment and refunds)', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each<[OrderStatus | null, OrderStatus]>([
    [null, 'processing'],
    ['pending', 'completed'],
    ['pending', 'refunded'],
    ['processing', 'pending'],
    ['completed', 'processing'],
    ['completed', 'cancelled'],
    ['cancelled', 'processing'],
    ['cancelled', 'pending'],
    ['refunded', 'completed'],
    ['processing', 'processing'],
  ])('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
  });

  it('treats cancelled and refunded as final', () => {
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it('refuses a stored status that is not in the list', () => {
    expect(() => assertTransition('lost', 'completed')).toThrow(InvalidTransitionError);
  });
});

describe('every pair of statuses', () => {
  /** The table as a reviewer reads it: `from -> to` pairs allowed, everything else refused. */
  const ALLOWED = new Set([
    'pending->created',
    'pending->processing',
    'pending->cancelled',
    'created->processing',
    'created->cancelled',
    'processing->processed',
    'processing->shipped',
    'processing->completed',
    'processing->cancelled',
    'processing->refunded',
    'processed->shipped',
    'processed->completed',
    'processed->cancelled',
    'processed->refunded',
    'shipped->completed',
    'shipped->cancelled',
    'shipped->refunded',
    'completed->refunded',
  ]);
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s follows the table', (from, to) => {
    const allowed = ALLOWED.has(`${from}->${to}`);
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) expect(() => assertTransition(from, to)).not.toThrow();
    else expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
  });

  it('lets a paid order be refunded, and never an unpaid one', () => {
    for (const paid of ['processing', 'processed', 'shipped', 'completed'] as const)
      expect(canTransition(paid, 'refunded')).toBe(true);
    for (const unpaid of ['pending', 'created'] as const) expect(canTransition(unpaid, 'refunded')).toBe(false);
  });

  it('serves the table with the labels of the five languages (GET /api/order-statuses)', () => {
    const { statuses } = orderStatusesResponse();
    expect(statuses.map((s) => s.status)).toEqual([...ORDER_STATUSES]);
    for (const s of statuses) {
      expect(s.next).toEqual(ORDER_TRANSITIONS[s.status]);
      expect(s.final).toBe(ORDER_TRANSITIONS[s.status].length === 0);
      expect(Object.keys(s.labels)).toEqual(['en', 'tr', 'es', 'fr', 'de']);
      expect(nextStatuses(s.status)).toEqual(s.next);
    }
    expect(nextStatuses('lost')).toEqual([]);
  });
});
