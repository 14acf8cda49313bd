import { describe, expect, it } from 'vitest';
import { type KeyValueStorage, createCatalogueStore, isCountryList, isProductList } from './last-known-catalogue.ts';

/** An in-memory `localStorage`; `quota` (characters of keys and values) makes `setItem` throw like a full one. */
function memoryStorage(quota = Infinity): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      const before = map.get(k);
      map.set(k, v);
      if (used() > quota) {
        if (before === undefined) map.delete(k);
        else map.set(k, before);
        throw new DOMException('full', 'QuotaExceededError');
      }
    },
    removeItem: (k) => void map.delete(k),
  };
}

const plans = (n: number, country = 'TR') =>
  Array.from({ length: n }, (_, i) => ({
    productId: i + 1,
    priceCents: 399,
    countryCode: country,
    features: { bundleType: 'prepaid', type: 'local' },
  }));

const limits = { maxEntryChars: 2_000, maxTotalChars: 5_000, maxEntries: 3 };

describe('last known catalogue store', () => {
  it('gives back what it kept, with the save time', () => {
    const store = createCatalogueStore(memoryStorage(), limits, () => 42);
    expect(store.remember('["/api/products",{"country":"TR"}]', plans(2))).toBe(true);
    expect(store.recall('["/api/products",{"country":"TR"}]', isProductList)).toEqual({ data: plans(2), savedAt: 42 });
    expect(store.recall('["/api/products",{"country":"JP"}]', isProductList)).toBeUndefined();
  });

  it('replaces an older answer of the same key', () => {
    const storage = memoryStorage();
    const store = createCatalogueStore(storage, limits);
    store.remember('k', plans(1));
    store.remember('k', plans(3));
    expect(store.recall('k', isProductList)?.data).toHaveLength(3);
    expect(JSON.parse(storage.map.get('esim.catalogue.v1')!)).toHaveLength(1);
  });

  it('does not keep an answer over the entry limit', () => {
    const store = createCatalogueStore(memoryStorage(), limits);
    expect(store.remember('big', plans(100))).toBe(false);
    expect(store.recall('big', isProductList)).toBeUndefined();
  });

  it('drops the oldest answers past the count or total size', () => {
    const storage = memoryStorage();
    let clock = 0;
    const store = createCatalogueStore(storage, limits, () => ++clock);
    for (const key of ['a', 'b', 'c', 'd']) store.remember(key, plans(2));
    expect(store.recall('a', isProductList)).toBeUndefined();
    expect(storage.map.has('esim.catalogue.v1:a')).toBe(false);
    expect(store.recall('d', isProductList)?.data).toHaveLength(2);

    const total = createCatalogueStore(memoryStorage(), { ...limits, maxEntries: 10 }, () => ++clock);
    const size = JSON.stringify(plans(10)).length; // about 1 100 characters: four fit in 5 000
    expect(size).toBeLessThan(limits.maxEntryChars);
    for (const key of ['a', 'b', 'c', 'd', 'e']) total.remember(key, plans(10));
    expect(total.recall('a', isProductList)).toBeUndefined();
    expect(total.recall('e', isProductList)).toBeDefined();
  });

  it('never throws when storage is full or forbidden, and stays consistent', () => {
    const full = memoryStorage(300);
    const store = createCatalogueStore(full, limits);
    expect(store.remember('k', plans(5))).toBe(false);
    expect(store.recall('k', isProductList)).toBeUndefined();

    const forbidden: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const none = createCatalogueStore(forbidden, limits);
    expect(none.remember('k', plans(1))).toBe(false);
    expect(none.recall('k', isProductList)).toBeUndefined();
  });

  it('ignores damaged or foreign data', () => {
    const storage = memoryStorage();
    const store = createCatalogueStore(storage, limits);
    store.remember('k', plans(1));
    storage.map.set('esim.catalogue.v1:k', '{not json');
    expect(store.recall('k', isProductList)).toBeUndefined();
    store.remember('c', [{ code: 'TR' }]);
    expect(store.recall('c', isCountryList)).toBeUndefined();
    storage.map.set('esim.catalogue.v1', '"nonsense"');
    expect(store.recall('k', isProductList)).toBeUndefined();
  });
});

describe('stored shape checks', () => {
  it('accepts destination and plan lists and refuses anything else', () => {
    const country = { code: 'TR', slug: 'turkey', type: 'local', names: { en: 'Turkey' }, planCount: 3 };
    expect(isCountryList([country])).toBe(true);
    expect(isCountryList([{ ...country, names: null }])).toBe(false);
    expect(isCountryList({})).toBe(false);
    expect(isProductList(plans(2))).toBe(true);
    expect(isProductList([{ productId: '1' }])).toBe(false);
  });
});
