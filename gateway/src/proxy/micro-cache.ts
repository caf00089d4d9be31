/** Something the cache can hold: it knows its own weight. */
export interface Sized {
  readonly bytes: number;
}

/** How a lookup was answered. */
export type CacheOutcome = 'hit' | 'coalesced' | 'miss';

export interface MicroCacheOptions<T> {
  /** How long a stored answer is served; 0 keeps nothing but still coalesces. */
  readonly ttlMs: number;
  /** Upper bound of the stored answers' total size; the oldest are evicted first. */
  readonly maxBytes: number;
  /** Whether an answer may be stored (failures are shared with the waiting callers only). */
  readonly storable: (value: T) => boolean;
  readonly now?: () => number;
}

export interface MicroCache<T extends Sized> {
  /**
   * The value for `key`: a fresh stored one, else the one being loaded right now (single-flight),
   * else the result of `load()`, which runs once for every caller that arrives meanwhile. A
   * failed load rejects those callers and is not stored.
   */
  get(key: string, load: () => Promise<T>): Promise<{ value: T; outcome: CacheOutcome }>;
  /** Stored entries (for tests and bounds checks). */
  readonly size: number;
  readonly bytes: number;
}

/**
 * A short-lived answer cache with single-flight, for the public GETs every client makes on open:
 * N identical concurrent requests cost one upstream request, and for `ttlMs` after it none.
 */
export function createMicroCache<T extends Sized>(options: MicroCacheOptions<T>): MicroCache<T> {
  const now = options.now ?? Date.now;
  // Map order is insertion order: the first entry is always the oldest.
  const stored = new Map<string, { value: T; expires: number }>();
  const inFlight = new Map<string, Promise<T>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = stored.get(key);
    if (!entry) return;
    stored.delete(key);
    bytes -= entry.value.bytes;
  };

  const store = (key: string, value: T) => {
    if (options.ttlMs <= 0 || value.bytes > options.maxBytes || !options.storable(value)) return;
    remove(key);
    for (const oldest of stored.keys()) {
      if (bytes + value.bytes <= options.maxBytes) break;
      remove(oldest);
    }
    stored.set(key, { value, expires: now() + options.ttlMs });
    bytes += value.bytes;
  };

  return {
    async get(key, load) {
      const entry = stored.get(key);
      if (entry && entry.expires > now()) return { value: entry.value, outcome: 'hit' };
      if (entry) remove(key);

      const pending = inFlight.get(key);
      if (pending) return { value: await pending, outcome: 'coalesced' };

      const flight = load().then(
        (value) => {
          inFlight.delete(key);
          store(key, value);
          return value;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, flight);
      return { value: await flight, outcome: 'miss' };
    },
    get size() {
      return stored.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
