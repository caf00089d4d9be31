/**
 * Moving averages over a series, oldest first. Every indicator here answers one value per input,
 * `null` until it has enough input to mean anything (its warm-up), so its output lines up with
 * the candles index for index.
 */

/** One value per candle; `null` during an indicator's warm-up. */
export type Series = (number | null)[];

/** Throws unless `period` is a whole number of candles, 1 or more. */
export function checkPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`${name} must be a whole number of 1 or more, got ${period}`);
  }
}

/**
 * The simple moving average: the mean of the last `period` values, from the `period`-th value
 * on. The window's sum is recomputed rather than carried, so a long series collects no
 * rounding drift.
 */
export function sma(values: readonly number[], period: number): Series {
  checkPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  for (let i = period - 1; i < values.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += values[j] as number;
    out[i] = sum / period;
  }
  return out;
}

/**
 * The exponential moving average with the smoothing 2 ÷ (period + 1), seeded with the simple
 * average of the first `period` values (the StockCharts and TradingView convention): its first
 * value is at the `period`-th value of input. Leading `null`s (another indicator's warm-up, as
 * in the MACD signal line) are skipped before the seed; a `null` after it is not expected.
 */
export function ema(values: readonly (number | null)[], period: number): Series {
  return smoothed(values, period, 2 / (period + 1));
}

/**
 * Wilder's smoothing (his "modified moving average"): the exponential form with 1 ÷ period,
 * seeded with the simple average. RSI is built on it.
 */
export function wilderAverage(values: readonly (number | null)[], period: number): Series {
  return smoothed(values, period, 1 / period);
}

function smoothed(values: readonly (number | null)[], period: number, weight: number): Series {
  checkPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  let start = 0;
  while (start < values.length && values[start] === null) start++;
  const seedAt = start + period - 1;
  if (seedAt >= values.length) return out;
  let sum = 0;
  for (let i = start; i <= seedAt; i++) sum += values[i] as number;
  let average = sum / period;
  out[seedAt] = average;
  for (let i = seedAt + 1; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) break;
    average += (value - average) * weight;
    out[i] = average;
  }
  return out;
}
