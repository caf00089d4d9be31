import { describe, expect, it } from 'vitest';
import { fromMicros } from './money.js';
import {
  currencyDecimals,
  receivedAmount,
  receivedAmountMicros,
  receivedAmountText,
  type WithdrawPricing,
  withdrawFee,
  withdrawFeeMicros,
} from './withdraw.js';

const fixed2: WithdrawPricing = { code: 'USDT', draw_rate: 2, fee_type: 1, usd_price: 1 };
const half: WithdrawPricing = { code: 'USDT', draw_rate: 0.5, fee_type: 2, usd_price: 1 };

describe('withdrawFee', () => {
  // [amount, currency, expected fee] — fee_type 1: draw_rate; otherwise amount × draw_rate ÷ 100.
  it.each<[string | number, WithdrawPricing, string]>([
    [100, fixed2, '2'],
    [0, fixed2, '2'],
    ['5000', fixed2, '2'],
    [100, half, '0.5'],
    ['1000000', { ...half, draw_rate: 0.1 }, '1000'],
    ['333.333', { ...half, draw_rate: '0.25' }, '0.833333'],
    [100, { ...half, draw_rate: '0', fee_type: 0 }, '0'],
    [80, { ...half, draw_rate: 150 }, '120'],
  ])('amount %j with %o → fee %s', (amount, currency, expected) => {
    expect(fromMicros(withdrawFeeMicros(amount, currency))).toBe(expected);
    expect(withdrawFee(amount, currency)).toBe(Number(expected));
  });
});

describe('receivedAmount', () => {
  // [amount, currency, expected] — (amount − fee) × usd_price, to 2 decimals, never negative.
  it.each<[string | number, WithdrawPricing, string]>([
    [100, fixed2, '98.00'],
    [100, half, '99.50'],
    ['250', { ...half, usd_price: '0.9998' }, '248.70'],
    [100, { ...fixed2, draw_rate: 1, usd_price: 7.1, code: 'CNY' }, '702.90'],
    ['10.005', { ...fixed2, draw_rate: 0 }, '10.01'],
    ['1000000', { ...half, draw_rate: 0.1 }, '999000.00'],
    [3, { ...fixed2, draw_rate: 5 }, '0.00'],
    [2, fixed2, '0.00'],
    [80, { ...half, draw_rate: 150 }, '0.00'],
    // 0.004999 × 1.00012 = 0.00499959988: rounding to micro-units first would give 0.01.
    ['0.004999', { ...fixed2, draw_rate: 0, usd_price: '1.00012' }, '0.00'],
  ])('amount %j with %o → %s', (amount, currency, expected) => {
    expect(fromMicros(receivedAmountMicros(amount, currency), 2)).toBe(expected);
    expect(receivedAmount(amount, currency)).toBe(Number(expected));
  });

  it('is never negative', () => {
    expect(receivedAmountMicros(1, { ...fixed2, draw_rate: 1_000 })).toBe(0n);
    expect(Object.is(receivedAmount(1, { ...fixed2, draw_rate: 1_000 }), 0)).toBe(true);
  });
});

describe('receivedAmountText', () => {
  it.each<[string | number | null | undefined, WithdrawPricing | null | undefined, string]>([
    [100, undefined, '--'],
    [100, null, '--'],
    [undefined, undefined, '--'],
    [undefined, fixed2, '0 USDT'],
    [null, fixed2, '0 USDT'],
    ['', fixed2, '0 USDT'],
    ['abc', fixed2, '0 USDT'],
    [Number.NaN, fixed2, '0 USDT'],
    [-5, fixed2, '0 USDT'],
    ['-5', fixed2, '0 USDT'],
    [0, fixed2, '0 USDT'],
    [100, fixed2, '98.00 USDT'],
    ['100', half, '99.50 USDT'],
    [1, fixed2, '0.00 USDT'],
    [100, { ...fixed2, code: 'BTC', usd_price: '0.5' }, '49.00000000 BTC'],
    // Why coins keep their own decimals: 2 decimals of BTC read 0.00.
    [100, { code: 'BTC', draw_rate: '0.5', fee_type: 2, usd_price: '0.0000154' }, '0.00153230 BTC'],
    [
      '0.01',
      { code: 'BTC', draw_rate: '0', fee_type: 2, usd_price: '0.0000154' },
      '0.00000015 BTC',
    ],
  ])('amount %j with %o → %j', (amount, currency, expected) => {
    expect(receivedAmountText(amount, currency)).toBe(expected);
  });
});

describe('currencyDecimals', () => {
  it.each<[string, string | undefined, number]>([
    ['BTC', undefined, 8],
    ['btc', undefined, 8],
    ['ETH', '0.000294', 8],
    ['USDT', '1', 2],
    ['HKD', '7.8', 2],
    ['JPY', '150', 0],
    // Unknown: enough for one cent to show, 2 to 8.
    ['CNY', '7.1', 2],
    ['SOL', '0.006', 5],
    ['XYZ', '0.00000001', 8],
    ['XYZ', undefined, 2],
  ])('%s at usd_price %s → %i', (code, usdPrice, expected) => {
    expect(currencyDecimals(code, usdPrice)).toBe(expected);
  });
});
