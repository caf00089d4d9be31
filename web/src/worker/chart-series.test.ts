import {
  type Candle,
  computeIndicators,
  DEFAULT_INDICATORS,
  type IndicatorSettings,
  toColumns,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createChartSeries, type IndicatorUpdate, mergeIndicatorUpdates } from './chart-series.js';

const TOPIC = 'KLINE.EURUSD.1min';

const candle = (minute: number, close: number): Candle => ({
  Time: minute * 60,
  Open: close,
  High: close + 0.001,
  Low: close - 0.001,
  Close: close,
  Volume: minute,
});

const history = (count: number) =>
  Array.from({ length: count }, (_, i) => candle(i, 1.1 + Math.sin(i / 3) / 100));

const withRsiAndMa: IndicatorSettings = {
  ...DEFAULT_INDICATORS,
  ma: { on: true, periods: [5] },
  rsi: { on: true, period: 14 },
};

describe('the chart series', () => {
  it('posts every value of a new history, then only the live candle’s', () => {
    const series = createChartSeries();
    series.setSettings(withRsiAndMa);
    const candles = history(40);
    series.setCandles(TOPIC, toColumns(candles));
    const first = series.take() as IndicatorUpdate;
    const expected = computeIndicators(toColumns(candles), withRsiAndMa);
    expect(first).toMatchObject({ topic: TOPIC, reset: true, from: 0 });
    expect(first.times).toHaveLength(40);
    expect(first.lines).toEqual(expected);
    expect(series.take()).toBeUndefined();

    // The live candle changes its close: only index 39 moves.
    series.applyCandle(TOPIC, candle(39, 1.2));
    const live = series.take() as IndicatorUpdate;
    const after = computeIndicators(
      toColumns([...candles.slice(0, 39), candle(39, 1.2)]),
      withRsiAndMa,
    );
    expect(live).toMatchObject({
      version: first.version,
      reset: false,
      from: 39,
      times: [39 * 60],
    });
    expect(live.lines.rsi).toEqual([after.rsi?.[39]]);
    expect(live.lines.ma5).toEqual([after.ma5?.[39]]);

    // The next candle is appended at index 40.
    series.applyCandle(TOPIC, candle(40, 1.19));
    expect(series.take()).toMatchObject({ reset: false, from: 40, times: [40 * 60] });
  });

  it('leaves out candles of another topic and older than the chart’s last', () => {
    const series = createChartSeries();
    series.setSettings(withRsiAndMa);
    series.setCandles(TOPIC, toColumns(history(20)));
    series.take();
    series.applyCandle('KLINE.GBPUSD.1min', candle(20, 1.3));
    series.applyCandle(TOPIC, candle(3, 1.3));
    expect(series.take()).toBeUndefined();
  });

  it('starts a new version with a reset when the oldest candle is dropped or settings change', () => {
    const series = createChartSeries();
    series.setSettings(withRsiAndMa);
    const full = toColumns(history(1440));
    series.setCandles(TOPIC, full);
    const loaded = series.take() as IndicatorUpdate;
    series.applyCandle(TOPIC, candle(1440, 1.1));
    const shifted = series.take() as IndicatorUpdate;
    expect(shifted.reset).toBe(true);
    expect(shifted.version).toBeGreaterThan(loaded.version);
    expect(shifted.times[0]).toBe(60);

    series.setSettings({ ...DEFAULT_INDICATORS, macd: { ...DEFAULT_INDICATORS.macd, on: true } });
    const changed = series.take() as IndicatorUpdate;
    expect(changed.reset).toBe(true);
    expect(Object.keys(changed.lines).sort()).toEqual([
      'macd.histogram',
      'macd.macd',
      'macd.signal',
    ]);
  });

  it('computes nothing and posts no live values while every indicator is off', () => {
    const series = createChartSeries();
    series.setCandles(TOPIC, toColumns(history(30)));
    expect(series.take()).toMatchObject({ reset: true, lines: {} });
    series.applyCandle(TOPIC, candle(29, 1.5));
    expect(series.take()).toBeUndefined();
  });

  it('reads unreadable settings as every indicator off', () => {
    const series = createChartSeries();
    series.setSettings({ rsi: { on: 'please' } });
    series.setCandles(TOPIC, toColumns(history(30)));
    expect(series.take()?.lines).toEqual({});
  });

  it('hands a listener starting from nothing everything it holds', () => {
    const series = createChartSeries();
    series.setSettings(withRsiAndMa);
    series.setCandles(TOPIC, toColumns(history(30)));
    series.take();
    series.snapshot();
    expect(series.take()).toMatchObject({ reset: true, from: 0 });
  });
});

describe('mergeIndicatorUpdates', () => {
  const run = (from: number, values: number[], patch: Partial<IndicatorUpdate> = {}) => ({
    topic: TOPIC,
    version: 1,
    reset: false,
    from,
    times: values.map((_, i) => (from + i) * 60),
    lines: { rsi: values },
    ...patch,
  });

  it('extends a pending run with a later one, the later values winning', () => {
    expect(mergeIndicatorUpdates(run(5, [1, 2]), run(6, [3, 4]))).toEqual(run(5, [1, 3, 4]));
  });

  it('lets a reset, another version or an earlier run replace what is pending', () => {
    const reset = run(0, [9], { reset: true });
    expect(mergeIndicatorUpdates(run(5, [1]), reset)).toBe(reset);
    const other = run(5, [2], { version: 2 });
    expect(mergeIndicatorUpdates(run(5, [1]), other)).toBe(other);
    const earlier = run(3, [7]);
    expect(mergeIndicatorUpdates(run(5, [1]), earlier)).toBe(earlier);
  });

  it('extends a pending reset with the live values that follow it', () => {
    const merged = mergeIndicatorUpdates(run(0, [1, 2, 3], { reset: true }), run(2, [5, 6]));
    expect(merged).toEqual(run(0, [1, 2, 5, 6], { reset: true }));
  });
});
