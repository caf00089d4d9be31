/**
 * Whether the chart's legend is folded to one line, chosen on this device (like the chart type
 * and the indicators): read from storage once, written back on every change.
 */
import { proxy } from 'valtio/vanilla';
import {
  browserStorage,
  type KeyValueStorage,
  readJson,
  writeJson,
} from '../../../state/storage.js';

/** Where the choice is kept. */
export const LEGEND_KEY = 'pipstream.chart.legend';

/** The store of one storage (the app's is `chartLegend`; tests make their own). */
export function createLegendStore(storage: KeyValueStorage | undefined) {
  const state = proxy({ folded: readJson(storage, LEGEND_KEY) === 'folded' });
  return {
    state,
    toggle(): void {
      state.folded = !state.folded;
      writeJson(storage, LEGEND_KEY, state.folded ? 'folded' : 'whole');
    },
  };
}

/** This device's legend. */
export const chartLegend = createLegendStore(browserStorage());
