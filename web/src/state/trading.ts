/**
 * The account as REST knows it: every holding and pending order and the balance, re-read on
 * demand and handed to the live worker, which values them with the live quotes. The account
 * feed (state/account-feed.ts) decides when; screens call `refreshTrading()` after an order
 * action of their own.
 */
import type { Money, Order, OrderList } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import { api } from '../api/index.js';
import { liveWorker } from '../live/bridge.js';
import type { OpenOrder } from '../worker/contract.js';
import type { AccountCopy } from './device-copy.js';
import { browserOffline, whenBack } from './network.js';
import { session } from './session.js';
import { readAllPages, toOpenOrder, toPendingMargin } from './trading-pages.js';

export interface TradingState {
  /** Holding orders (my_deal status 1), every page, newest first. */
  holding: Order[];
  /** Pending orders (my_deal status 0), every page, newest first. */
  pending: Order[];
  /** The balance that came with the orders; `null` while logged out or not read yet. */
  balance: string | null;
  /** The orders and balance of the current login have been read at least once. */
  loaded: boolean;
  /** What shows is the copy this device kept (no network yet), not an answer of this visit. */
  fromDevice?: boolean;
}

/** An account's orders and balance, as read or as kept on the device. */
export type AccountFigures = Omit<AccountCopy, 'uid'>;

/**
 * `my_deal`'s `status` for the two open tabs (docs/product.md#states); plain numbers keep zod out
 * of this chunk.
 */
const HOLDING = 1;
const PENDING = 0;

/** What the refresher needs from the app; tests pass stand-ins. */
export interface TradingDeps {
  readonly state: TradingState;
  /** The current session token; `null` when logged out. */
  readonly token: () => string | null;
  /** Whether the phone has a network (`navigator.onLine`): with none, nothing is asked. */
  readonly online: () => boolean;
  /**
   * Runs a read again once the connection is back (state/network.ts `whenBack`): after one
   * that could not be made or got no answer.
   */
  readonly whenBack?: (read: () => void) => void;
  /** One page of `my_deal`. */
  readonly fetchPage: (status: typeof HOLDING | typeof PENDING, page: number) => Promise<OrderList>;
  /** The live worker's account inputs (through comlink each returns a promise). */
  readonly worker: () => {
    setHoldings(orders: OpenOrder[]): unknown;
    setPending(orders: Pick<Order, 'Id' | 'CautionMoney'>[]): unknown;
    setBalance(balance: Money | null): unknown;
    /** The upstream's stop-out level that came with the orders, for the margin warnings. */
    setStopOutLevel?(level: number | null): unknown;
  };
  /**
   * The device's copy of the account (state/device-copy.ts): kept after every read, shown
   * when a read fails before any answer came, forgotten at logout.
   */
  readonly deviceCopy?: {
    save(figures: AccountFigures): unknown;
    load(): Promise<AccountFigures | undefined>;
    forget(): unknown;
  };
}

/** A device that keeps nothing never stops the account's figures (device-copy.ts logs why). */
function keepQuiet(kept: unknown): void {
  Promise.resolve(kept).catch(() => undefined);
}

/**
 * Creates `refresh()`: re-reads holding and pending orders (all pages) and the balance, stores
 * them in `state` and pushes them to the worker.
 *
 * - Single flight with one trailing run: a call while a read is running gets one more read
 *   after it (the caller may have just changed the orders, so the running read can be stale),
 *   and every further call meanwhile shares that same trailing read.
 * - Logged out: clears `state` and reads nothing. A read whose token is no longer the current
 *   one when it ends is dropped, so another login's orders never show.
 * - Never rejects: failures were already toasted by the API layer; the last state stays.
 *
 * The balance is the one `my_deal` returns with the holding orders, not a separate
 * `getBalance`: one request fewer, and it is read together with the orders it accounts for
 * (this model's balance is the cash outside them), so the worker's equity adds up.
 */
