import { describe, expect, it } from 'vitest';
import { clearPortalToken, initialPortalToken, loadPortalToken, savePortalToken } from './portal-token.ts';

function fakeStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('portal token storage', () => {
  it('keeps, reads and forgets the token', () => {
    const store = fakeStore();
    expect(loadPortalToken(store)).toBeNull();
    savePortalToken('tok-1', store);
    expect(loadPortalToken(store)).toBe('tok-1');
    clearPortalToken(store);
    expect(loadPortalToken(store)).toBeNull();
  });

  it('starts from the fragment first, then from the tab', () => {
    const store = fakeStore();
    savePortalToken('stored', store);
    expect(initialPortalToken('#token=from-link', store)).toBe('from-link');
    expect(initialPortalToken('', store)).toBe('stored');
    expect(initialPortalToken('#token=', store)).toBe('stored');
    expect(initialPortalToken('', fakeStore())).toBeNull();
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
