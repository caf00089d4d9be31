/**
 * The trailing stops kept on this device (localStorage), one per holding of an account
 * (docs/product.md#trailing-stop): read back through their shape, handed to the live worker,
 * which judges every price; the stop losses it asks for are sent from here (REST stays on the
 * main thread), and it is told how each went. A stop leaves the device with its holding.
 */
import '../schema-policy.js';
import {
  ApiError,
  type ArmedTrailingStop,
  type KeptTrailingStop,
  MAX_TRAILING_STOPS,
  readStoredTrailingStops,
  type TrailingChoice,
} from '@pipstream/protocol';
import { ref, subscribe } from 'valtio/vanilla';
import { i18n } from '../i18n/index.js';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';
import type { TrailMove, TrailOutcome } from '../worker/contract.js';
import { session } from './session.js';
import { setStopLevels, takeProfitToKeep } from './stop-levels.js';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from './storage.js';
import { refreshTrading, trading } from './trading.js';
import { type TrailingState, trailingStops } from './trailing-state.js';
import { showToast } from './ui.js';

export const TRAILING_KEY = 'pipstream.trailing-stops';

export type { TrailingState };

/** What the book needs from the app; tests pass stand-ins. */
export interface TrailingBookDeps {
  readonly state: TrailingState;
  readonly storage: KeyValueStorage | undefined;
  /** The logged-in account's uid; `null` for a visitor. */
  readonly uid: () => string | null;
  /** Hands the account's trailing stops to the live worker. */
  readonly arm: (stops: ArmedTrailingStop[]) => unknown;
  readonly now?: () => number;
}

export function createTrailingBook(deps: TrailingBookDeps) {
  const { state, storage } = deps;
  const now = deps.now ?? Date.now;
  let kept: KeptTrailingStop[] = [];
  /** Whether the device's list was read: a change made before must not overwrite it. */
  let loaded = false;

  function load(): void {
    kept = readStoredTrailingStops(readJson(storage, TRAILING_KEY));
    loaded = true;
    publish();
  }

  /** The stops on the device, read first if they were not yet. */
  function current(): KeptTrailingStop[] {
    if (!loaded) load();
    return kept;
  }

  /** The account's own stops, published and armed. */
  function publish(): void {
    const uid = deps.uid();
    const own = uid === null ? [] : kept.filter((stop) => stop.uid === uid);
    const byOrder: Record<number, TrailingChoice> = {};
    for (const { orderId, distancePips, stepPips } of own) {
      byOrder[orderId] = { distancePips, stepPips };
    }
    state.byOrder = ref(byOrder);
    const armed = own.map(({ uid: _, ...stop }) => stop);
    const warn = (error: unknown) => console.warn('trailing stops not handed to the worker', error);
    // A worker that cannot start never breaks the caller: the stops wait.
    try {
      Promise.resolve(deps.arm(armed)).catch(warn);
    } catch (error) {
      warn(error);
    }
  }

  function commit(next: KeptTrailingStop[]): void {
    kept = next;
    writeJson(storage, TRAILING_KEY, next.length > 0 ? next : null);
    publish();
  }

  return {
    /** Reads the device's stops (again: another tab may have changed them) and arms them. */
    load,

    /** The logged-in account changed: its own stops are armed, no one else's. */
    accountChanged(): void {
      if (loaded) publish();
      else load();
    },

    /**
     * Sets the trailing stop of the holding `orderId` (set anew: it starts from the stop loss
     * the holding has now), or turns it off (`null`). False when the device keeps no more.
     */
    set(orderId: number, choice: TrailingChoice | null): boolean {
      const uid = deps.uid();
      if (uid === null) return false;
      const before = current();
      const others = before.filter((stop) => !(stop.uid === uid && stop.orderId === orderId));
      if (choice === null) {
        if (others.length !== before.length) commit(others);
        return true;
      }
      if (others.length >= MAX_TRAILING_STOPS) return false;
      commit([...others, { uid, orderId, ...choice, setAt: now() }]);
      return true;
    },

    /** Forgets the account's stops on orders that are no longer held (`held`: every holding). */
    keepHeld(held: Iterable<number>): void {
      const uid = deps.uid();
      if (uid === null) return;
      const ids = new Set(held);
      const before = current();
      const next = before.filter((stop) => stop.uid !== uid || ids.has(stop.orderId));
      if (next.length !== before.length) commit(next);
    },

    /** Forgets the account's stops on `ids` (closed orders). */
    forget(ids: readonly number[]): void {
      const uid = deps.uid();
      const before = current();
      const next = before.filter((stop) => stop.uid !== uid || !ids.includes(stop.orderId));
      if (next.length !== before.length) commit(next);
    },
  };
}

export type TrailingBook = ReturnType<typeof createTrailingBook>;

