import type { Category, Instrument } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import { api } from '../api/index.js';
import { sharedLoad, singleFlight } from './once.js';

export interface MarketState {
  /** Instrument categories in display order (SPEC §3 Category). */
  categories: Category[];
  /** The trade list (SPEC §3 Instrument), as last fetched; live prices come from the worker. */
  instruments: Instrument[];
  /** The trade list has been fetched at least once (the home skeleton shows until then). */
  loaded: boolean;
  /** The category the home filter bar shows; `null` is every category. */
  categoryId: number | null;
}

export const market = proxy<MarketState>({
  categories: [],
  instruments: [],
  loaded: false,
  categoryId: null,
});

const loadCategories = sharedLoad(async () => {
  // Held by reference: the list is replaced whole, never edited in place.
  market.categories = ref(await api.call('categories'));
});

/**
 * Fetches the trade list again (SPEC §2: on every navigation to `/` and `/trade`), and the
 * categories the first time. Concurrent calls share one request. Failures are toasted by the
 * API layer; the last list stays.
 */
export const refreshTradeList: () => Promise<void> = singleFlight(async () => {
  const [instruments] = await Promise.all([
    api.call('tradeList'),
    loadCategories().catch(() => undefined),
  ]);
  market.instruments = ref(instruments);
  market.loaded = true;
});
