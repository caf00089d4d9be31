import { describe, expect, it } from 'vitest';
import { toColumns } from './columns.js';
import { computeIndicators, indicatorLines, subPanes } from './lines.js';
import { ema, sma } from './moving-average.js';
import { macd, rsi } from './oscillators.js';
import { DEFAULT_INDICATORS, type IndicatorSettings } from './settings.js';

const everything: IndicatorSettings = {
  ma: { on: true, periods: [5, 5, 10] },
  ema: { on: true, periods: [20] },
  boll: { on: true, period: 20, width: 2 },
  rsi: { on: true, period: 14 },
  macd: { on: true, fast: 12, slow: 26, signal: 9 },
  volume: { on: true },
};

const columns = toColumns(
  Array.from({ length: 60 }, (_, i) => ({
    Time: 60 * i,
    Open: 1 + i / 100,
    High: 1.1 + i / 100,
    Low: 0.9 + i / 100,
    Close: 1 + Math.sin(i) / 10,
    Volume: i,
  })),
);

describe('indicatorLines', () => {
  it('lists no line with every indicator off', () => {
    expect(indicatorLines(DEFAULT_INDICATORS)).toEqual([]);
    expect(subPanes(DEFAULT_INDICATORS)).toEqual([]);
  });

  it('lists the price pane first, one line per distinct period, then the sub-panes', () => {
    expect(indicatorLines(everything).map((line) => `${line.pane}:${line.key}`)).toEqual([
      'price:ma5',
      'price:ma10',
      'price:ema20',
      'price:boll.upper',
      'price:boll.middle',
      'price:boll.lower',
      'volume:volume',
      'macd:macd.macd',
      'macd:macd.signal',
      'macd:macd.histogram',
      'rsi:rsi',
    ]);
    expect(subPanes(everything)).toEqual(['volume', 'macd', 'rsi']);
  });
});

describe('computeIndicators', () => {
  it('computes every listed line with the indicator functions, by key', () => {
    const values = computeIndicators(columns, everything);
    expect(Object.keys(values).sort()).toEqual(
      indicatorLines(everything)
        .map((line) => line.key)
        .sort(),
    );
    expect(values.ma10).toEqual(sma(columns.close, 10));
    expect(values.ema20).toEqual(ema(columns.close, 20));
    expect(values.rsi).toEqual(rsi(columns.close, 14));
    expect(values['macd.signal']).toEqual(macd(columns.close).signal);
    expect(values.volume).toEqual(columns.volume);
  });
});
