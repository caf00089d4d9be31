import type { Page } from 'playwright-core';

/** Everything the app keeps in the browser: Web Storage, IndexedDB and the Cache Storage. */
export interface KeptOnDevice {
  readonly localStorage: Readonly<Record<string, string>>;
  readonly sessionStorage: Readonly<Record<string, string>>;
  /** Every record of every object store, as `database/store/key` → JSON. */
  readonly indexedDB: Readonly<Record<string, string>>;
  /** The URL of every answer in every cache, as `cache url`. */
  readonly caches: readonly string[];
}

/** What the device holds for the page's origin now. */
export function keptOnDevice(page: Page): Promise<KeptOnDevice> {
  return page.evaluate(async () => {
    const storage = (area: Storage) => {
      const entries: Record<string, string> = {};
      for (let i = 0; i < area.length; i++) {
        const key = area.key(i);
        if (key !== null) entries[key] = area.getItem(key) ?? '';
      }
      return entries;
    };
    const request = <T>(asked: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        asked.onsuccess = () => resolve(asked.result);
        asked.onerror = () => reject(asked.error);
      });
    const records: Record<string, string> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        const read = db.transaction(store, 'readonly').objectStore(store);
        const [keys, values] = await Promise.all([
          request(read.getAllKeys()),
          request(read.getAll()),
        ]);
        keys.forEach((key, at) => {
          records[`${name}/${store}/${String(key)}`] = JSON.stringify(values[at]);
        });
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const answer of await cache.keys()) cached.push(`${name} ${answer.url}`);
    }
    return {
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      indexedDB: records,
      caches: cached,
    };
  });
}

/**
 * Waits until the app's service worker is active (its precache complete), and returns whether
 * it controls the page (only pages loaded after it activated are).
 */
export function serviceWorkerReady(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** The record the app keeps under `key` in its device copy (state/device-copy.ts), as JSON. */
export async function deviceCopy(page: Page, key: 'quotes' | 'account') {
  const { indexedDB } = await keptOnDevice(page);
  return indexedDB[`pipstream/device-copy/${key}`];
}
