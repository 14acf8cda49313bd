/**
 * The last successfully loaded catalogue (destination list and each destination's plans), kept in
 * the browser so that a failed load can still show plans with the fallback notice 'Showing
 * sample plans while we update our database' (`docs/product-rules.md#storefront-pages`).
 *
 * Each response is one storage entry (`esim.catalogue.v1:<query key>`), listed in an index
 * (`esim.catalogue.v1`) with its size and save time. Entries larger than
 * {@link CatalogueStoreLimits.maxEntryChars} are not kept (the general list of every plan is
 * megabytes); the oldest entries go first when the total passes `maxTotalChars` or the count
 * passes `maxEntries`. Storage that is missing, full or forbidden (private mode) only means
 * nothing is remembered: no function here throws.
 */

import type { Country, Product } from '@esim/contract/catalog';

/** The part of the Web Storage API the store uses (`localStorage`, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Size limits, in UTF-16 characters (what `localStorage` quotas count). */
export interface CatalogueStoreLimits {
  /** Largest single response kept. */
  maxEntryChars: number;
  /** All entries together. */
  maxTotalChars: number;
  /** Number of responses kept. */
  maxEntries: number;
}

/**
 * Defaults: a destination's plans are about 10 000 characters and the destination list about
 * 55 000, so a handful of recent destinations fit well inside the browser's 5 MB origin quota,
 * which the store shares with the session id and the rest of the app.
 */
export const DEFAULT_CATALOGUE_LIMITS: CatalogueStoreLimits = {
  maxEntryChars: 200_000,
  maxTotalChars: 600_000,
  maxEntries: 12,
};

/** Bumped when the stored shape changes: older entries are then ignored. */
const PREFIX = 'esim.catalogue.v1';
const INDEX_KEY = PREFIX;

interface IndexEntry {
  /** The query key, serialised (`["/api/products",{"country":"TR"}]`). */
  key: string;
  /** Characters of the stored JSON. */
  chars: number;
  /** `Date.now()` when saved (ms). */
  savedAt: number;
}

/** What {@link CatalogueStore.recall} gives: the data and when it was saved (ms since the epoch). */
export interface RecalledCatalogue<T> {
  data: T;
  savedAt: number;
}

export interface CatalogueStore {
  /** Keeps `data` as the last known answer of `key` (a serialised query key). Returns whether it was kept. */
  remember(key: string, data: unknown): boolean;
  /** The last known answer of `key` that passes `isValid`, or `undefined`. */
  recall<T>(key: string, isValid: (data: unknown) => data is T): RecalledCatalogue<T> | undefined;
}

function entryKey(key: string): string {
  return `${PREFIX}:${key}`;
}

function readIndex(storage: KeyValueStorage): IndexEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is IndexEntry =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as IndexEntry).key === 'string' &&
        typeof (e as IndexEntry).chars === 'number' &&
        typeof (e as IndexEntry).savedAt === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * A store over `storage` with `limits`; `now` gives the save time (ms).
 */
export function createCatalogueStore(
  storage: KeyValueStorage,
  limits: CatalogueStoreLimits = DEFAULT_CATALOGUE_LIMITS,
  now: () => number = Date.now,
): CatalogueStore {
  return {
    remember(key, data) {
      try {
        const json = JSON.stringify(data);
        if (json === undefined || json.length > limits.maxEntryChars) return false;
        // Newest first; the entry being saved replaces its older copy.
        const index = [{ key, chars: json.length, savedAt: now() }, ...readIndex(storage).filter((e) => e.key !== key)];
        let total = 0;
        const kept: IndexEntry[] = [];
        for (const entry of index) {
          if (kept.length < limits.maxEntries && total + entry.chars <= limits.maxTotalChars) {
            kept.push(entry);
            total += entry.chars;
          } else {
            storage.removeItem(entryKey(entry.key));
          }
        }
        storage.setItem(entryKey(key), json);
        storage.setItem(INDEX_KEY, JSON.stringify(kept));
        return true;
      } catch {
        // Quota exceeded or storage forbidden: drop this entry so that index and entries agree.
        try {
          storage.removeItem(entryKey(key));
          storage.setItem(INDEX_KEY, JSON.stringify(readIndex(storage).filter((e) => e.key !== key)));
        } catch {
          // Nothing more to do without storage.
        }
        return false;
      }
    },
    recall(key, isValid) {
      try {
        const entry = readIndex(storage).find((e) => e.key === key);
        const json = entry ? storage.getItem(entryKey(key)) : null;
        if (!entry || json === null) return undefined;
        const data: unknown = JSON.parse(json);
        return isValid(data) ? { data, savedAt: entry.savedAt } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The browser's store over `localStorage`; `null` where there is none (server rendering, storage disabled). */
export function browserCatalogueStore(): CatalogueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : createCatalogueStore(localStorage);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether stored data still looks like a destination list (`Country[]`): the fields the pages read
 * first. A full schema check would pull zod into the catalogue's JavaScript for a rare path.
 */
export function isCountryList(data: unknown): data is Country[] {
  return (
    Array.isArray(data) &&
    data.every(
      (c) =>
        isRecord(c) &&
        typeof c.code === 'string' &&
        typeof c.slug === 'string' &&
        typeof c.type === 'string' &&
        isRecord(c.names) &&
        typeof c.planCount === 'number',
    )
  );
}

/** Whether stored data still looks like a plan list (`Product[]`); see {@link isCountryList}. */
export function isProductList(data: unknown): data is Product[] {
  return (
    Array.isArray(data) &&
    data.every(
      (p) =>
        isRecord(p) &&
        typeof p.productId === 'number' &&
        typeof p.priceCents === 'number' &&
        typeof p.countryCode === 'string' &&
        isRecord(p.features) &&
        typeof p.features.bundleType === 'string' &&
        typeof p.features.type === 'string',
    )
  );
}
