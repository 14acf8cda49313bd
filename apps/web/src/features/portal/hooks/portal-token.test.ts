import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/api-client.ts';
import {
  clearPortalToken,
  forgetPortalToken,
  initialPortalToken,
  loadPortalToken,
  savePortalToken,
  tokenOfPortalQuery,
  tokenVerdict,
} from './portal-token.ts';
import { memoryStorage } from '../../../lib/memory-storage.ts';

describe('portal token storage', () => {
  it('keeps, reads and forgets the token', () => {
    const store = memoryStorage();
    expect(loadPortalToken(store)).toBeNull();
    savePortalToken('tok-1', store);
    expect(loadPortalToken(store)).toBe('tok-1');
    clearPortalToken(store);
    expect(loadPortalToken(store)).toBeNull();
  });

  it('starts from the fragment first, then from the tab', () => {
    const store = memoryStorage();
    savePortalToken('stored', store);
    expect(initialPortalToken('#token=from-link', store)).toBe('from-link');
    expect(initialPortalToken('', store)).toBe('stored');
    expect(initialPortalToken('#token=', store)).toBe('stored');
    expect(initialPortalToken('', memoryStorage())).toBeNull();
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
    expect(() => savePortalToken('t', broken)).not.toThrow();
    expect(() => clearPortalToken(broken)).not.toThrow();
    expect(loadPortalToken(broken)).toBeNull();
    expect(loadPortalToken(null)).toBeNull();
  });
});

describe('only an accepted token is remembered', () => {
  const refused = (code: string) =>
    new HttpError(401, JSON.stringify({ error: { code, message: 'm' } }), 'Unauthorized');

  it('forgets a refused token, and only that one', () => {
    const store = memoryStorage();
    savePortalToken('good', store);
    forgetPortalToken('wrong', store);
    expect(loadPortalToken(store)).toBe('good');
    forgetPortalToken('good', store);
    expect(loadPortalToken(store)).toBeNull();
    expect(() => forgetPortalToken('x', null)).not.toThrow();
  });

  it('names the token of a portal read from its query key, and none of an account or another API', () => {
    expect(tokenOfPortalQuery(['/api/portal', { token: 'tok' }])).toBe('tok');
    expect(tokenOfPortalQuery(['/api/portal/esims/8944500000000000001/topups', { token: 'tok' }, 'x'])).toBe('tok');
    expect(tokenOfPortalQuery(['/api/portal', { account: 7 }])).toBeNull();
    expect(tokenOfPortalQuery(['/api/orders/ORD-7K3F9Q2X4M', { accessToken: 'tok' }])).toBeNull();
    expect(tokenOfPortalQuery(['/api/cart', { token: 'tok' }])).toBeNull();
    expect(tokenOfPortalQuery([])).toBeNull();
  });

  it('accepts a token the store answered, rejects one it refused (401), and judges nothing else', () => {
    expect(tokenVerdict('success', null)).toBe('accepted');
    for (const code of ['invalid_token', 'token_expired', 'token_revoked']) {
      expect(tokenVerdict('error', refused(code))).toBe('rejected');
    }
    // Too many attempts, an eSIM of another order, a server or network failure: no verdict.
    expect(tokenVerdict('error', new HttpError(429, '', 'Too Many Requests'))).toBeNull();
    expect(tokenVerdict('error', new HttpError(404, '', 'Not Found'))).toBeNull();
    expect(tokenVerdict('error', new HttpError(500, '', 'Error'))).toBeNull();
    expect(tokenVerdict('error', new TypeError('Failed to fetch'))).toBeNull();
    expect(tokenVerdict('pending', null)).toBeNull();
  });
});
