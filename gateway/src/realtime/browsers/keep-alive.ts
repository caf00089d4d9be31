import { KEEP_ALIVE, startKeepAlive } from '@pipstream/protocol';
import { SharedFrame } from '../wire/shared-frame.js';
import type { Browser } from './browser.js';

const KEEP_ALIVE_FRAME = SharedFrame.of(KEEP_ALIVE);

/**
 * Keeps every browser socket from falling silent: one that got nothing else for about a second
 * gets `KEEP_ALIVE` (docs/architecture.md#keep-alive), so that a browser hearing nothing knows
 * its path is dead even when the market is quiet. One shared timer sweeps them all; the fan-out
 * only marks each write. A browser whose buffer still holds bytes is left alone: they are on
 * their way, and a congested one is behind already. Returns the function that stops it.
 */
export function keepBrowsersAlive(browsers: Iterable<Browser>): () => void {
  return startKeepAlive(browsers, (browser) => {
    if (!browser.congested && browser.socket.bufferedAmount === 0) browser.send(KEEP_ALIVE_FRAME);
  });
}
