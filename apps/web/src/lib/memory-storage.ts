/** A `Storage`-like store in memory, with its map exposed for inspection. */
export interface MemoryStorage {
  data: Map<string, string>;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A store kept in this page's memory: where the browser's storage is unavailable (private modes,
 * storage disabled) it stands in for a tab's lifetime, and tests give it to the code under test.
 */
export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
