/**
 * The lines a choice of indicators draws, and their values over a chart's candles. Both ends
 * use it: the live worker computes the values, the chart lays the lines out by the same keys.
 */
import type { CandleColumns } from './columns.js';
import { ema, type Series, sma } from './moving-average.js';
import { bollinger, macd, rsi } from './oscillators.js';
import type { Indicator, IndicatorSettings } from './settings.js';

/** Where a line is drawn: over the candles, or in the sub-pane of its indicator. */
export type Pane = 'price' | 'rsi' | 'macd' | 'volume';

/** Which line of its indicator a line is. */
export type LinePart =
  | 'average'
  | 'upper'
  | 'middle'
  | 'lower'
  | 'rsi'
  | 'macd'
  | 'signal'
  | 'histogram'
  | 'volume';

/** One line of an indicator. */
export interface IndicatorLine {
  /** Unique in a chart: `ma5`, `ema20`, `boll.upper`, `macd.signal`, `rsi`, `volume`. */
  readonly key: string;
  readonly indicator: Indicator;
  readonly pane: Pane;
  readonly part: LinePart;
  /** The period of an MA or EMA line. */
  readonly period?: number;
}

/** The sub-panes under the candles, top to bottom. */
export const SUB_PANES: readonly Pane[] = ['volume', 'macd', 'rsi'];

/** The lines `settings` draws, price pane first, in a fixed order. */
export function indicatorLines(settings: IndicatorSettings): IndicatorLine[] {
  const lines: IndicatorLine[] = [];
  for (const indicator of ['ma', 'ema'] as const) {
    if (!settings[indicator].on) continue;
    for (const period of new Set(settings[indicator].periods)) {
      lines.push({
        key: `${indicator}${period}`,
        indicator,
        pane: 'price',
        part: 'average',
        period,
      });
    }
  }
  if (settings.boll.on) {
    for (const part of ['upper', 'middle', 'lower'] as const) {
      lines.push({ key: `boll.${part}`, indicator: 'boll', pane: 'price', part });
    }
  }
  if (settings.volume.on) {
    lines.push({ key: 'volume', indicator: 'volume', pane: 'volume', part: 'volume' });
  }
  if (settings.macd.on) {
    for (const part of ['macd', 'signal', 'histogram'] as const) {
      lines.push({ key: `macd.${part}`, indicator: 'macd', pane: 'macd', part });
    }
  }
  if (settings.rsi.on) lines.push({ key: 'rsi', indicator: 'rsi', pane: 'rsi', part: 'rsi' });
  return lines;
}

/** The sub-panes `settings` shows, top to bottom. */
export function subPanes(settings: IndicatorSettings): Pane[] {
  return SUB_PANES.filter((pane) => settings[pane as Indicator].on);
}

/** The values of every line of `settings` over `columns`, by line key. */
export function computeIndicators(
  columns: CandleColumns,
  settings: IndicatorSettings,
): Record<string, Series> {
  const values: Record<string, Series> = {};
  const closes = columns.close;
  for (const indicator of ['ma', 'ema'] as const) {
    if (!settings[indicator].on) continue;
    const average = indicator === 'ma' ? sma : ema;
    for (const period of new Set(settings[indicator].periods)) {
      values[`${indicator}${period}`] = average(closes, period);
    }
  }
  if (settings.boll.on) {
    const bands = bollinger(closes, settings.boll.period, settings.boll.width);
    values['boll.upper'] = bands.upper;
    values['boll.middle'] = bands.middle;
    values['boll.lower'] = bands.lower;
  }
  if (settings.volume.on) values.volume = [...columns.volume];
  if (settings.macd.on) {
    const lines = macd(closes, settings.macd.fast, settings.macd.slow, settings.macd.signal);
    values['macd.macd'] = lines.macd;
    values['macd.signal'] = lines.signal;
    values['macd.histogram'] = lines.histogram;
  }
  if (settings.rsi.on) values.rsi = rsi(closes, settings.rsi.period);
  return values;
}
