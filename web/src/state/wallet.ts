/**
 * The wallet summary (docs/product.md#entities Account summary: balance and frozen balance) as the
 * personal center, wallet, withdraw and history screens show it. Screens call `refreshSummary()` on
 * mount and after a change of their own (a withdrawal, a deposit).
 */
import type { AccountSummary } from '@pipstream/protocol';
import { proxy } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { api } from '../api/index.js';
import { whenBack } from './network.js';
import { singleFlight } from './once.js';
import { session } from './session.js';

export interface WalletState {
  /** The last summary read for the current login; `null` while logged out or not read yet. */
  summary: AccountSummary | null;
}

/** What the refresher needs from the app; tests pass stand-ins. */
export interface SummaryDeps {
  readonly state: WalletState;
  /** The current session token; `null` when logged out. */
  readonly token: () => string | null;
  /** `forexDetail`. */
  readonly fetchSummary: () => Promise<AccountSummary>;
  /** Runs a read again once the connection is back (state/network.ts), after a failed one. */
  readonly whenBack?: (read: () => void) => void;
}

/**
 * Creates `refresh()`: reads the summary into `state`.
 *
 * - Single flight: concurrent calls share one read.
 * - Logged out: clears the summary and reads nothing. A read whose token is no longer the
 *   current one when it ends is dropped, so another login's balance never shows.
 * - Never rejects: failures were already toasted by the API layer; the last summary stays, and
 *   is read again once the connection is back.
 */
export function createSummaryRefresher(deps: SummaryDeps): () => Promise<void> {
  const read = singleFlight(async () => {
    const token = deps.token();
    let summary: AccountSummary;
    try {
      summary = await deps.fetchSummary();
    } catch {
      deps.whenBack?.(readWhenBack);
      return;
    }
    if (deps.token() === token) deps.state.summary = summary;
  });

  const refresh = () => {
    if (deps.token() === null) {
      deps.state.summary = null;
      return Promise.resolve();
    }
    return read();
  };
  /** One function, so however often a read is put off, one read follows. */
  const readWhenBack = () => void refresh();
  return refresh;
}

/** The app's wallet summary. */
export const wallet = proxy<WalletState>({ summary: null });

// Another login (or none) must never see the previous account's figures, not even briefly.
subscribeKey(session, 'token', () => {
  wallet.summary = null;
});

/**
 * Reads the balance and frozen balance (`forexDetail`) into `wallet.summary`. Concurrent calls
 * share one read; logged out it only clears. Never rejects (failures are toasted).
 */
export const refreshSummary: () => Promise<void> = createSummaryRefresher({
  state: wallet,
  token: () => session.token,
  fetchSummary: () => api.call('forexDetail'),
  whenBack,
});
