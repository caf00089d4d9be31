import { describe, expect, it } from 'vitest';
import {
  type Displayable,
  formatBalance,
  formatChangePercent,
  formatFee,
  formatFixed,
  formatMargin,
  formatPercent,
  formatPrice,
} from './display.js';

describe('formatBalance (2 decimals)', () => {
  it.each<[Displayable, string]>([
    [1.005, '1.01'],
    [-1.005, '-1.01'],
    [0.1 + 0.2, '0.30'],
    [-0.001, '0.00'],
    [-0.004999, '0.00'],
    [-0.005, '-0.01'],
    [-0, '0.00'],
    [1234567.891, '1234567.89'],
    [123456000, '123456000.00'],
    ['1250.5', '1250.50'],
    ['-0.000001', '0.00'],
    [null, '--'],
    [undefined, '--'],
    ['', '--'],
    ['abc', '--'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
  ])('%j → %j', (value, expected) => {
    expect(formatBalance(value)).toBe(expected);
  });
});

describe('formatMargin and formatFee (6 decimals)', () => {
  it.each<[Displayable, string]>([
    [12.3456, '12.345600'],
    [1e-7, '0.000000'],
    [5e-7, '0.000001'],
    [-4e-7, '0.000000'],
    [0.0123455, '0.012346'],
    [123456000, '123456000.000000'],
    [(0.1 * 3) / 100, '0.003000'],
    ['617.28', '617.280000'],
  ])('%j → %j', (value, expected) => {
    expect(formatMargin(value)).toBe(expected);
    expect(formatFee(value)).toBe(expected);
  });
});

describe('formatPrice', () => {
  it.each<[Displayable, number, string]>([
    [1.23456, 5, '1.23456'],
    [1.234565, 5, '1.23457'],
    [1923.4, 2, '1923.40'],
    [0.00001, 5, '0.00001'],
    [1.5, 0, '2'],
    [109.1234, 3, '109.123'],
    [1.1 + 0.0005, 4, '1.1005'],
  ])('%j at precision %i → %j', (value, precision, expected) => {
    expect(formatPrice(value, precision)).toBe(expected);
  });
});

describe('formatChangePercent', () => {
  it.each<[Displayable, string]>([
    [1.234, '+1.23%'],
    [-0.5, '-0.50%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [0.004, '0.00%'],
    [0.005, '+0.01%'],
    [-0.005, '-0.01%'],
    [null, '--'],
  ])('%j → %j', (value, expected) => {
    expect(formatChangePercent(value)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each<[Displayable, number | undefined, string]>([
    [153.2, undefined, '153.20%'],
    [390, 0, '390%'],
    [null, undefined, '--'],
  ])('%j with %s decimals → %j', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });
});

describe('with a locale', () => {
  it.each<[Displayable, number, string, string]>([
    [1234.5, 2, 'en', '1,234.50'],
    [1234.5, 2, 'de', '1.234,50'],
    [1.005, 2, 'en', '1.01'],
    [-0.001, 2, 'en', '0.00'],
    [0.0000005, 6, 'fr', '0,000001'],
  ])('%j at %i decimals in %s → %j', (value, decimals, locale, expected) => {
    expect(formatFixed(value, decimals, locale)).toBe(expected);
  });

  it('signs a change in the locale format', () => {
    expect(formatChangePercent(1.5, 'de')).toBe('+1,50%');
    expect(formatBalance(1234.5, 'en')).toBe('1,234.50');
  });
});
