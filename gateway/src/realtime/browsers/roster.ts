import { CLOSE } from '@pipstream/protocol';
import WebSocket from 'ws';
import type { Metrics } from '../../ops/metrics.js';
import type { HubLog, RealtimeOptions } from '../options.js';
import { wireFrames } from '../wire/ws-frames.js';
import type { createAdmission } from './admission.js';
import { Browser, type BrowserWriter } from './browser.js';
import type { BadFrameReason } from './browser-frames.js';
import type { createBrowserCounters } from './counters.js';
import type { Admitted } from './handshake.js';
import { fullBucket } from './rate-buckets.js';
import { errorFrame } from './refusals.js';

/** A browser silent for this many heartbeat intervals is closed. */
const IDLE_INTERVALS = 3;
/**
 * A browser connected this many heartbeat intervals (10 s) hands its place in its address's
 * connection rate back when it drops: its reconnect is paid for. A socket dropped sooner, as
 * in a reconnect loop, does not.
 */
const SETTLED_INTERVALS = 2;
/** How often congested browsers are checked for a drained buffer. */
const DRAIN_POLL_MS = 20;
/** Time a browser gets to complete a close the hub started before it is cut off. */
const CLOSE_GRACE_MS = 1000;

export interface RosterDeps {
  readonly options: Pick<
    RealtimeOptions,
    | 'heartbeatMs'
    | 'softBufferBytes'
    | 'hardBufferBytes'
    | 'badFrameLimit'
    | 'socketMessages'
    | 'maxFrameBytes'
  > & { readonly badFrameWindowMs: number };
  readonly admission: ReturnType<typeof createAdmission>;
  readonly counters: ReturnType<typeof createBrowserCounters>;
  readonly metrics: Metrics;
  readonly log: HubLog;
  /** Lets go of the topics and the session of a browser that is leaving. */
  onRelease(browser: Browser): void;
}

/**
 * The browsers the hub serves and how each one leaves: the closes the hub starts (cut off if
 * they do not complete), the release of all it held, silent browsers closed, congested ones
 * drained, and the bad-frame count that closes one sending too many.
 */
export function createRoster(deps: RosterDeps) {
  const { options, admission, counters, metrics, log } = deps;
  const browsers = new Set<Browser>();
  const congested = new Set<Browser>();
  const closingSockets = new Set<WebSocket>();
  let drainTimer: NodeJS.Timeout | undefined;

  const writer: BrowserWriter = {
    softBufferBytes: options.softBufferBytes,
    hardBufferBytes: options.hardBufferBytes,
    onCongested(browser) {
      congested.add(browser);
      drainTimer ??= setInterval(drainCongested, DRAIN_POLL_MS);
    },
    onOverflow(browser) {
      metrics.slowClientCloses.inc();
      log.info({ ip: browser.ip, buffered: browser.socket.bufferedAmount }, 'slow browser closed');
      close(browser, CLOSE.SLOW_CONSUMER, 'slow consumer: resync over REST');
    },
    count: counters.written,
  };

  function drainCongested() {
    for (const browser of congested) if (browser.drain()) congested.delete(browser);
    if (congested.size === 0) {
      clearInterval(drainTimer);
      drainTimer = undefined;
    }
  }

  /**
   * Releases everything the hub holds for `browser`; its socket may still be closing. `dropped`:
   * it went away (its network, or silence), not closed by the hub for what it did.
   */
  function release(browser: Browser, dropped = true) {
    if (browser.released) return;
    browser.released = true;
    browsers.delete(browser);
    congested.delete(browser);
    // A phone that was here a while and dropped will be back: its new socket is not new traffic.
    const settled = Date.now() - browser.openedAt >= SETTLED_INTERVALS * options.heartbeatMs;
    admission.release(browser.ip, dropped && settled);
    metrics.clients.dec();
    if (browser.compressed) metrics.compressingClients.dec();
    deps.onRelease(browser);
  }

  /** Starts a close with `code`, releasing the browser now; cut off if it does not complete. */
  function close(browser: Browser, code: number, reason: string) {
    release(browser, code === CLOSE.IDLE);
    const { socket } = browser;
    if (socket.readyState === WebSocket.CLOSED || closingSockets.has(socket)) return;
    closingSockets.add(socket);
    const cutOff = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(cutOff);
      closingSockets.delete(socket);
    });
    socket.close(code, reason);
  }

  /** Counts a bad frame; true when the browser was closed for one too many. */
  function countBad(browser: Browser, reason: BadFrameReason, limited = true): boolean {
    metrics.badFrames.inc({ reason });
    if (!limited || browser.released) return false;
    if (!browser.countBadFrame(Date.now(), options.badFrameLimit, options.badFrameWindowMs)) {
      return false;
    }
    close(browser, CLOSE.BAD_FRAMES, 'too many bad frames');
    return true;
  }

  return {
    browsers: browsers as ReadonlySet<Browser>,
    release,
    close,
    countBad,

    /** A bad frame answered with an `error` frame naming it, unless it was one too many. */
    refuseFrame(browser: Browser, reason: BadFrameReason, msg: string) {
      if (!countBad(browser, reason)) browser.send(errorFrame(msg));
    },

    /** The browser of an admitted socket, counted and released when its socket closes. */
    add(socket: WebSocket, admitted: Admitted): Browser {
      const browser = new Browser(socket, admitted.ip, admitted.lang, writer, admitted);
      browser.messages = fullBucket(options.socketMessages);
      browsers.add(browser);
      metrics.clients.inc();
      if (browser.compressed) metrics.compressingClients.inc();
      if (browser.compressed) wireFrames?.inflateEachMessage(socket, options.maxFrameBytes);
      socket.on('close', () => release(browser));
      // @fastify/websocket's own 'error' listener holds the upgrade's request and reply (the
      // request, its headers and logger, a response object) for as long as the
      // socket lives. This listener does its job instead — cut the socket off once ws has
      // sent its close frame — and counts the error as a bad frame rather than logging it as
      // the server's (this project's choice: a browser's protocol error is the browser's).
      socket.removeAllListeners('error');
      socket.on('error', (error: Error & { code?: string }) => {
        log.debug({ ip: browser.ip, err: error.message }, 'browser socket error');
        countBad(
          browser,
          error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'oversized' : 'protocol',
          false,
        );
        socket.terminate();
      });
      return browser;
    },

    /** Closes every browser silent for three heartbeats (4408). */
    closeIdle() {
      const silentSince = Date.now() - IDLE_INTERVALS * options.heartbeatMs;
      for (const browser of browsers) {
        if (browser.lastSeen < silentSince) close(browser, CLOSE.IDLE, 'idle');
      }
    },

    /** Closes every browser with `code` and resolves once each socket has closed. */
    async closeAll(code: number, reason: string) {
      clearInterval(drainTimer);
      for (const browser of [...browsers]) close(browser, code, reason);
      await Promise.all([...closingSockets].map(closed));
    },
  };
}

export type Roster = ReturnType<typeof createRoster>;

function closed(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}
