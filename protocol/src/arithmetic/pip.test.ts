import { describe, expect, it } from 'vitest';
import { pipSize, pipsBetween, pipValue, stepsBetween, stepsPerPip } from './pip.js';

describe('pipSize', () => {
  it.each<[number, number]>([
    // Forex's fractional pips: the last of 5 or 3 decimals is a tenth of a pip.
    [5, 0.0001],
    [3, 0.01],
    // Anything else: one price step.
    [4, 0.0001],
    [2, 0.01],
    [1, 0.1],
    [0, 1],
    [9, 1e-9],
  ])('at %d decimals is %d', (precision, size) => {
    expect(pipSize(precision)).toBe(size);
    expect(stepsPerPip(precision)).toBe(precision === 5 || precision === 3 ? 10 : 1);
  });
});

describe('pipValue', () => {
  it('is pip × lots × units per lot', () => {
    expect(pipValue(1, 100_000, 5)).toBeCloseTo(10, 12);
    expect(pipValue(0.01, 100_000, 5)).toBeCloseTo(0.1, 12);
    // USD/JPY 3 decimals, gold at 2 decimals per 100 ounces.
    expect(pipValue(1, 100_000, 3)).toBeCloseTo(1000, 9);
    expect(pipValue(0.5, 100, 2)).toBeCloseTo(0.5, 12);
  });
});

describe('pipsBetween', () => {
  it('counts whole steps, signed, whatever the float noise', () => {
    expect(stepsBetween(1.1, 1.1005, 5)).toBe(50);
    expect(pipsBetween(1.1, 1.1005, 5)).toBe(5);
    expect(pipsBetween(1.10005, 1.1, 5)).toBe(-0.5);
    // 0.66174 − 0.65174 is 0.010000000000000009 in floats: exactly 100 pips.
    expect(pipsBetween(0.66174, 0.65174, 5)).toBe(-100);
    expect(pipsBetween(155.5, 155.52, 3)).toBe(2);
    expect(pipsBetween(190, 190.03, 2)).toBe(3);
  });
});
