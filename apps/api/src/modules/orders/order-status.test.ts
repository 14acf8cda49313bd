import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, InvalidTransitionError, assertTransition, canTransition } from './order-status.ts';

describe('the order status table', () => {
  it('has a row for every status of the specification, and only those statuses', () => {
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
