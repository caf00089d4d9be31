/**
 * The chart's own line from the live worker: each batch's candle and indicator values, handed
 * to the chart as the batch is applied, in the order they came. The chart draws them straight
 * onto its canvas, so a tick re-renders no component, and the indicator values of a candle
 * always follow the candle itself.
 */
import type { CandleView, IndicatorUpdate, LiveBatch } from '../worker/contract.js';

/** What one batch brought the chart. */
export interface ChartFeed {
  /** The latest candle of the watched topic; `null` once none is watched. */
  readonly candle?: CandleView | null;
  readonly indicators?: IndicatorUpdate;
}

type ChartListener = (feed: ChartFeed) => void;

const listeners = new Set<ChartListener>();

/** Hears every later batch that carries a candle or indicator values; returns the unsubscribe. */
export function onChartFeed(listener: ChartListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Passes `batch`'s chart part on (the store calls it for every batch it applies). */
export function feedChart(batch: LiveBatch): void {
  if (batch.candle === undefined && batch.indicators === undefined) return;
  const feed: ChartFeed = { candle: batch.candle, indicators: batch.indicators };
  for (const listener of listeners) listener(feed);
}
