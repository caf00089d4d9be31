/**
 * What the chart's legend shows of the candle under the crosshair: its time and OHLC, and each
 * indicator line's value there, as texts. Pure, so the legend's writer (which runs at every
 * crosshair move and tick) only puts texts into place.
 */
import {
  type Candle,
  formatFixed,
  formatPrice,
  type Indicator,
  type IndicatorLine,
  type IndicatorSettings,
} from '@pipstream/protocol';
import type { Translate } from './line-text.js';

/** The short name of a line in the legend (codes: MA5, EMA20, UB, RSI, VOL…). */
export function lineLabel(line: IndicatorLine, t: Translate): string {
  switch (line.part) {
    case 'average':
      return line.indicator === 'ma'
        ? t('web.trade.indicators.legend.ma', { period: line.period ?? '' })
        : t('web.trade.indicators.legend.ema', { period: line.period ?? '' });
    case 'upper':
      return t('web.trade.indicators.legend.boll_upper');
    case 'middle':
      return t('web.trade.indicators.legend.boll_middle');
    case 'lower':
      return t('web.trade.indicators.legend.boll_lower');
    case 'rsi':
      return t('web.trade.indicators.legend.rsi');
    case 'macd':
      return t('web.trade.indicators.legend.macd');
    case 'signal':
      return t('web.trade.indicators.legend.signal');
    case 'histogram':
      return t('web.trade.indicators.legend.histogram');
    default:
      return t('web.trade.indicators.legend.volume');
  }
}

/**
 * The legend's heading of an indicator whose lines' short names do not carry its periods:
 * `BOLL(20, 2)`, `RSI(14)`, `MACD(12, 26, 9)`; `undefined` for MA, EMA (their lines say
 * MA5, EMA20) and volume.
 */
export function indicatorHeading(
  indicator: Indicator,
  settings: IndicatorSettings,
  t: Translate,
  localize: (text: string) => string,
): string | undefined {
  const named = (key: string, ...figures: number[]) =>
    `${t(key)}(${figures.map((figure) => localize(String(figure))).join(', ')})`;
  switch (indicator) {
    case 'boll':
      return named(
        'web.trade.indicators.legend.boll_middle',
        settings.boll.period,
        settings.boll.width,
      );
    case 'rsi':
      return named('web.trade.indicators.legend.rsi', settings.rsi.period);
    case 'macd':
      return named(
        'web.trade.indicators.legend.macd',
        settings.macd.fast,
        settings.macd.slow,
        settings.macd.signal,
      );
    default:
      return undefined;
  }
}

/**
 * Decimals of a line's figure: prices at the instrument's precision, RSI 2, MACD two more than
 * the price (its values are price differences, a few pips), volume 2 (as the candles carry it).
 */
export function lineDecimals(line: IndicatorLine, precision: number): number {
  if (line.pane === 'price') return precision;
  if (line.pane === 'macd') return precision + 2;
  return 2;
}

/** A line's value as an exact decimal text, or '' during its warm-up. */
export function lineFigure(line: IndicatorLine, value: number | null, precision: number): string {
  if (value === null || !Number.isFinite(value)) return '';
  const decimals = lineDecimals(line, precision);
  return line.pane === 'price' ? formatPrice(value, decimals) : formatFixed(value, decimals);
}

/** The OHLC texts of `candle` (exact decimals at the instrument's precision). */
export function ohlcFigures(candle: Candle, precision: number) {
  return {
    open: formatPrice(candle.Open, precision),
    high: formatPrice(candle.High, precision),
    low: formatPrice(candle.Low, precision),
    close: formatPrice(candle.Close, precision),
  };
}
