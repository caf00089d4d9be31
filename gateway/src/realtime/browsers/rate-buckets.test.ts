import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyedBuckets, fullBucket } from './rate-buckets.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createKeyedBuckets', () => {
  it('gives each key a full bucket, refilled at its rate', () => {
    const buckets = createKeyedBuckets({ burst: 3, perSecond: 2 });
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    expect(buckets.take('b')).toBe(true);
    vi.advanceTimersByTime(500);
    expect([buckets.take('a'), buckets.take('a')]).toEqual([true, false]);
  });

  it('forgets the buckets that filled up again, and only those', () => {
    const buckets = createKeyedBuckets({ burst: 2, perSecond: 0.1 });
    buckets.take('calm');
    buckets.take('busy');
    buckets.take('busy');
    vi.advanceTimersByTime(10_000);
    buckets.take('new');
    // 'calm' refilled its one token in 10 s and is gone; 'busy' still owes one.
    expect(buckets.size).toBe(2);
    expect(buckets.take('busy')).toBe(true);
    expect(buckets.take('busy')).toBe(false);
  });

  it("takes from a socket's own bucket within its address's, and names the empty one", () => {
    const buckets = createKeyedBuckets({ burst: 3, perSecond: 0.001 });
    const first = fullBucket({ burst: 2, perSecond: 0.001 });
    const second = fullBucket({ burst: 2, perSecond: 0.001 });
    expect(buckets.takeWithin(first, 'ip')).toBeUndefined();
    expect(buckets.takeWithin(first, 'ip')).toBeUndefined();
    expect(buckets.takeWithin(first, 'ip')).toBe('own');
    expect(buckets.takeWithin(second, 'ip')).toBeUndefined();
    // The address's third token is spent: the second socket's own are of no use.
    expect(buckets.takeWithin(second, 'ip')).toBe('shared');
    expect(second.content).toBeCloseTo(1, 3);
  });
});
