import { describe, expect, it } from 'vitest';
import { split } from './load-pool.js';

describe('split', () => {
  it('shares items in order among the parts, sizes differing by one at most', () => {
    const parts = split([1, 2, 3, 4, 5], 2);
    expect(parts).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(split(Array.from({ length: 5000 }), 3).map((p) => p.length)).toEqual([1666, 1667, 1667]);
  });

  it('gives empty parts when there are fewer items than parts', () => {
    expect(split(['a'], 2)).toEqual([[], ['a']]);
  });
});
