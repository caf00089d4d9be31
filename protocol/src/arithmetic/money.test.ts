import { describe, expect, it } from 'vitest';
import {
  addMoney,
  divMicros,
  fromMicros,
  MICROS_PER_UNIT,
  microsToNumber,
  mulMicros,
  productMicros,
  roundMicros,
  subMoney,
  sumMoney,
  toMicros,
} from './money.js';

describe('toMicros', () => {
  it.each([
    ['12.5', 12_500_000n],
    ['0', 0n],
    ['-0', 0n],
    ['0.000001', 1n],
    ['0.0000005', 1n],
    ['0.00000049', 0n],
    ['-0.0000005', -1n],
    ['-1.2345675', -1_234_568n],
    ['1250.50', 1_250_500_000n],
    ['123456789012345.123456', 123_456_789_012_345_123_456n],
    ['1e-6', 1n],
    [0.1, 100_000n],
    [0.1 + 0.2, 300_000n],
    [1.005, 1_005_000n],
    [-3.5, -3_500_000n],
    [1e-7, 0n],
    [100_000_000, 100_000_000n * MICROS_PER_UNIT],
  ] as const)('%j → %s µ', (input, expected) => {
    expect(toMicros(input)).toBe(expected);
  });

  it.each(['', 'abc', '12,50', '1.2.3', '--1', Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %j with a clear error',
    (input) => {
      expect(() => toMicros(input)).toThrow(/not a (decimal|finite) amount/);
    },
  );
});

describe('fromMicros', () => {
  it.each([
    [12_500_000n, undefined, '12.5'],
    [0n, undefined, '0'],
    [1n, undefined, '0.000001'],
    [-1n, undefined, '-0.000001'],
    [10_000_000n, undefined, '10'],
    [-100_500_000n, undefined, '-100.5'],
    [1_234_567n, 2, '1.23'],
    [1_235_000n, 2, '1.24'],
    [-1_235_000n, 2, '-1.24'],
    [-4_000n, 2, '0.00'],
    [5_000n, 2, '0.01'],
    [12_500_000n, 0, '13'],
    [12_500_000n, 6, '12.500000'],
    [5n, 8, '0.00000500'],
    [1_000_000n * 10n ** 15n, 2, '1000000000000000.00'],
  ] as const)('%s µ at %s decimals → %j', (micros, decimals, expected) => {
    expect(fromMicros(micros, decimals)).toBe(expected);
  });

  it('refuses negative or fractional decimals', () => {
    expect(() => fromMicros(1n, -1)).toThrow(RangeError);
    expect(() => fromMicros(1n, 1.5)).toThrow(RangeError);
  });

  it.each(['0', '1', '-1', '0.000001', '99999999.999999', '-123.45', '0.5'])(
    'round-trips %j',
    (text) => {
      expect(fromMicros(toMicros(text))).toBe(text);
    },
  );

  it('canonicalises on the way back', () => {
    expect(fromMicros(toMicros('0012.3400'))).toBe('12.34');
    expect(fromMicros(toMicros('-0.000'))).toBe('0');
  });
});

describe('money helpers', () => {
  it('adds, subtracts and sums exactly where floats drift', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.3');
    expect(addMoney(0.1, 0.2)).toBe('0.3');
    expect(subMoney('0.3', '0.1')).toBe('0.2');
    expect(subMoney('1', '1.000001')).toBe('-0.000001');
    expect(sumMoney([])).toBe('0');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.1'))).toBe('1');
    expect(sumMoney(['1250.50', -250.5, '0.000001', '1e-6'])).toBe('1000.000002');
  });

  it('sums a long ledger without losing a micro-unit', () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? '0.000001' : '19.99'));
    expect(sumMoney(entries)).toBe('99950.005');
  });

  it.each([
    [500_000_000n, '0.001', 500_000n],
    [1_000_000n, '0.0000005', 1n],
    [-1_000_000n, '0.0000005', -1n],
    [3n, '0.5', 2n],
    [12_345_678n, 1, 12_345_678n],
  ])('mulMicros(%s, %s) is %s', (micros, factor, expected) => {
    expect(mulMicros(micros, factor)).toBe(expected);
  });

  it.each([
    [10_000_000n, 3, 3_333_333n],
    [20_000_000n, 3, 6_666_667n],
    [-20_000_000n, 3, -6_666_667n],
    [1n, 2, 1n],
    [123_456_000_000n, 100, 1_234_560_000n],
  ])('divMicros(%s, %s) is %s', (micros, divisor, expected) => {
    expect(divMicros(micros, divisor)).toBe(expected);
  });

  it('productMicros rounds once, at the end', () => {
    expect(productMicros([0.01, 100_000, '1.23456'], 100)).toBe(12_345_600n);
    // 1000 lots × 100000 units × 1.23456 ÷ 1 = 123,456,000 — exact at this size too.
    expect(productMicros([1000, 100_000, '1.23456'])).toBe(123_456_000n * MICROS_PER_UNIT);
    // 0.001 × 0.00001 × 0.5 = 5e-9: below half a micro-unit.
    expect(productMicros([0.001, 0.00001, 0.5])).toBe(0n);
    expect(productMicros([])).toBe(MICROS_PER_UNIT);
    expect(() => productMicros([1], 0)).toThrow(RangeError);
  });

  it.each([
    [1_234_567n, 2, 1_230_000n],
    [1_235_000n, 2, 1_240_000n],
    [-1_235_000n, 2, -1_240_000n],
    [1_500_000n, 0, 2_000_000n],
    [1_234_567n, 6, 1_234_567n],
  ])('roundMicros(%s, %i) is %s', (micros, decimals, expected) => {
    expect(roundMicros(micros, decimals)).toBe(expected);
  });

  it('refuses roundMicros past 6 decimals', () => {
    expect(() => roundMicros(1n, 7)).toThrow(RangeError);
  });

  it('turns micro-units into the nearest number', () => {
    expect(microsToNumber(12_345_600n)).toBe(12.3456);
    expect(microsToNumber(-1n)).toBe(-0.000001);
    expect(microsToNumber(300_000n)).toBe(0.3);
  });
});
