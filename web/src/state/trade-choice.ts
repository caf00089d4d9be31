/**
 * What the trade screen remembers between visits: the instrument chosen last and the chart
 * period (the orders are state/trading.ts's).
 */
import { type ChartPeriod, DEFAULT_PERIOD, type Instrument } from '@pipstream/protocol';
import { proxy } from 'valtio/vanilla';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from './storage.js';

/** What the trade screen remembers between visits. */
export interface TradeState {
  /**
   * The instrument chosen last: from `/trade?id=`, the instrument drawer, or an earlier visit.
   * `null` before any choice; the screen then shows the first instrument of the trade list.
   */
  instrumentId: number | null;
  /** The chart period (docs/product.md#constants: 1min by default). */
  period: ChartPeriod;
}

const INSTRUMENT_KEY = 'pipstream.trade.instrument';

/** A positive whole instrument id from a query value or a stored entry, else `undefined`. */
export function parseInstrumentId(value: unknown): number | undefined {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The `id` of a `/trade` query (`id=12` → 12), if it names one. */
export function instrumentIdIn(search: string): number | undefined {
  return parseInstrumentId(new URLSearchParams(search).get('id'));
}

/**
 * The instrument the screen shows: the first of `wanted` (a query's id, the stored choice) that
 * the trade list has, else the list's first — an id from an old link or of a delisted
 * instrument falls through; `undefined` while the list is empty.
 */
export function shownInstrument<T extends Pick<Instrument, 'Id'>>(
  list: readonly T[],
  ...wanted: readonly (number | null | undefined)[]
): T | undefined {
  for (const id of wanted) {
    const found = id == null ? undefined : list.find((item) => item.Id === id);
    if (found) return found;
  }
  return list[0];
}

/** A trade store that keeps the chosen instrument in `storage` (the period lives per visit). */
export function createTradeStore(storage: KeyValueStorage | undefined) {
  const state = proxy<TradeState>({
    instrumentId: parseInstrumentId(readJson(storage, INSTRUMENT_KEY)) ?? null,
    period: DEFAULT_PERIOD,
  });
  return {
    state,
    /** Shows instrument `id` and remembers it for the next visit. */
    chooseInstrument(id: number): void {
      if (state.instrumentId === id) return;
      state.instrumentId = id;
      writeJson(storage, INSTRUMENT_KEY, id);
    },
    /** Switches the chart period. */
    choosePeriod(period: ChartPeriod): void {
      state.period = period;
    },
  };
}

const store = createTradeStore(browserStorage());

/** The app's trade screen state, restored from `localStorage` on load. */
export const trade = store.state;
export const chooseInstrument = store.chooseInstrument;
export const choosePeriod = store.choosePeriod;
