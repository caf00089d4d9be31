/**
 * Chart periods the upstream does not publish, built from the ones it does: 4-hour candles from
 * its 60-minute ones, weekly candles from its daily ones. The aggregation is exact — a bucket's
 * open is its first candle's, its close its last's, its high and low the extremes, its volume
 * the sum — so a 4H candle is the very candle the upstream would have sent.
 *
 * This project's rule (docs/product.md#chart-periods): buckets are counted in UTC, as the
 * upstream's own candles are. A 4-hour bucket starts at 00, 04, 08, 12, 16 or 20 o'clock; a week
 * starts on Monday at 00:00.
 */
import type { Candle } from '../schemas/market.js';
import { PERIOD_SECONDS, type Period } from '../socket/topics.js';

const HOUR = 3600;
const DAY = 86_400;
const FOUR_HOURS = 4 * HOUR;

/** The periods built here, and the upstream period each is built from. */
export const AGGREGATED_PERIODS = {
  '4hour': '60min',
  '1week': '1day',
} as const satisfies Record<string, Period>;
export type AggregatedPeriod = keyof typeof AGGREGATED_PERIODS;

/** Every period a chart offers, in the order its bar shows them. */
export const CHART_PERIODS = [
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '4hour',
  '1day',
  '1week',
] as const satisfies readonly (Period | AggregatedPeriod)[];
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Seconds in one candle of each chart period (a week of days, gaps and all). */
export const CHART_PERIOD_SECONDS: Readonly<Record<ChartPeriod, number>> = {
  ...PERIOD_SECONDS,
  '4hour': FOUR_HOURS,
  '1week': 7 * DAY,
};

/**
 * The name a chart's candles go by in the app: the KLINE topic for a period the upstream
 * sends (`KLINE.EURUSD.60min`), the same form for one built here (`KLINE.EURUSD.4hour`), which
 * is never a topic of the socket.
 */
export function chartTopic(code: string, period: ChartPeriod): string {
  return `KLINE.${code}.${period}`;
}

/** Whether `period` is built here rather than sent by the upstream. */
export function isAggregated(period: ChartPeriod): period is AggregatedPeriod {
  return Object.hasOwn(AGGREGATED_PERIODS, period);
}

/** The upstream period a chart period's candles come from (itself when the upstream sends it). */
export function sourcePeriod(period: ChartPeriod): Period {
  return isAggregated(period) ? AGGREGATED_PERIODS[period] : period;
}

/** `value` modulo `by`, never negative (times before 1970 stay in their bucket). */
function modulo(value: number, by: number): number {
  return ((value % by) + by) % by;
}

/**
 * When the bucket holding `time` (UTC seconds) starts. 1 January 1970 was a Thursday: three
 * days after a Monday.
 */
export function bucketStart(period: AggregatedPeriod, time: number): number {
  if (period === '4hour') return time - modulo(time, FOUR_HOURS);
  const day = Math.floor(time / DAY);
  return (day - modulo(day + 3, 7)) * DAY;
}

/**
 * `candles` of the source period (any order; of two with one time, the later in the list wins)
 * as candles of `period`, oldest first.
 */
export function aggregateCandles(candles: readonly Candle[], period: AggregatedPeriod): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) byTime.set(candle.Time, candle);
  const sorted = [...byTime.values()].sort((a, b) => a.Time - b.Time);
  const buckets: Candle[] = [];
  let current: Candle | undefined;
  for (const candle of sorted) {
    const start = bucketStart(period, candle.Time);
    if (current?.Time === start) {
      current = {
        Time: start,
        Open: current.Open,
        High: Math.max(current.High, candle.High),
        Low: Math.min(current.Low, candle.Low),
        Close: candle.Close,
        Volume: current.Volume + candle.Volume,
      };
      buckets[buckets.length - 1] = current;
    } else {
      current = { ...candle, Time: start };
      buckets.push(current);
    }
  }
  return buckets;
}

/** The candles of `sources` in the last bucket of `period`: the ones a live candle joins. */
export function lastBucketOf(sources: readonly Candle[], period: AggregatedPeriod): Candle[] {
  const last = sources.reduce<number | undefined>(
    (latest, candle) => (latest === undefined || candle.Time > latest ? candle.Time : latest),
    undefined,
  );
  if (last === undefined) return [];
  const start = bucketStart(period, last);
  return sources.filter((candle) => bucketStart(period, candle.Time) === start);
}
