/**
 * The page reloading itself for a screen it cannot load in place (app/retryable-lazy.ts). Part
 * of the first load, not a chunk of its own: a browser that keeps a failed `import()` would,
 * had it first been asked for offline, never reload the page.
 */
import { live } from '../live/store.js';

/** The page reloads for the same failure at most this often (this project's choice). */
export const RELOAD_GAP_MS = 60_000;
/**
 * The failure the page last reloaded itself for, and when (sessionStorage: it outlives the
 * page, and the tab alone).
 */
const LAST_RELOAD_KEY = 'pipstream.reloaded-for-load';

/** A reload the page made for a failed load. */
export interface LoadReload {
  /** The failure, as the browser words it (Chromium and Firefox name the chunk). */
  readonly failure: string;
  readonly at: number;
}

/**
 * Whether a load that failed with `failure` should reload the page: the connection answers, so
 * the network is not what failed it, and the page has not reloaded itself for the same failure
 * within `RELOAD_GAP_MS` (a chunk that cannot load at all must not reload the page in a loop).
 */
export function reloadsForLoad(
  connectionLive: boolean,
  failure: string,
  last: LoadReload | undefined,
  now: number,
): boolean {
  return connectionLive && !(last?.failure === failure && now - last.at < RELOAD_GAP_MS);
}

/**
 * Reloads the page, once, when a load the page cannot retry in place failed with `failure`
 * although the connection answers; true when the page is going away.
 */
export function reloadForLoad(failure: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 'null') ?? undefined;
    const now = Date.now();
    if (!reloadsForLoad(live.connection.state === 'live', failure, last, now)) return false;
    const reload: LoadReload = { failure, at: now };
    sessionStorage.setItem(LAST_RELOAD_KEY, JSON.stringify(reload));
  } catch {
    // No storage (a private window's quota), or a value not ours: no gap to keep, no reload.
    return false;
  }
  location.reload();
  return true;
}
