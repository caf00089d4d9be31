import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, fullJitterDelay, loginRetryDelay } from './socket-backoff.js';

const backoff = { baseMs: 100, maxMs: 1000 };

describe('fullJitterDelay', () => {
  it('scales random() over [0, min(max, base·2^attempt))', () => {
    // Ceilings: 100, 200, 400, 800, then capped at 1000.
    const ceilings = [100, 200, 400, 800, 1000, 1000, 1000];
    ceilings.forEach((ceiling, attempt) => {
      expect(fullJitterDelay(attempt, backoff, () => 0)).toBe(0);
      expect(fullJitterDelay(attempt, backoff, () => 0.5)).toBe(ceiling / 2);
      expect(fullJitterDelay(attempt, backoff, () => 0.999_999)).toBe(ceiling - 1);
    });
  });

  it('stays within the bound for many random draws', () => {
    let seed = 7;
    // A small deterministic LCG, so a failure is reproducible.
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let attempt = 0; attempt < 20; attempt++) {
      const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
      for (let i = 0; i < 200; i++) {
        const delay = fullJitterDelay(attempt, backoff, random);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('stays capped for huge attempt counts instead of overflowing', () => {
    expect(fullJitterDelay(5000, backoff, () => 0.5)).toBe(500);
    expect(fullJitterDelay(5000, DEFAULT_BACKOFF, () => 0.5)).toBe(DEFAULT_BACKOFF.maxMs / 2);
  });

  it('defaults to Math.random', () => {
    const delays = Array.from({ length: 50 }, () => fullJitterDelay(3, backoff));
    for (const delay of delays) expect(delay).toBeLessThan(800);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });
});

describe('loginRetryDelay', () => {
  it('waits at least min(max, base·2^attempt), at most half as long again', () => {
    const retry = { baseMs: 10_000, maxMs: 60_000 };
    const waits = [10_000, 20_000, 40_000, 60_000, 60_000];
    waits.forEach((wait, attempt) => {
      expect(loginRetryDelay(attempt, retry, () => 0)).toBe(wait);
      expect(loginRetryDelay(attempt, retry, () => 0.999_999)).toBe(Math.floor(wait * 1.5) - 1);
    });
  });
});
