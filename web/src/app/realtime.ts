import { liveWorker } from '../live/bridge.js';
import { session } from '../state/session.js';
import { settings } from '../state/settings.js';
import type { ConnectOptions } from '../worker/api.js';

/** The realtime socket on the page's own host (docs/product.md): ws or wss as the page is served. */
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

/**
 * The socket's starter: the route guard's hook point, run at start and on every navigation.
 * The worker treats a repeated call with the same address and language as a no-op and applies
 * the token, so logging in or out (both navigate) is followed at once.
 */
export function createRealtimeStarter(deps: RealtimeDeps): () => void {
  return () => {
    const { page, token, lang } = deps.current();
    deps.connect({ wsUrl: socketUrl(page), token, lang });
  };
}

/** Starts the live worker and its socket, or applies the current token and language to them. */
export const startRealtime: () => void = createRealtimeStarter({
  connect: (options) => {
    liveWorker()
      .connect(options)
      .catch((error: unknown) => console.warn('realtime connection not started', error));
  },
  current: () => ({ page: location, token: session.token, lang: settings.language }),
});
