import { describe, expect, it } from 'vitest';
import { readTrailing, sameTrailing, trailingInputsOf } from './trailing-form.js';

describe('the trailing-stop fields', () => {
  it('start off with 20 pips by 5 ready, or with the stop the holding has', () => {
    expect(trailingInputsOf(undefined)).toEqual({ on: false, distance: '20', step: '5' });
    expect(trailingInputsOf({ distancePips: 12.5, stepPips: 1 })).toEqual({
      on: true,
      distance: '12.5',
      step: '1',
    });
  });

  it('read positive pips within the bounds, to a tenth, with a decimal comma too', () => {
    expect(readTrailing({ on: true, distance: '12,5', step: '0.1' })).toEqual({
      choice: { distancePips: 12.5, stepPips: 0.1 },
      distanceWrong: false,
      stepWrong: false,
    });
    for (const [distance, step] of [
      ['0', '5'],
      ['', '5'],
      ['-3', '5'],
      ['1001', '5'],
      ['10.25', '5'],
      ['abc', '5'],
    ]) {
      const reading = readTrailing({ on: true, distance: distance ?? '', step: step ?? '' });
      expect(reading, distance).toMatchObject({ choice: null, distanceWrong: true });
    }
    expect(readTrailing({ on: true, distance: '20', step: '0' })).toMatchObject({
      choice: null,
      distanceWrong: false,
      stepWrong: true,
    });
  });

  it('read as off when turned off, whatever the fields hold', () => {
    expect(readTrailing({ on: false, distance: 'x', step: '' })).toEqual({
      choice: null,
      distanceWrong: false,
      stepWrong: false,
    });
    expect(sameTrailing(null, null)).toBe(true);
    expect(sameTrailing(null, { distancePips: 1, stepPips: 1 })).toBe(false);
  });
});