/** What the sender needs from the app; tests pass stand-ins. */
export interface TrailSenderDeps {
  /** Whether `orderId` still trails: a move for one turned off since is not sent. */
  readonly trails: (orderId: number) => boolean;
  /** Sends the levels (`set_stop_price`, quiet); rejects as the call does. */
  readonly send: (move: TrailMove) => Promise<void>;
  /** Tells the worker how a move ended. */
  readonly settle: (moveId: number, outcome: TrailOutcome) => unknown;
  /** Re-reads the orders: the lists and the chart show the new stop loss. */
  readonly refresh: () => unknown;
  /** Tells the trader once that a holding's trail could not move its stop; `reason` in words. */
  readonly notify: (orderId: number, reason: string | undefined) => void;
}

/**
 * Sends the moves the worker asks for and tells it how each went. A holding whose moves fail is
 * told of once, until one goes through again: the worker keeps trailing it, more slowly.
 */
export function createTrailSender(deps: TrailSenderDeps) {
  const failing = new Set<number>();
  const settle = (moveId: number, outcome: TrailOutcome) => {
    Promise.resolve(deps.settle(moveId, outcome)).catch((error: unknown) =>
      console.warn('trailing move not reported to the worker', error),
    );
  };

  async function sendOne(move: TrailMove): Promise<void> {
    if (!deps.trails(move.orderId)) {
      settle(move.id, 'refused');
      return;
    }
    try {
      await deps.send(move);
    } catch (error) {
      const refused = error instanceof ApiError;
      settle(move.id, refused ? 'refused' : 'failed');
      if (!failing.has(move.orderId)) {
        failing.add(move.orderId);
        deps.notify(move.orderId, refused && error.msg ? error.msg : undefined);
      }
      return;
    }
    failing.delete(move.orderId);
    settle(move.id, 'moved');
    deps.refresh();
  }

  return {
    send(moves: readonly TrailMove[]): Promise<void> {
      return Promise.all(moves.map(sendOne)).then(() => undefined);
    },
  };
}

export { trailingStops };

export const trailingBook: TrailingBook = createTrailingBook({
  state: trailingStops,
  storage: browserStorage(),
  uid: () => (session.token === null ? null : (session.user?.uid ?? null)),
  arm: (stops) => liveWorker().setTrailingStops(stops),
});

/** The holding `orderId` as last read, if it is one. */
const heldOrder = (orderId: number) => trading.holding.find((order) => order.Id === orderId);

const sender = createTrailSender({
  trails: (orderId) => trailingStops.byOrder[orderId] !== undefined,
  send: (move) => {
    const read = heldOrder(move.orderId)?.TargetProfitPrice ?? move.takeProfit;
    return setStopLevels(
      move.orderId,
      { takeProfit: takeProfitToKeep(move.orderId, read), stopLoss: move.stopLoss },
      { quiet: true },
    );
  },
  settle: (moveId, outcome) => liveWorker().trailSettled(moveId, outcome),
  refresh: () => void refreshTrading(),
  notify: (orderId, reason) => {
    const code = heldOrder(orderId)?.ForexTradeLists.ShowCode ?? String(orderId);
    showToast(
      i18n.t('web.trailing.failed', {
        code,
        reason: reason ?? i18n.t('web.trailing.no_answer'),
      }),
      'error',
    );
  },
});

let started = false;

/**
 * Reads the trailing stops and arms them for the logged-in account, then sends what the worker
 * asks, follows logins, forgets the stops of holdings gone, and what other tabs change. Called
 * once the account feed may read.
 */
export function startTrailingStops(): void {
  if (started) return;
  started = true;
  trailingBook.load();
  let seen = live.trails.seq;
  subscribe(live.trails, () => {
    if (live.trails.seq === seen) return;
    seen = live.trails.seq;
    void sender.send(live.trails.moves);
  });
  let uid = session.user?.uid ?? null;
  let token = session.token;
  subscribe(session, () => {
    const nextUid = session.user?.uid ?? null;
    if (nextUid === uid && session.token === token) return;
    uid = nextUid;
    token = session.token;
    trailingBook.accountChanged();
  });
  // A holding closed (a push), or no longer among the holdings as read: its stop goes.
  let closedSeen = live.orders.closedSeq;
  subscribe(live.orders, () => {
    if (live.orders.closedSeq === closedSeen) return;
    closedSeen = live.orders.closedSeq;
    trailingBook.forget(live.orders.closedIds);
  });
  subscribe(trading, () => {
    if (trading.loaded && !trading.fromDevice) {
      trailingBook.keepHeld(trading.holding.map((order) => order.Id));
    }
  });
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === TRAILING_KEY || event.key === null) trailingBook.load();
  });
}
