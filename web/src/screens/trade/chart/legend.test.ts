import { DEFAULT_INDICATORS, type IndicatorSettings, indicatorLines } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { lineFigure, lineLabel, ohlcFigures } from './legend.js';
import type { Translate } from './line-text.js';

const settings: IndicatorSettings = {
  ...DEFAULT_INDICATORS,
  ma: { on: true, periods: [5] },
  rsi: { on: true, period: 14 },
  macd: { ...DEFAULT_INDICATORS.macd, on: true },
  volume: { on: true },
};
const lines = indicatorLines(settings);
const line = (key: string) => {
  const found = lines.find((item) => item.key === key);
  if (!found) throw new Error(key);
  return found;
};
/** Echoes the key and its values: what is asked for, not a language's wording. */
const t = ((key: string, params?: Record<string, string | number>) =>
  `${key}${params ? JSON.stringify(params) : ''}`) as unknown as Translate;

describe('the legend', () => {
  it('names each line by its text key, with an average’s period', () => {
    expect(lineLabel(line('ma5'), t)).toBe('web.trade.indicators.legend.ma{"period":5}');
    expect(lineLabel(line('macd.signal'), t)).toBe('web.trade.indicators.legend.signal');
    expect(lineLabel(line('volume'), t)).toBe('web.trade.indicators.legend.volume');
  });

  it('writes prices at the instrument’s decimals, RSI at 2, MACD 2 past the price, volume at 2', () => {
    expect(lineFigure(line('ma5'), 1.0851234, 5)).toBe('1.08512');
    expect(lineFigure(line('rsi'), 54.2149, 5)).toBe('54.21');
    expect(lineFigure(line('macd.macd'), -0.0000537, 5)).toBe('-0.0000537');
    expect(lineFigure(line('volume'), 12.3456, 5)).toBe('12.35');
  });

  it('leaves a line in its warm-up blank', () => {
    expect(lineFigure(line('rsi'), null, 5)).toBe('');
  });

  it('writes a candle’s OHLC at the instrument’s decimals', () => {
    expect(
      ohlcFigures({ Time: 0, Open: 1.1, High: 1.2, Low: 1, Close: 1.15, Volume: 1 }, 3),
    ).toEqual({
      open: '1.100',
      high: '1.200',
      low: '1.000',
      close: '1.150',
    });
  });
});
