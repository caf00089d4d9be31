/**
 * For unit tests: a device store (the shape of state/storage.ts's KeyValueStorage) in memory,
 * starting from `initial`, its entries open to the test.
 */
export function memoryStorage(initial: Readonly<Record<string, string>> = {}) {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}
