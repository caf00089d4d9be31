/**
 * The live model's candle: the latest candle of the one chart being watched. A period the
 * upstream sends is its KLINE topic's candle as it comes; a period built from another (4H from
 * 60 minutes, 1W from days) folds each candle of its source topic into the bucket it belongs
 * to, with the bucket's earlier candles the chart handed over with its history.
 */
import {
  type AggregatedPeriod,
  aggregateCandles,
  bucketStart,
  type Candle,
  type ChartPeriod,
  chartTopic,
  isAggregated,
  type KlineTopic,
  klineTopic,
  sourcePeriod,
} from '@pipstream/protocol';
import type { CandleView } from './batch.js';
import type { ChangeSet } from './changes.js';

export function createCandleWatch(changes: ChangeSet) {
  let watched: { code: string; period: ChartPeriod } | null = null;
  let candle: CandleView | null = null;
  /** An aggregated chart's latest bucket: when it starts, and its source candles by time. */
  let bucket: { start: number; sources: Map<number, Candle> } | null = null;

  /** The watched aggregated chart's candle of the bucket held. */
  function bucketCandle(period: AggregatedPeriod): Candle | null {
    return (bucket && aggregateCandles([...bucket.sources.values()], period)[0]) ?? null;
  }

  /** The chart candle `value` (a candle of the source topic) makes, or `null`. */
  function shown(value: Candle): Candle | null {
    if (!watched || !isAggregated(watched.period)) return value;
    const period = watched.period;
    const start = bucketStart(period, value.Time);
    // A candle of an older bucket than the one held changes nothing on show.
    if (bucket && start < bucket.start) return null;
    if (!bucket || start > bucket.start) bucket = { start, sources: new Map() };
    bucket.sources.set(value.Time, value);
    return bucketCandle(period);
  }

  return {
    get candle(): CandleView | null {
      return candle;
    },

    /** The KLINE topic the watched chart's candles come from, if any. */
    get topic(): KlineTopic | null {
      return watched && klineTopic(watched.code, sourcePeriod(watched.period));
    },

    /** The name the watched chart's candles go by (`chartTopic`), if any. */
    get chartTopic(): string | null {
      return watched && chartTopic(watched.code, watched.period);
    },

    /** The chart watched now, if any. */
    get watched(): { readonly code: string; readonly period: ChartPeriod } | null {
      return watched;
    },

    /** Starts watching one instrument's candles (the previous candle is dropped), or stops. */
    watch(next: { code: string; period: ChartPeriod } | null): void {
      watched = next && { ...next };
      candle = null;
      bucket = null;
      changes.candle = true;
    },

    /**
     * The source candles of the latest bucket of the chart of `code` at `period`, from the
     * history it loaded: live candles join them. Ignored for another chart than the one watched.
     */
    seed(code: string, period: ChartPeriod, sources: readonly Candle[]): void {
      if (!watched || watched.code !== code || watched.period !== period) return;
      if (!isAggregated(period) || sources.length === 0) return;
      const start = bucketStart(period, Math.max(...sources.map((source) => source.Time)));
      // Live candles of a later bucket are newer than the history: it adds nothing to them.
      if (bucket && bucket.start > start) return;
      const merged = new Map(sources.map((source) => [source.Time, source]));
      // Live candles of the same bucket are newer than the history's.
      if (bucket?.start === start)
        for (const [time, held] of bucket.sources) merged.set(time, held);
      bucket = { start, sources: merged };
      // A live candle shown before the history came in held only part of its bucket.
      const whole = candle && bucketCandle(period);
      if (whole) {
        candle = { ...whole, code, period };
        changes.candle = true;
      }
    },

    /**
     * A KLINE frame: the chart candle it makes, or `null` for a frame of a topic no longer
     * watched (or an older bucket's).
     */
    apply(topic: string, value: Candle): CandleView | null {
      if (watched === null || topic !== klineTopic(watched.code, sourcePeriod(watched.period))) {
        return null;
      }
      const next = shown(value);
      if (!next) return null;
      candle = { ...next, code: watched.code, period: watched.period };
      changes.candle = true;
      return candle;
    },
  };
}
