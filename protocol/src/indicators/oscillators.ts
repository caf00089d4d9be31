/**
 * The indicators of the chart's sub-pane and the price pane's bands: RSI (Wilder), MACD and
 * Bollinger Bands, each one value per candle with `null` during its warm-up.
 */
import { checkPeriod, ema, type Series, sma, wilderAverage } from './moving-average.js';

/**
 * Wilder's Relative Strength Index of `closes` over `period` (14 by default): 100 − 100 ÷ (1 +
 * average gain ÷ average loss), the averages Wilder-smoothed from the simple average of the
 * first `period` changes. The first value is at index `period`. With no loss in the window the
 * RSI is 100 by definition (Wilder; StockCharts), a flat market included.
 */
export function rsi(closes: readonly number[], period = 14): Series {
  checkPeriod(period);
  const gains: (number | null)[] = [null];
  const losses: (number | null)[] = [null];
  for (let i = 1; i < closes.length; i++) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    gains.push(Math.max(change, 0));
    losses.push(Math.max(-change, 0));
  }
  const gain = wilderAverage(gains, period);
  const loss = wilderAverage(losses, period);
  return gain.map((up, i) => {
    const down = loss[i];
    if (up === null || down === null || down === undefined) return null;
    return down === 0 ? 100 : 100 - 100 / (1 + up / down);
  });
}

/** The three lines of a MACD. */
export interface MacdLines {
  /** Fast EMA − slow EMA, from the slow EMA's first value on. */
  macd: Series;
  /** The EMA of the MACD line over `signal` of its values. */
  signal: Series;
  /** MACD − signal. */
  histogram: Series;
}

/**
 * Gerald Appel's MACD of `closes`: the `fast` EMA less the `slow` EMA, its `signal` EMA, and
 * their difference (12, 26, 9 by default). With the seeded EMAs the MACD line starts at index
 * slow − 1 and the signal at slow + signal − 2.
 */
export function macd(closes: readonly number[], fast = 12, slow = 26, signal = 9): MacdLines {
  checkPeriod(fast, 'fast');
  checkPeriod(slow, 'slow');
  checkPeriod(signal, 'signal');
  if (fast >= slow) throw new RangeError(`fast (${fast}) must be shorter than slow (${slow})`);
  const fastLine = ema(closes, fast);
  const slowLine = ema(closes, slow);
  const line: Series = fastLine.map((value, i) => {
    const other = slowLine[i];
    return value === null || other === null || other === undefined ? null : value - other;
  });
  const signalLine = ema(line, signal);
  const histogram: Series = line.map((value, i) => {
    const other = signalLine[i];
    return value === null || other === null || other === undefined ? null : value - other;
  });
  return { macd: line, signal: signalLine, histogram };
}

/** Bollinger Bands: the middle band and the two around it. */
export interface BollingerLines {
  upper: Series;
  middle: Series;
  lower: Series;
}

/**
 * John Bollinger's bands of `closes`: the `period` simple average, and `width` standard
 * deviations above and below it (20 and 2 by default). The deviation is the population one of
 * the same window, as Bollinger and StockCharts compute it.
 */
export function bollinger(closes: readonly number[], period = 20, width = 2): BollingerLines {
  if (!(width > 0) || !Number.isFinite(width)) {
    throw new RangeError(`width must be a positive number, got ${width}`);
  }
  const middle = sma(closes, period);
  const upper: Series = new Array(closes.length).fill(null);
  const lower: Series = new Array(closes.length).fill(null);
  for (let i = period - 1; i < closes.length; i++) {
    const mean = middle[i] as number;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) {
      const away = (closes[j] as number) - mean;
      squares += away * away;
    }
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { upper, middle, lower };
}
