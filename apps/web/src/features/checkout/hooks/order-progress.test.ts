import { describe, expect, it } from 'vitest';
import { ORDER_POLL_LIMIT_MS, ORDER_POLL_MS, isPreparing, pollDelay } from './order-progress.ts';

const esim = {
  iccid: '8944',
  status: 'ready',
  smdpAddress: 's',
  matchingId: 'm',
  activationCode: 'LPA:1$s$m',
  lineId: 1,
  productName: 'p',
};

describe('order progress', () => {
  it('prepares while pending or processing and while a paid order has no eSIMs yet', () => {
    expect(isPreparing({ status: 'pending', paymentStatus: 'succeeded', esims: [] })).toBe(true);
    expect(isPreparing({ status: 'processing', paymentStatus: 'succeeded', esims: [esim] })).toBe(true);
    expect(isPreparing({ status: 'processed', paymentStatus: 'succeeded', esims: [] })).toBe(true);
    expect(isPreparing({ status: 'completed', paymentStatus: 'succeeded', esims: [esim] })).toBe(false);
  });

  it('stops for cancelled, refunded or unpaid orders', () => {
    expect(isPreparing({ status: 'cancelled', paymentStatus: 'succeeded', esims: [] })).toBe(false);
    expect(isPreparing({ status: 'refunded', paymentStatus: 'succeeded', esims: [] })).toBe(false);
    expect(isPreparing({ status: 'pending', paymentStatus: 'failed', esims: [] })).toBe(false);
    expect(isPreparing({ status: 'pending', paymentStatus: 'cancelled', esims: [] })).toBe(false);
    expect(isPreparing({ status: 'pending', paymentStatus: 'requires_approval', esims: [] })).toBe(false);
  });

  it('polls every 1.5 s for at most 60 s', () => {
    const order = { status: 'processing' as const, paymentStatus: 'succeeded' as const, esims: [] };
    expect(pollDelay(order, 0)).toBe(ORDER_POLL_MS);
    expect(pollDelay(order, ORDER_POLL_LIMIT_MS - 1)).toBe(ORDER_POLL_MS);
    expect(pollDelay(order, ORDER_POLL_LIMIT_MS)).toBe(false);
    expect(pollDelay(undefined, 0)).toBe(false);
  });
});
