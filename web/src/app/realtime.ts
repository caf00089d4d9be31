import { liveWorker } from '../live/bridge.js';
import { session } from '../state/session.js';
import { settings } from '../state/settings.js';
import type { ConnectOptions } from '../worker/contract.js';

/**
 * The realtime socket on the page's own host (docs/product.md#calls): ws or wss as the page is
 * served.
 */
export function socketUrl(page: Pick<Location, 'protocol' | 'host'>): string {
  return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/v1/ws`;
}

/** What the realtime starter reads and calls; the app's are below, tests pass fakes. */
export interface RealtimeDeps {
  /** Hands the options to the live worker. */
  readonly connect: (options: ConnectOptions) => void;
  /** The page's address, the stored token and the language, as they are now. */
  readonly current: () => {
    readonly page: Pick<Location, 'protocol' | 'host'>;
    readonly token: string | null;
    readonly lang: string;
  };
}

export interface RealtimeStarter {
  /** Starts the socket, or applies the current token and language to it. */
  start(): void;
  /**
   * Keeps the stored login off the socket until the returned function is called, which
   * applies it. The public quotes need no login; a trader's private pushes (every holding at
   * every tick) and the upstream session the server opens for them would compete with the
   * first quotes.
   */
  holdLogin(): () => void;
}

/**
 * The socket's starter: the route guard's hook point, run on every navigation
 * (docs/product.md#routes). The
 * worker treats a repeated call with the same address and language as a no-op and applies the
 * token, so logging in or out (both navigate) is followed at once.
 */
export function createRealtimeStarter(deps: RealtimeDeps): RealtimeStarter {
  let holds = 0;
  const start = () => {
    const { page, token, lang } = deps.current();
    deps.connect({ wsUrl: socketUrl(page), token: holds > 0 ? null : token, lang });
  };
  return {
    start,
    holdLogin() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) start();
      };
    },
  };
}

const realtime = createRealtimeStarter({
  connect: (options) => {
    liveWorker()
      .connect(options)
      .catch((error: unknown) => console.warn('realtime connection not started', error));
  },
  current: () => ({ page: location, token: session.token, lang: settings.language }),
});

/** Starts the live worker's socket if it is not running (see `createRealtimeStarter`). */
export const startRealtime: () => void = realtime.start;

/** Holds the stored login off the socket until the returned function is called. */
export const holdSocketLogin: () => () => void = realtime.holdLogin;