export function createTradingRefresher(
  deps: TradingDeps,
): (() => Promise<void>) & { showDeviceCopy(): Promise<void> } {
  const { state } = deps;
  let running: Promise<void> | undefined;
  let trailing: Promise<void> | undefined;
  /** One function, so however often a read is put off, one read follows. */
  const readWhenBack = () => void refresh();

  function clear() {
    state.holding = ref([]);
    state.pending = ref([]);
    state.balance = null;
    state.loaded = false;
    state.fromDevice = false;
    keepQuiet(deps.deviceCopy?.forget());
  }

  function show(figures: AccountFigures, fromDevice: boolean) {
    // Replaced whole, never edited in place: held by reference, so they stay plain objects.
    state.holding = ref([...figures.holding]);
    state.pending = ref([...figures.pending]);
    state.balance = figures.balance;
    state.loaded = true;
    state.fromDevice = fromDevice;
    const worker = deps.worker();
    const pushed = [
      worker.setBalance(figures.balance),
      worker.setPending(figures.pending.map(toPendingMargin)),
      worker.setHoldings(figures.holding.map(toOpenOrder)),
      worker.setStopOutLevel?.(figures.stopOutLevel),
    ];
    for (const push of pushed) {
      Promise.resolve(push).catch((error: unknown) =>
        console.warn('account figures not handed to the live worker', error),
      );
    }
  }

  /**
   * The device's copy, when nothing of this login shows yet. Never rejects: with no network its
   * code may not load either (no service worker's copy yet), and then there is no copy.
   */
  async function showCopy(token: string) {
    if (state.loaded || !deps.deviceCopy) return;
    const copy = await deps.deviceCopy.load().catch(() => undefined);
    if (copy && !state.loaded && deps.token() === token) show(copy, true);
  }

  async function read(): Promise<void> {
    const token = deps.token();
    if (token === null) {
      clear();
      return;
    }
    // No network: a read could only fail and toast; what shows stays (the device's copy when
    // nothing does), and the read is made once the connection is back.
    if (!deps.online()) {
      await showCopy(token);
      deps.whenBack?.(readWhenBack);
      return;
    }
    let figures: AccountFigures;
    try {
      const [holdings, pendings] = await Promise.all([
        readAllPages((page) => deps.fetchPage(HOLDING, page)),
        readAllPages((page) => deps.fetchPage(PENDING, page)),
      ]);
      figures = {
        holding: holdings.rows,
        pending: pendings.rows,
        balance: holdings.first.balance,
        stopOutLevel: holdings.first.stop_out_level ?? null,
      };
    } catch {
      // Failures were toasted (or are quiet while the connection is lost): read again once back.
      await showCopy(token);
      deps.whenBack?.(readWhenBack);
      return;
    }
    if (deps.token() !== token) return;
    show(figures, false);
    keepQuiet(deps.deviceCopy?.save(figures));
  }

  function refresh(): Promise<void> {
    // A logout empties the lists at once; a read still running for the old token is dropped.
    if (deps.token() === null) {
      clear();
      return Promise.resolve();
    }
    if (running === undefined) {
      running = read().finally(() => {
        running = undefined;
      });
      return running;
    }
    if (trailing === undefined) {
      const next = () => {
        trailing = undefined;
        return refresh();
      };
      trailing = running.then(next, next);
    }
    return trailing;
  }

  return Object.assign(refresh, {
    /** Shows the device's copy at once when nothing shows yet (the page opened offline). */
    showDeviceCopy: async () => {
      const token = deps.token();
      if (token !== null) await showCopy(token);
    },
  });
}

/** The app's account orders and balance. */
export const trading = proxy<TradingState>({
  holding: ref([]),
  pending: ref([]),
  balance: null,
  loaded: false,
});

/**
 * Re-reads the holding and pending orders (all pages) and the balance, and pushes them to the
 * live worker. Concurrent calls share one read plus at most one trailing read; logged out it
 * only clears. Never rejects.
 */
/** The device's copy: its own chunk, off the first screen's path (idb-keyval with it). */
const deviceCopy = () => import('./device-copy.js');

const refresher = createTradingRefresher({
  state: trading,
  token: () => session.token,
  online: () => !browserOffline(),
  whenBack,
  fetchPage: (status, page) => api.call('myDeal', { status, page }),
  worker: liveWorker,
  deviceCopy: {
    save: async (figures) => {
      const uid = session.user?.uid;
      if (uid) await (await deviceCopy()).saveAccount({ uid, ...figures });
    },
    load: async () => {
      const uid = session.user?.uid;
      return uid ? (await deviceCopy()).loadAccount(uid) : undefined;
    },
    forget: async () => (await deviceCopy()).forgetAccount(),
  },
});

export const refreshTrading: () => Promise<void> = refresher;

/**
 * Shows the orders and balance this device kept for the logged-in user, when none show yet:
 * the page opened with no network. Valued at delayed prices, so nothing trades on them.
 */
export const showAccountCopy: () => Promise<void> = refresher.showDeviceCopy;

/**
 * The open orders of `status` (my_deal's holding 1 or pending 0) this device kept, as a list's
 * first page, while they show in place of an answer (the page opened with no network).
 */
export async function keptOrders(
  status: number,
): Promise<{ rows: readonly Order[]; total: number } | undefined> {
  await showAccountCopy();
  if (!trading.fromDevice) return undefined;
  const rows = status === HOLDING ? trading.holding : status === PENDING ? trading.pending : null;
  return rows ? { rows, total: rows.length } : undefined;
}
