/**
 * How the price pane draws the candles, chosen on this device: candlesticks, a line through the
 * closes, or that line with the area under it filled. Read from storage once and written back
 * on every change, like the indicators (per device, not per account).
 */
import { proxy } from 'valtio/vanilla';
import {
  browserStorage,
  type KeyValueStorage,
  readJson,
  writeJson,
} from '../../../state/storage.js';

export const CHART_TYPES = ['candles', 'line', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Where the choice is kept. */
export const CHART_TYPE_KEY = 'pipstream.chart.type';

/** A kept value as a type: anything else is candlesticks. */
export function toChartType(value: unknown): ChartType {
  return CHART_TYPES.find((type) => type === value) ?? 'candles';
}

/** The store of one storage (the app's is `chartType`; tests make their own). */
export function createChartTypeStore(storage: KeyValueStorage | undefined) {
  const state = proxy({ type: toChartType(readJson(storage, CHART_TYPE_KEY)) });
  return {
    state,
    choose(type: ChartType): void {
      state.type = type;
      writeJson(storage, CHART_TYPE_KEY, type);
    },
  };
}

/** This device's chart type. */
export const chartType = createChartTypeStore(browserStorage());
