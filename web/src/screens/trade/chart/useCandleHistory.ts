import {
  aggregateCandles,
  type Candle,
  type ChartPeriod,
  isAggregated,
  lastBucketOf,
  sourcePeriod,
} from '@pipstream/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/index.js';

/** The history of one instrument and period, as far as it has loaded. */
export interface CandleHistory {
  /** `${instrumentId}/${period}` the candles belong to. */
  key: string;
  status: 'loading' | 'ready' | 'error';
  /** Oldest first; `null` until the first answer. */
  candles: readonly Candle[] | null;
  /**
   * For a period built from another: the source candles of the latest bucket, which live
   * candles join (the live worker folds them); empty otherwise.
   */
  bucket: readonly Candle[];
}

/**
 * The chart's candles of `period` from the upstream's candles of its source period. The oldest
 * bucket of a page may have begun before its first candle: it is left for the next page
 * further back, which holds all of it.
 */
function chartCandles(sources: readonly Candle[], period: ChartPeriod): readonly Candle[] {
  if (!isAggregated(period)) return sources;
  const buckets = aggregateCandles(sources, period);
  return buckets.length > 1 ? buckets.slice(1) : buckets;
}

/** The source candles live candles join, for a period built from another. */
function bucketOf(sources: readonly Candle[], period: ChartPeriod): readonly Candle[] {
  return isAggregated(period) ? lastBucketOf(sources, period) : [];
}

/**
 * Loads the candles of `instrumentId` at `period` while `active`: the short cached history
 * (`abbreviatedKline`) draws first when it answers first, the full `kline` replaces it. Coming
 * back to the screen loads again (candles went by meanwhile) while the old ones stay drawn.
 * Failures are toasted by the API layer; the status says so for the retry button. A period
 * built from another (4H, 1W) reads its source's candles and shows them aggregated.
 */
export function useCandleHistory(instrumentId: number, period: ChartPeriod, active: boolean) {
  const key = `${instrumentId}/${period}`;
  const [history, setHistory] = useState<CandleHistory>(() => loading(key));
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    const request = { forex_id: instrumentId, period: sourcePeriod(period) };
    const ready = (sources: readonly Candle[]): CandleHistory => ({
      key,
      status: 'ready',
      candles: chartCandles(sources, period),
      bucket: bucketOf(sources, period),
    });
    const options = { signal: abort.signal };
    let full = false;
    setHistory((old) => (old.key === key && old.candles ? old : loading(key)));
    api
      .call('abbreviatedKline', request, options)
      .then((candles) => {
        if (!full && candles.length > 0) setHistory(ready(candles));
      })
      // The full history decides what is shown; this one only ever speeds the first draw.
      .catch(() => undefined);
    api
      .call('kline', request, options)
      .then((candles) => {
        full = true;
        setHistory(ready(candles));
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        // Candles already drawn (the short history, an earlier visit) stay up.
        setHistory((old) =>
          old.key === key && old.candles ? old : { ...loading(key), status: 'error' },
        );
      });
    return () => abort.abort();
  }, [key, instrumentId, period, active, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** The candles that opened before `before` (UTC seconds): a page further back in history. */
  const older = useCallback(
    async (before: number) =>
      chartCandles(
        await api.call('kline', {
          forex_id: instrumentId,
          period: sourcePeriod(period),
          end_time: before,
        }),
        period,
      ),
    [instrumentId, period],
  );
  // A render between a key change and its effect must not show the previous instrument.
  const current: CandleHistory = history.key === key ? history : loading(key);
  return { history: current, retry, older };
}

function loading(key: string): CandleHistory {
  return { key, status: 'loading', candles: null, bucket: [] };
}
