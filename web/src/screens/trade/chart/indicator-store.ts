/**
 * The indicators chosen on this device: read from storage once, kept in a valtio proxy the
 * chart and the sheet share, and written back on every change (per device, not per account:
 * a chart set-up belongs to the screen it was made for).
 */
import {
  type Indicator,
  type IndicatorSettings,
  indicatorSettingsSchema,
  readIndicatorSettings,
} from '@pipstream/protocol';
import { proxy, snapshot } from 'valtio/vanilla';
import {
  browserStorage,
  type KeyValueStorage,
  readJson,
  writeJson,
} from '../../../state/storage.js';

/** Where the choice is kept. */
export const INDICATORS_KEY = 'pipstream.chart.indicators';

/** The store of one storage (the app's is `chartIndicators`; tests make their own). */
export function createIndicatorStore(storage: KeyValueStorage | undefined) {
  const state = proxy<IndicatorSettings>(readIndicatorSettings(readJson(storage, INDICATORS_KEY)));

  return {
    state,
    /**
     * Changes one indicator; a change that would not check out (a period out of range, a
     * MACD's fast period not shorter than its slow one) is refused and returns false.
     */
    update<K extends Indicator>(name: K, patch: Partial<IndicatorSettings[K]>): boolean {
      const next = { ...snapshot(state)[name], ...patch };
      const parsed = indicatorSettingsSchema.shape[name].safeParse(next);
      if (!parsed.success) return false;
      (state as Record<Indicator, unknown>)[name] = parsed.data;
      writeJson(storage, INDICATORS_KEY, snapshot(state));
      return true;
    },
  };
}

/** This device's indicators. */
export const chartIndicators = createIndicatorStore(browserStorage());
