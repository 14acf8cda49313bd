import { describe, expect, it } from 'vitest';
import { toPortalOrder } from './portal-view.ts';

describe('toPortalOrder', () => {
  it('sends each line’s naming facts, tier included, for the portal to name in the reader’s language', () => {
    const order = toPortalOrder({
      orderNumber: 'ORD-ABC123',
      kind: 'order',
      status: 'completed',
      totalCents: 1798,
      createdAt: new Date('2026-11-24T10:00:00Z'),
      lines: [
        {
          name: 'Japan Unlimited Plus 1 Days [unlimited]',
          quantity: 2,
          countryCode: 'JP',
          dataAmount: 'Unlimited',
          validityDays: 1,
          tier: 'unlimited_plus',
        },
      ],
    });
    expect(order.items).toEqual([
      { quantity: 2, countryCode: 'JP', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited_plus' },
    ]);
    // The English wording stays for support; travellers never see it.
    expect(order.description).toBe('2 × Japan Unlimited Plus 1 Days [unlimited]');
  });
});
