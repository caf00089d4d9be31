import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  multiplyDecimal,
  parseDecimal,
  subtractDecimal,
  toScaledInteger,
} from './decimal.js';

describe('parseDecimal', () => {
  it.each([
    ['12.50', 1250n, 2],
    ['-0.001', -1n, 3],
    ['+7', 7n, 0],
    ['.5', 5n, 1],
    ['3.', 3n, 0],
    ['  42.1 ', 421n, 1],
    ['1e-7', 1n, 7],
    ['1.5e3', 1500n, 0],
    ['2E+2', 200n, 0],
    [0.1, 1n, 1],
    [1e-7, 1n, 7],
    [1e21, 10n ** 21n, 0],
    [-2.5, -25n, 1],
  ] as const)('reads %j exactly', (input, digits, scale) => {
    expect(parseDecimal(input)).toEqual({ digits, scale });
  });

  it.each([
    '',
    ' ',
    'abc',
    '1.2.3',
    '1e',
    '.',
    '-',
    '0x10',
    '1,5',
    'Infinity',
    '1e999999999',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ])('refuses %j', (input) => {
    expect(() => parseDecimal(input)).toThrow(RangeError);
  });

  it('refuses values that are not strings or numbers, from plain JavaScript callers', () => {
    expect(() => parseDecimal(undefined as unknown as string)).toThrow(/not a decimal amount/);
    expect(() => parseDecimal({} as unknown as string)).toThrow(/not a decimal amount/);
  });
});

describe('exact operations', () => {
  it('multiplies and subtracts without float error', () => {
    const product = multiplyDecimal(parseDecimal('0.1'), parseDecimal('0.2'));
    expect(product).toEqual({ digits: 2n, scale: 2 });
    expect(subtractDecimal(parseDecimal('0.3'), parseDecimal('0.1'))).toEqual({
      digits: 2n,
      scale: 1,
    });
    expect(subtractDecimal(parseDecimal('1.1'), parseDecimal('1.10005'))).toEqual({
      digits: -5n,
      scale: 5,
    });
  });

  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [7n, 7n, 1n],
    [0n, 9n, 0n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
  ])('divideRounded(%s, %s) is %s (half away from zero)', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it('refuses a zero divisor', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
    expect(() => toScaledInteger(parseDecimal(1), 6, parseDecimal(0))).toThrow(RangeError);
  });

  it.each([
    ['1.23456', 6, undefined, 1_234_560n],
    ['0.0000005', 6, undefined, 1n],
    ['-0.0000005', 6, undefined, -1n],
    ['0.00000049', 6, undefined, 0n],
    ['1234.56', 6, '100', 12_345_600n],
    ['10', 6, '3', 3_333_333n],
    ['20', 6, '3', 6_666_667n],
    ['1.005', 2, undefined, 101n],
    ['1.5', 0, '0.5', 3n],
  ] as const)('toScaledInteger(%s, %i, ÷%s) is %s', (value, decimals, divisor, expected) => {
    const d = divisor === undefined ? undefined : parseDecimal(divisor);
    expect(toScaledInteger(parseDecimal(value), decimals, d)).toBe(expected);
  });
});
