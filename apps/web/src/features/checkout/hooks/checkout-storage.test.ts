import { describe, expect, it } from 'vitest';
import { forgetAccessToken, loadAccessToken, saveCheckout } from './checkout-storage.ts';
import { memoryStorage } from '../../../lib/memory-storage.ts';

describe('checkout storage', () => {
  it('remembers the access token per order number', () => {
    const store = memoryStorage();
    saveCheckout({ orderNumber: 'ORD-ABC123', accessToken: 'tok-1' }, store);
    expect(loadAccessToken('ORD-ABC123', store)).toBe('tok-1');
    expect(loadAccessToken('ORD-OTHER1', store)).toBeNull();
  });

  it('forgets a token the server refused, and only that one', () => {
    const store = memoryStorage();
    saveCheckout({ orderNumber: 'ORD-ABC123', accessToken: 'tok-1' }, store);
    forgetAccessToken('ORD-ABC123', 'tok-2', store);
    expect(loadAccessToken('ORD-ABC123', store)).toBe('tok-1');
    forgetAccessToken('ORD-ABC123', 'tok-1', store);
    expect(loadAccessToken('ORD-ABC123', store)).toBeNull();
  });

  it('survives storage that throws or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => forgetAccessToken('ORD-ABC123', 't', broken)).not.toThrow();
    expect(() => saveCheckout({ orderNumber: 'ORD-ABC123', accessToken: 't' }, broken)).not.toThrow();
    expect(loadAccessToken('ORD-ABC123', broken)).toBeNull();
    expect(loadAccessToken('ORD-ABC123', null)).toBeNull();
  });
});
