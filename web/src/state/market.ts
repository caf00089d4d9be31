import type { Category, Instrument } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import { api } from '../api/index.js';
import { liveWorker } from '../live/bridge.js';
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

const warnFeed = (what: string) => (error: unknown) => console.warn(`quote feed: ${what}`, error);

/**
 * Subscribes DAY_MARKET for the page's life: quotes are read on `/` and `/trade`, and the
 * holdings on `/order` are valued by them (the worker keeps the topic across reconnects).
 * Called once at start-up, whichever route the page opens on.
 */
export function startQuoteFeed(): void {
  liveWorker().subscribeQuotes().catch(warnFeed('DAY_MARKET not subscribed'));
}

const loadCategories = sharedLoad(async () => {
  // Held by reference: the list is replaced whole, never edited in place.
  market.categories = ref(await api.call('categories'));
});

/**
 * Fetches the trade list again (SPEC §2: on every navigation to `/` and `/trade`), and the
 * categories the first time, and hands the list to the live worker: its terms and starting
 * quotes (a quote already live is kept there). Concurrent calls share one request. Failures
 * are toasted by the API layer; the last list stays.
 */
export const refreshTradeList: () => Promise<void> = singleFlight(async () => {
  const [instruments] = await Promise.all([
    api.call('tradeList'),
    loadCategories().catch(() => undefined),
  ]);
  market.instruments = ref(instruments);
  market.loaded = true;
  liveWorker().setInstruments(instruments).catch(warnFeed('instruments not sent'));
});
