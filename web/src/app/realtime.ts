import { liveWorker } from '../live/bridge.js';
import { session } from '../state/session.js';
import { settings } from '../state/settings.js';

/** The realtime socket on the page's own host (SPEC §7): ws or wss as the page is served. */
export function socketUrl(page: Pick<Location, 'protocol' | 'host'>): string {
  return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/v1/ws`;
}

/**
 * The route guard's hook point, run on every navigation (SPEC §2): starts the live worker's
 * socket if it is not running. The worker treats a repeated call with the same address and
 * language as a no-op and applies the current token, so logging in or out (both navigate) is
 * followed at once.
 */
export function startRealtime(): void {
  liveWorker()
    .connect({ wsUrl: socketUrl(location), token: session.token, lang: settings.language })
    .catch((error: unknown) => console.warn('realtime connection not started', error));
}
