/**
 * Starts the live worker (and its socket) while the entry is still evaluating: the entry
 * imports this module first, so it runs before React's ~200 KB do. A worker's thread is
 * started by a task of the page's main thread once the worker's script is in; created here,
 * that task is queued before the first render's (main.tsx defers the render by one task), and
 * the worker — which checks the first screen's answers — is up while the first render runs
 * rather than after it (measured at 4× CPU slow-down: ~0.3 s sooner, the first quote ~80 ms).
 * Started sooner still, from an inline script first in index.html's head (allowed by a CSP
 * hash), its start-up and compile ran during the entry's evaluation and the first quote came
 * ~0.2 s later (4×, 2 cores, 18 paired visits, twice): this order is the measured better one.
 *
 * The socket opens public: the first screen shows public quotes, and main.tsx applies the
 * stored login once it has shown (measured at 4×: the first quote ~45 ms sooner, 22 of 36
 * paired visits; at once when the page opens elsewhere, as the first screen then has shown).
 */
import { holdSocketLogin, startRealtime } from './realtime.js';

/** Applies the stored login to the socket; main.tsx calls it once the first screen has shown. */
export const releaseSocketLogin = holdSocketLogin();

startRealtime();
