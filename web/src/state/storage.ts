/** The part of Web Storage the stores use; tests pass a Map-backed stand-in. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The page's `localStorage`, or `undefined` where there is none (Node, a Web Worker) or where
 * the browser refuses it (private modes that throw on access): the app then simply forgets.
 */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reads and parses one JSON entry; anything unreadable reads as `undefined`. */
export function readJson(storage: KeyValueStorage | undefined, key: string): unknown {
  const text = safely(() => storage?.getItem(key));
  if (text == null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes one entry as JSON, or removes it for `null`/`undefined`. Quota errors are ignored. */
export function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  safely(() => {
    if (value == null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  });
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    // A full or disabled storage must never break the app: the value is just not kept.
    return undefined;
  }
}
