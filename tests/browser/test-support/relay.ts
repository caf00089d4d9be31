/**
 * A TCP relay between Chromium and the gateway that a test can cut, whatever the browser's own
 * network emulation does: `context.setOffline` differs between Chromium builds (one leaves
 * `navigator.onLine` true after a reload), and no build can emulate a dead path the phone does
 * not know about. Every byte of the page — its files, its API calls and its socket — goes
 * through it when the suite opens pages here (`useBrowserSuite({ relay: true })`).
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import type { AppPage } from './browser.js';

/** How the relay treats connections now. */
export type RelayMode = 'forward' | 'refuse' | 'black-hole';

export interface Relay {
  /** `http://127.0.0.1:port`: what the page opens instead of the gateway. */
  readonly url: string;
  readonly mode: RelayMode;
  /**
   * No network, and the phone can tell: every open connection is reset and every new one
   * refused (reset as it opens) — what `setOffline` emulates, without `navigator.onLine`.
   */
  refuse(): void;
  /**
   * A dead path the phone cannot tell: every open connection, and every new one, takes the
   * bytes sent and forwards nothing, either way. `navigator.onLine` stays true.
   */
  blackHole(): void;
  /**
   * The network answers again: new connections go through. Those held in the black hole are
   * cut, as a path that died does not come back to life.
   */
  restore(): void;
  close(): Promise<void>;
}

/** One connection through the relay: the browser's end and, while forwarded, the gateway's. */
interface Pair {
  readonly browser: Socket;
  gateway: Socket | undefined;
  held: boolean;
}

/** Starts a relay on a free 127.0.0.1 port in front of `target` (`http://host:port`). */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const pairs = new Set<Pair>();
  let mode: RelayMode = 'forward';

  /** Takes everything the pair's ends send and forwards none of it. */
  function hold(pair: Pair) {
    pair.held = true;
    for (const end of [pair.browser, pair.gateway]) {
      if (!end) continue;
      end.unpipe();
      end.removeAllListeners('data');
      // Flowing with nobody reading: what arrives is accepted and dropped.
      end.on('data', () => {});
      end.resume();
    }
  }

  function cut(pair: Pair) {
    pair.browser.resetAndDestroy();
    pair.gateway?.resetAndDestroy();
    pairs.delete(pair);
  }

  const server = createServer((browser) => {
    browser.on('error', () => browser.destroy());
    if (mode === 'refuse') {
      browser.resetAndDestroy();
      return;
    }
    const pair: Pair = { browser, gateway: undefined, held: false };
    pairs.add(pair);
    browser.on('close', () => {
      pair.gateway?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'black-hole') {
      hold(pair);
      return;
    }
    const gateway = connect(Number(port), hostname);
    pair.gateway = gateway;
    gateway.on('error', () => gateway.destroy());
    // A gateway closing a held connection is news the dead path does not carry.
    gateway.on('close', () => {
      if (!pair.held) browser.destroy();
    });
    browser.pipe(gateway);
    gateway.pipe(browser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return mode;
    },
    refuse() {
      mode = 'refuse';
      for (const pair of [...pairs]) cut(pair);
    },
    blackHole() {
      mode = 'black-hole';
      for (const pair of pairs) hold(pair);
    },
    restore() {
      mode = 'forward';
      for (const pair of [...pairs]) if (pair.held) cut(pair);
    },
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The phone loses its network: the relay refuses every connection, and Chromium says it is
 * offline where its emulation does (the `offline` event; some builds keep `navigator.onLine`
 * true after a reload). What the app sees holds on any build.
 */
export async function goOffline(app: AppPage, relay: Relay): Promise<void> {
  relay.refuse();
  await app.context.setOffline(true);
}

/** The network is back: the emulation lifted, the relay forwarding again. */
export async function goOnline(app: AppPage, relay: Relay): Promise<void> {
  await app.context.setOffline(false);
  relay.restore();
}
