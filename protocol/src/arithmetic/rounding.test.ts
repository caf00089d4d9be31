import { describe, expect, it } from 'vitest';
import { ceilTo, decimalsOf, floorTo, roundTo } from './rounding.js';

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.675, 2, 2.68],
    [1.45, 1, 1.5],
    [-1.45, 1, -1.5],
    [0.1 + 0.2, 2, 0.3],
    [0.1 + 0.2, 17, 0.3],
    [8.345, 2, 8.35],
    [1.255 * 1, 2, 1.26],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [2.5, 0, 3],
    [1.23456789, 6, 1.234568],
    [0.000015, 5, 0.00002],
    [1.000005, 5, 1.00001],
    [123456789.125, 2, 123456789.13],
    [99999999999.995, 2, 100000000000],
    [1e-7, 6, 0],
    [5e-7, 6, 0.000001],
    [1.5e-7, 7, 0.0000002],
    [1e21, 2, 1e21],
    [123456789012345680, 0, 123456789012345680],
    [1234567890123456.5, 2, 1234567890123456.5],
    [42, 3, 42],
  ])('roundTo(%d, %i) is %d', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('never returns −0', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundTo(-0, 2), 0)).toBe(true);
    expect(Object.is(roundTo(-0.4, 0), 0)).toBe(true);
  });

  it('passes NaN and ±Infinity through', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(roundTo(Number.NEGATIVE_INFINITY, 2)).toBe(Number.NEGATIVE_INFINITY);
  });

  it.each([-1, 1.5, 101])('refuses %d decimals', (decimals) => {
    expect(() => roundTo(1, decimals)).toThrow(RangeError);
  });
});

describe('floorTo and ceilTo', () => {
  it.each([
    [0.29, 2, 0.29, 0.29],
    [0.1 + 0.2, 1, 0.3, 0.3],
    [1.005, 2, 1, 1.01],
    [-1.005, 2, -1.01, -1],
    [0.7 + 0.1, 1, 0.8, 0.8],
    [2.345, 1, 2.3, 2.4],
  ])('floorTo/ceilTo(%d, %i) are %d / %d', (value, decimals, floor, ceil) => {
    expect(floorTo(value, decimals)).toBe(floor);
    expect(ceilTo(value, decimals)).toBe(ceil);
  });

  it('floor never returns −0', () => {
    expect(Object.is(ceilTo(-0.001, 2), 0)).toBe(true);
  });
});

describe('decimalsOf', () => {
  it.each([
    [0.001, 3],
    [0.01, 2],
    [0.1, 1],
    [0.5, 1],
    [1, 0],
    [100, 0],
    [0.00001, 5],
    [1e-7, 7],
    [1.5e-7, 8],
    [1.23456, 5],
    [0.1 + 0.2, 1],
    [Number.NaN, 0],
  ])('decimalsOf(%d) is %i', (value, expected) => {
    expect(decimalsOf(value)).toBe(expected);
  });
});
