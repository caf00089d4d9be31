import { describe, expect, it } from 'vitest';
import type { MarginInstrument } from './margin.js';
import { margin, marginMicros, orderMargin, orderMarginMicros } from './margin.js';
import { fromMicros } from './money.js';
import { roundTo } from './rounding.js';

describe('margin, computed from leverage (MarginMode ≠ 1)', () => {
  // [lots, units per lot, price, leverage, expected margin] — hand-checked: lots × units × price ÷ leverage.
  it.each([
    [0.01, 100_000, 1.23456, 100, '12.3456'],
    [1, 100_000, 1.1, 100, '1100'],
    [0.1, 100_000, 1.1, 100, '110'],
    [0.3, 100_000, 1.1, 200, '165'],
    [1000, 100_000, 1.23456, 100, '1234560'],
    [1000, 100_000, 1.23456, 1, '123456000'],
    [0.001, 100_000, 0.00001, 1, '0.001'],
    // 1e-8 is below half a micro-unit: the exact form books nothing.
    [0.001, 1, 0.00001, 1, '0'],
    // 5e-7 is exactly half a micro-unit: rounded away from zero.
    [0.001, 1, 0.0005, 1, '0.000001'],
    [2, 100, 1923.45, 20, '19234.5'],
    [1, 10, 3, 3, '10'],
    [1, 1, 10, 3, '3.333333'],
  ])('%d lots × %d × %d ÷ %d = %s', (lots, unitsPerLot, price, leverage, expected) => {
    const terms = { lots, unitsPerLot, price, leverage, marginMode: 0 };
    expect(roundTo(margin(terms), 6)).toBe(Number(expected));
    expect(fromMicros(marginMicros(terms))).toBe(expected);
  });

  it('is exact from decimal strings, where floats would drift', () => {
    const terms = { lots: '0.1', unitsPerLot: '3', price: '0.1', leverage: '1', marginMode: 2 };
    expect(marginMicros(terms)).toBe(30_000n);
    expect(fromMicros(marginMicros({ ...terms, lots: '0.0000001' }))).toBe('0');
  });

  it.each([0, -10, Number.NaN, Number.POSITIVE_INFINITY])('refuses leverage %d', (leverage) => {
    const terms = { lots: 1, unitsPerLot: 1, price: 1, leverage, marginMode: 0 };
    expect(() => margin(terms)).toThrow(/leverage/);
    expect(() => marginMicros(terms)).toThrow(RangeError);
  });
});

describe('margin, fixed per lot (MarginMode 1)', () => {
  it.each([
    [1, '500', '500'],
    [0.01, '500', '5'],
    [0.3, 100, '30'],
    [1000, '1234.5678', '1234567.8'],
    [0.001, '0.5', '0.0005'],
  ])('%d lots × %s per lot = %s, whatever the leverage and price', (lots, perLot, expected) => {
    const terms = {
      lots,
      unitsPerLot: 100_000,
      price: 1.1,
      leverage: 100,
      marginMode: 1,
      fixedMarginPerLot: perLot,
    };
    expect(roundTo(margin(terms), 6)).toBe(Number(expected));
    expect(roundTo(margin({ ...terms, leverage: 0, price: 99 }), 6)).toBe(Number(expected));
    expect(fromMicros(marginMicros(terms))).toBe(expected);
  });

  it.each([undefined, '', 'abc', -5])('refuses a per-lot amount of %j', (perLot) => {
    const terms = {
      lots: 1,
      unitsPerLot: 1,
      price: 1,
      leverage: 1,
      marginMode: 1,
      fixedMarginPerLot: perLot,
    };
    expect(() => margin(terms)).toThrow(/fixed-margin mode/);
    expect(() => marginMicros(terms)).toThrow(/fixed-margin mode/);
  });
});

describe('orderMargin', () => {
  const leveraged: MarginInstrument = { ForexContNum: 100_000, MarginMode: 0 };
  const fixed: MarginInstrument = { ForexContNum: 100, MarginMode: 1, FixedMargin: '250.5' };

  it('reads units per lot and margin mode from the instrument', () => {
    expect(orderMargin(leveraged, 0.5, 1.2, 100)).toBeCloseTo(600, 9);
    expect(orderMarginMicros(leveraged, '0.5', '1.2', 100)).toBe(600_000_000n);
    expect(orderMargin(fixed, 2, 1900, 50)).toBe(501);
    expect(orderMarginMicros(fixed, 2, 1900, 50)).toBe(501_000_000n);
  });

  it('refuses fixed mode when the instrument has no FixedMargin', () => {
    expect(() => orderMargin({ ForexContNum: 1, MarginMode: 1 }, 1, 1, 1)).toThrow(
      /fixed-margin mode/,
    );
  });
});
