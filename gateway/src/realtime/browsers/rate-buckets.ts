import { TokenBucket } from 'limiter';

/** A token bucket's shape: `burst` at once, then `perSecond` on average. */
export interface BucketRate {
  readonly burst: number;
  readonly perSecond: number;
}

/** How often buckets back to full are forgotten (they equal a new one). */
const SWEEP_MS = 10_000;

/** A bucket of `rate`, full: limiter's start empty, and a newcomer has done nothing yet. */
export function fullBucket(rate: BucketRate): TokenBucket {
  const bucket = new TokenBucket({
    bucketSize: rate.burst,
    tokensPerInterval: rate.perSecond,
    interval: 'second',
  });
  bucket.content = rate.burst;
  return bucket;
}

/**
 * Token buckets by key — an address — each created full when the key is first seen. A bucket
 * that has filled up again is forgotten on the next sweep, so the map holds only addresses that
 * spent tokens lately, however many addresses come and go.
 */
export function createKeyedBuckets(rate: BucketRate) {
  const buckets = new Map<string, TokenBucket>();
  let sweptAt = performance.now();

  function sweep(now: number) {
    if (now - sweptAt < SWEEP_MS) return;
    sweptAt = now;
    for (const [key, bucket] of buckets) {
      bucket.drip();
      if (bucket.content >= bucket.bucketSize) buckets.delete(key);
    }
  }

  function bucketOf(key: string): TokenBucket {
    sweep(performance.now());
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = fullBucket(rate);
      buckets.set(key, bucket);
    }
    return bucket;
  }

  return {
    /** Takes one token of `key`'s bucket; false when it is empty. */
    take(key: string): boolean {
      return bucketOf(key).tryRemoveTokens(1);
    },

    /** Puts one token back in `key`'s bucket, if it has one that is not full. */
    give(key: string): void {
      const bucket = buckets.get(key);
      if (!bucket) return;
      bucket.drip();
      bucket.content = Math.min(bucket.bucketSize, bucket.content + 1);
    },

    /**
     * Takes one token from `own` and one from `key`'s bucket, or none when either is empty — a
     * socket's own allowance within its address's — and says which one was empty, if any.
     */
    takeWithin(own: TokenBucket, key: string): 'own' | 'shared' | undefined {
      own.drip();
      if (own.content < 1) return 'own';
      // Set on every call: a swept address bucket is replaced by a new one.
      own.parentBucket = bucketOf(key);
      return own.tryRemoveTokens(1) ? undefined : 'shared';
    },

    /** Addresses with a bucket now. */
    get size(): number {
      return buckets.size;
    },
  };
}

export type KeyedBuckets = ReturnType<typeof createKeyedBuckets>;
