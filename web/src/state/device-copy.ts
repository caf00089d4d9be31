/**
 * What the device keeps so the app opens with no signal: the last trade list (with the last
 * prices seen) and the logged-in account's open orders and balance, in IndexedDB (idb-keyval).
 * Shown only while the network cannot answer, always as delayed (the live worker marks a price
 * delayed until a tick has come over an open socket), and replaced by the first answer that
 * comes. The account's copy belongs to one user and is forgotten at logout.
 */
import type { Category, Instrument, Order } from '@pipstream/protocol';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** The database and its one object store. */
export const DEVICE_DB = 'pipstream';
const STORE = 'device-copy';
const QUOTES_KEY = 'quotes';
const ACCOUNT_KEY = 'account';

export interface QuotesCopy {
  readonly instruments: readonly Instrument[];
  readonly categories: readonly Category[];
  /**
   * When each instrument's price was quoted (ms since the epoch): its last tick's time, or when
   * the list was read. Opened offline, each price says how old it is. Absent in older copies.
   */
  readonly quoteTimes?: Readonly<Record<number, number>>;
}

export interface AccountCopy {
  /** Whose orders these are: shown only to the same user. */
  readonly uid: string;
  readonly holding: readonly Order[];
  readonly pending: readonly Order[];
  readonly balance: string;
  readonly stopOutLevel: number | null;
}

let store: UseStore | undefined;

/** The store, opened on first use (never on the first screen's path unless needed). */
function deviceStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore(DEVICE_DB, STORE);
  return store;
}

/** Runs a storage action; a device that refuses storage simply keeps nothing. */
async function quietly<T>(action: (on: UseStore) => Promise<T>): Promise<T | undefined> {
  const on = deviceStore();
  if (!on) return undefined;
  try {
    return await action(on);
  } catch (error) {
    console.warn('device copy: storage refused', error);
    return undefined;
  }
}

export const saveQuotes = (copy: QuotesCopy) => quietly((on) => set(QUOTES_KEY, copy, on));
export const loadQuotes = () => quietly((on) => get<QuotesCopy>(QUOTES_KEY, on));

export const saveAccount = (copy: AccountCopy) => quietly((on) => set(ACCOUNT_KEY, copy, on));
export const forgetAccount = () => quietly((on) => del(ACCOUNT_KEY, on));

/** The kept account of `uid`, if that is whose it is. */
export async function loadAccount(uid: string): Promise<AccountCopy | undefined> {
  const copy = await quietly((on) => get<AccountCopy>(ACCOUNT_KEY, on));
  return copy?.uid === uid ? copy : undefined;
}

/** A price as the live figures last had it, for the trade list's copy. */
export interface LastPrice {
  readonly close: number;
  readonly open: number;
  readonly change: number;
  /** `null` while the price is still the trade list's own: no tick came. */
  readonly time: number | null;
}

/**
 * When each instrument's price was quoted: its last tick's time, else `readAt` (when the list
 * holding its price was read).
 */
export function quoteTimesOf(
  instruments: readonly Instrument[],
  lastPrice: (id: number) => LastPrice | undefined,
  readAt: number,
): Record<number, number> {
  const times: Record<number, number> = {};
  for (const { Id } of instruments) times[Id] = lastPrice(Id)?.time ?? readAt;
  return times;
}

/**
 * The trade list with each instrument's last ticked price in place of the one it was read
 * with: what the trader last saw is what the copy shows.
 */
export function withLastPrices(
  instruments: readonly Instrument[],
  lastPrice: (id: number) => LastPrice | undefined,
): Instrument[] {
  return instruments.map((instrument) => {
    const price = lastPrice(instrument.Id);
    if (!price || price.time === null) return instrument;
    const { close, open, change } = price;
    return {
      ...instrument,
      ForexQuotations: { ...instrument.ForexQuotations, Close: close, Open: open, Change: change },
    };
  });
}
