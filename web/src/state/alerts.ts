/**
 * The price alerts kept on this device (localStorage): read back through their shape, so a
 * broken or foreign entry is dropped rather than breaking the app; handed to the live worker,
 * which fires each once; marked fired when it does, and told (alert-news.ts).
 */
import {
  type AlertCondition,
  type FiredAlert,
  MAX_ALERTS,
  type PriceAlert,
  readStoredAlerts,
} from '@pipstream/protocol';
import { proxy, ref, subscribe } from 'valtio/vanilla';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';
import { announceAlert } from './alert-news.js';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from './storage.js';

export const ALERTS_KEY = 'pipstream.alerts';

export interface AlertsState {
  /** Every alert on the device, oldest first; replaced whole on each change. */
  list: readonly PriceAlert[];
}

/** What the book needs from the app; tests pass stand-ins. */
export interface AlertBookDeps {
  readonly state: AlertsState;
  readonly storage: KeyValueStorage | undefined;
  /** Hands the armed alerts to the live worker. */
  readonly arm: (armed: PriceAlert[]) => unknown;
  /** Tells the trader that an alert fired. */
  readonly announce: (fired: FiredAlert, alert: PriceAlert) => void;
  readonly now?: () => number;
  readonly newId?: () => string;
}

/** Why an alert could not be saved. */
export type AlertRefusal = 'full';

export function createAlertBook(deps: AlertBookDeps) {
  const { state, storage } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  /** Whether the device's list was read: a change made before must not overwrite it. */
  let loaded = false;

  function commit(list: PriceAlert[]): void {
    state.list = ref(list);
    writeJson(storage, ALERTS_KEY, list);
    arm();
  }

  function arm(): void {
    const armed = state.list.filter((alert) => alert.firedAt === null);
    const warn = (error: unknown) => console.warn('alerts not handed to the live worker', error);
    // A worker that cannot start never breaks the caller (the start-up): the alerts wait.
    try {
      Promise.resolve(deps.arm(armed)).catch(warn);
    } catch (error) {
      warn(error);
    }
  }

  /** Reads the device's alerts (again: another tab may have changed them) and arms them. */
  function load(): void {
    state.list = ref(readStoredAlerts(readJson(storage, ALERTS_KEY)));
    loaded = true;
    arm();
  }

  function current(): readonly PriceAlert[] {
    if (!loaded) load();
    return state.list;
  }

  return {
    load,

    /**
     * Sets a new alert on `instrument`, or changes `replacing` (which is armed again, under a
     * new id, so the worker that fired it takes it as new). Refused past `MAX_ALERTS`.
     */
    save(
      instrument: { readonly id: number; readonly code: string; readonly precision: number },
      condition: AlertCondition,
      replacing?: string,
    ): AlertRefusal | null {
      const before = current();
      const kept = before.filter((alert) => alert.id !== replacing);
      if (kept.length >= MAX_ALERTS) return 'full';
      const alert: PriceAlert = {
        id: newId(),
        instrumentId: instrument.id,
        code: instrument.code,
        precision: instrument.precision,
        condition: { ...condition },
        createdAt: now(),
        firedAt: null,
      };
      const at = before.findIndex((entry) => entry.id === replacing);
      const list = [...before];
      if (at === -1) list.push(alert);
      else list[at] = alert;
      commit(list);
      return null;
    },

    remove(id: string): void {
      commit(current().filter((alert) => alert.id !== id));
    },

    /** Marks the alerts the worker fired, and tells each once (never one already marked). */
    fired(alerts: readonly FiredAlert[]): void {
      const byId = new Map(alerts.map((fired) => [fired.id, fired]));
      const told: [FiredAlert, PriceAlert][] = [];
      const list = current().map((alert) => {
        const fired = byId.get(alert.id);
        if (!fired || alert.firedAt !== null) return alert;
        const marked = { ...alert, firedAt: fired.at };
        told.push([fired, marked]);
        return marked;
      });
      if (told.length === 0) return;
      commit(list);
      for (const [fired, alert] of told) deps.announce(fired, alert);
    },
  };
}

export type AlertBook = ReturnType<typeof createAlertBook>;

/** The app's alerts. */
export const alerts = proxy<AlertsState>({ list: ref([]) });

export const alertBook: AlertBook = createAlertBook({
  state: alerts,
  storage: browserStorage(),
  arm: (armed) => liveWorker().setAlerts(armed),
  announce: announceAlert,
});

let started = false;

/**
 * Reads the alerts and arms them, then follows what the worker fires and what other tabs
 * change. Called once the first screen has shown.
 */
export function startAlerts(): void {
  if (started) return;
  started = true;
  alertBook.load();
  let seen = live.alerts.seq;
  subscribe(live.alerts, () => {
    if (live.alerts.seq === seen) return;
    seen = live.alerts.seq;
    alertBook.fired(live.alerts.fired);
  });
  // Another tab set, changed or fired an alert: this one reads the list again.
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === ALERTS_KEY || event.key === null) alertBook.load();
  });
}
