import type { Category, Instrument, Language } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { api } from '../api/index.js';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';
import { holdAhead, quoteWatch } from '../live/watch.js';
import { currentPath } from '../nav/location.js';
import { inCategory } from './category-filter.js';
import { browserOffline, whenBack } from './network.js';
import { singleFlight } from './once.js';
import { settings } from './settings.js';

export interface MarketState {
  /** Instrument categories in display order (docs/product.md#entities Category). */
  categories: Category[];
  /**
   * The trade list (docs/product.md#entities Instrument), as last fetched; live prices come from
   * the worker.
   */
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

/**
 * The categories by the language they are named in (the server answers NameShowTrans in the
 * call's `lang`): read once per language, concurrent callers sharing the read; a failed read
 * is forgotten, so the next caller tries again.
 */
const categoriesIn = new Map<Language, Promise<Category[]>>();

async function loadCategories(): Promise<void> {
  const { language } = settings;
  let read = categoriesIn.get(language);
  if (read === undefined) {
    read = api.call('categories');
    categoriesIn.set(language, read);
    read.catch(() => categoriesIn.delete(language));
  }
  const categories = await read;
  // Held by reference: the list is replaced whole, never edited in place. An answer for a
  // language left meanwhile is not shown.
  if (settings.language === language) market.categories = ref(categories);
}

/** Rows of the home list a phone shows at first (with some below the fold). */
const FIRST_ROWS = 20;
/** Long enough for the home rows to mount and hold their own ids (this project's choice). */
const FIRST_ROWS_HOLD_MS = 5000;

/**
 * The page opened on `/`: the worker is told the first rows' ids while the home list renders,
 * so their quotes are in when the rows mount (a row asks only once mounted, a round trip later).
 */
function watchFirstRows(instruments: readonly Instrument[]): void {
  const ids = inCategory(instruments, market.categoryId)
    .slice(0, FIRST_ROWS)
    .map((instrument) => instrument.Id);
  holdAhead(quoteWatch, ids, FIRST_ROWS_HOLD_MS);
}

/**
 * Fetches the trade list again (docs/product.md#routes: on every navigation to `/` and `/trade`),
 * and the categories the first time in each language, and hands the list to the live worker: its
 * terms and starting quotes (a quote already live is kept there). Concurrent calls share one
 * request. Failures are toasted by the API layer; the last list stays.
 *
 * While the browser says it is offline nothing is asked for (the read could only fail, and the
 * list this device kept answers it): the kept list shows. The kept list, shown for want of an
 * answer, is read again once the connection is back (docs/product.md#opening-with-no-signal).
 */
export const refreshTradeList: () => Promise<void> = singleFlight(async () => {
  if (browserOffline()) {
    await showQuotesCopy();
    whenBack(readTradeListBackOnline);
    return;
  }
  let instruments: Instrument[];
  try {
    [instruments] = await Promise.all([
      api.call('tradeList'),
      loadCategories().catch(() => undefined),
    ]);
  } catch (error) {
    // No answer: the list this device kept shows instead, delayed, until one comes.
    await showQuotesCopy();
    if (showingCopy) whenBack(readTradeListBackOnline);
    throw error;
  }
  showingCopy = false;
  listReadAt = Date.now();
  showList(instruments);
  keepQuotesCopy();
});

/** What the quotes show is the list this device kept, not an answer of this visit. */
let showingCopy = false;

/** The device's copy: its own chunk, off the first screen's path (idb-keyval with it). */
const deviceCopy = () => import('./device-copy.js');

/** When the trade list on show was read (ms since the epoch): the age of its own prices. */
let listReadAt = 0;

/** Shows `instruments`; `quoteTimes` says when their prices were quoted, where that is known. */
function showList(instruments: Instrument[], quoteTimes?: Record<number, number>): void {
  const firstList = !market.loaded;
  market.instruments = ref(instruments);
  market.loaded = true;
  if (firstList && currentPath() === '/') watchFirstRows(instruments);
  liveWorker().setInstruments(instruments, quoteTimes).catch(warnFeed('instruments not sent'));
}

/**
 * Keeps the trade list as the trader last saw it: each instrument at its last ticked price,
 * with when that price was quoted.
 */
async function saveQuotesCopy(): Promise<void> {
  const { saveQuotes, withLastPrices, quoteTimesOf } = await deviceCopy();
  const lastPrice = (id: number) => live.quotes[id];
  const instruments = withLastPrices(market.instruments, lastPrice);
  const quoteTimes = quoteTimesOf(instruments, lastPrice, listReadAt);
  await saveQuotes({ instruments, categories: market.categories, quoteTimes });
}

let keeping = false;

/**
 * Keeps the list on the device when the browser is idle (the copy costs the main thread a
 * structured clone of the whole list: never during the first screen's work), and again with
 * the last prices each time the app goes to the background.
 */
function keepQuotesCopy(): void {
  const save = () => void saveQuotesCopy().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: 5000 });
  else setTimeout(save, 1000);
  if (keeping || typeof document === 'undefined') return;
  keeping = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && market.loaded) save();
  });
}

/**
 * Shows the trade list this device kept, when no list has come yet (the page opened with no
 * network), and reads the real one as soon as the connection is back. Its prices stay delayed,
 * and nothing trades on them, until ticks come over the socket. Never rejects.
 */
export async function showQuotesCopy(): Promise<void> {
  if (market.loaded) return;
  // With no network its code may not load either (no service worker's copy yet): no copy then.
  const copy = await deviceCopy().then(
    (kept) => kept.loadQuotes(),
    () => undefined,
  );
  if (!copy || market.loaded) return;
  market.categories = ref([...copy.categories]);
  showList([...copy.instruments], copy.quoteTimes && { ...copy.quoteTimes });
  showingCopy = true;
  whenBack(readTradeListBackOnline);
}

/** The read once the connection is back: one function, so however often asked, one read. */
function readTradeListBackOnline(): void {
  refreshTradeList().catch(() => undefined);
}

let entryRead: Promise<void> | undefined;

/**
 * Starts the page's first trade-list read from the entry, before the first render, so the
 * list is taken as soon as its early read is in (not once the home screen has rendered).
 */
export function startFirstTradeList(): void {
  entryRead = refreshTradeList();
  entryRead.catch(() => undefined);
}

/**
 * The trade list read of a navigation to `/` or `/trade` (docs/product.md#routes): the page's first
 * navigation takes the read the entry started, any later one reads again.
 */
export function refreshTradeListOnNavigation(): Promise<void> {
  const started = entryRead;
  entryRead = undefined;
  return started ?? refreshTradeList();
}

/**
 * Reads the trade list again whenever the language changes: the server names categories and
 * some instruments in the language asked for (on the quotes screen, the drawer changes it
 * without a navigation).
 */
export function followTradeListLanguage(): void {
  subscribeKey(settings, 'language', () => {
    if (market.loaded) refreshTradeList().catch(() => undefined);
  });
}
