import { describe, expect, it } from 'vitest';
import { MAX_TRAILING_STOPS, readStoredTrailingStops, trailingChoiceSchema } from './trailing.js';

const kept = { uid: 'u1', orderId: 7, distancePips: 20, stepPips: 5, setAt: 1 };

describe('trailingChoiceSchema', () => {
  it('takes a distance of 1 to 1000 pips and a step of 0.1 to 1000, to a tenth', () => {
    expect(trailingChoiceSchema.safeParse({ distancePips: 1, stepPips: 0.1 }).success).toBe(true);
    expect(trailingChoiceSchema.safeParse({ distancePips: 12.5, stepPips: 1000 }).success).toBe(
      true,
    );
    for (const bad of [
      { distancePips: 0.9, stepPips: 1 },
      { distancePips: 1001, stepPips: 1 },
      { distancePips: 10, stepPips: 0 },
      { distancePips: 10, stepPips: -1 },
      { distancePips: 10.05, stepPips: 1 },
      { distancePips: Number.NaN, stepPips: 1 },
    ]) {
      expect(trailingChoiceSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('readStoredTrailingStops', () => {
  it('drops broken and repeated entries, never the whole list', () => {
    const read = readStoredTrailingStops([
      kept,
      { ...kept, distancePips: -3 },
      'junk',
      { ...kept, stepPips: 9 },
      { ...kept, uid: 'u2' },
    ]);
    expect(read).toEqual([kept, { ...kept, uid: 'u2' }]);
  });

  it('reads anything that is not a list as none, and keeps at most the cap', () => {
    expect(readStoredTrailingStops({ 7: kept })).toEqual([]);
    const many = Array.from({ length: MAX_TRAILING_STOPS + 5 }, (_, index) => ({
      ...kept,
      orderId: index + 1,
    }));
    expect(readStoredTrailingStops(many)).toHaveLength(MAX_TRAILING_STOPS);
  });
});
