/**
 * The live model's connection view: what the app knows of its path to the market (the socket,
 * the gateway's upstream, the browser's word, whether anything answered), turned into the one
 * state the user sees (docs/product.md#connection-state) and the moment it became live.
 */
import type { SocketState } from '@pipstream/protocol';
import type { ConnectionView } from './batch.js';
import type { ChangeSet } from './changes.js';

export interface ConnectionOptions {
  readonly changes: ChangeSet;
  readonly now: () => number;
  /** Any input of liveness changed (whether or not liveness itself did). */
  readonly onLiveness: () => void;
}

export function createConnection({ changes, now, onLiveness }: ConnectionOptions) {
  let socketState: SocketState = 'closed';
  let upstreamUp = true;
  /**
   * The browser said it went offline, and no new socket has opened since nor has the browser
   * said it is back: a hint that pauses at once, never the only word
   * (docs/product.md#connection-state). An answered request does not end it: one sent before
   * the word may be answered just after it.
   */
  let browserSaidOffline = false;
  /**
   * The last thing the app heard of the path is that nothing answered: a socket that could not
   * be opened, broke or went silent, or a request with no answer. Cleared by anything that
   * answers. It tells Offline from Reconnecting… while the connection is not live.
   */
  let unanswered = false;
  /**
   * Since when the connection is live (socket open, upstream up, no word of the browser's that
   * it is offline); `null` while it is not. A quote from before it may be from before an
   * outage: only fresh ones count.
   */
  let liveSince: number | null = null;
  let loggedIn = false;
  let accountPaused = false;

  /** Follows the connection's liveness after any of its inputs changed. */
  function updateLiveness(): void {
    const live = !browserSaidOffline && socketState === 'open' && upstreamUp;
    if (live && liveSince === null) liveSince = now();
    else if (!live) liveSince = null;
    onLiveness();
  }

  /** Follows a change of what the app knows of the path. */
  function setPath(next: { browserSaidOffline?: boolean; unanswered?: boolean }): void {
    const said = next.browserSaidOffline ?? browserSaidOffline;
    const silent = next.unanswered ?? unanswered;
    if (said === browserSaidOffline && silent === unanswered) return;
    browserSaidOffline = said;
    unanswered = silent;
    changes.connection = true;
    updateLiveness();
  }

  return {
    /** Since when the connection is live; `null` while it is not. */
    get liveSince(): number | null {
      return liveSince;
    },

    /** docs/product.md#connection-state: one rule, whichever signal came first. */
    get view(): ConnectionView {
      let state: ConnectionView['state'];
      if (liveSince !== null) state = 'live';
      else if (browserSaidOffline || unanswered || socketState === 'closed') state = 'offline';
      else if (socketState === 'open') state = 'reconnecting';
      else state = socketState;
      return { state, loggedIn, accountPaused };
    },

    setBrowserOnline(online: boolean): void {
      setPath({ browserSaidOffline: !online });
    },

    setAnswered(answered: boolean): void {
      setPath({ unanswered: !answered });
    },

    heard(): void {
      if (unanswered) setPath({ unanswered: false });
    },

    setSocketState(state: SocketState): void {
      socketState = state;
      // A new connection starts logged out, and tells its own upstream state if it has one.
      if (state !== 'open') {
        loggedIn = false;
        upstreamUp = true;
      }
      // A socket that opened is a new connection that answered.
      if (state === 'open') browserSaidOffline = unanswered = false;
      changes.connection = true;
      updateLiveness();
    },

    setUpstream(up: boolean): void {
      upstreamUp = up;
      changes.connection = true;
      updateLiveness();
    },

    setLoggedIn(value: boolean): void {
      loggedIn = value;
      changes.connection = true;
    },

    setAccountPaused(value: boolean): void {
      accountPaused = value;
      changes.connection = true;
    },
  };
}
