import type { Browser } from '../browsers/browser.js';
import { SharedFrame } from '../wire/shared-frame.js';
import { createLastValues, type Tick, ticksOf } from './last-values.js';
import type { UpstreamSettings } from './private-sessions.js';
import { createTopicBatch } from './topic-batch.js';
import { parseUpstreamFrame, type UpstreamFrame } from './upstream-frame.js';
import { openUpstreamSocket } from './upstream-socket.js';

export interface PublicFeedOptions extends UpstreamSettings {
  readonly lingerMs: number;
  /** The shared connection went down or came back up. */
  onStatus(): void;
}

/** 'starting' until the first connection opens; 'down' whenever it is lost after that. */
export type FeedState = 'starting' | 'up' | 'down' | 'closed';

/**
 * The public half of the hub: one upstream connection carries DAY_MARKET and every KLINE topic
 * for all browsers. Topics are reference-counted — the first browser subscribes upstream, the
 * last one leaving unsubscribes after `lingerMs` unless another arrives meanwhile — and each
 * upstream frame is fanned out as the very bytes the upstream sent, framed (and compressed)
 * once for all.
 */
export function createPublicFeed(options: PublicFeedOptions) {
  const { metrics, log } = options;
  const subscribers = new Map<string, Set<Browser>>();
  const lingering = new Map<string, NodeJS.Timeout>();
  const lastValues = createLastValues();
  /** Topics held upstream with no browser on them (the first screen's quotes). */
  const holds = new Set<string>();
  /** Changes with every DAY_MARKET tick kept, and when the quotes are cleared. */
  let quotesVersion = 0;
  let state: FeedState = 'starting';

  const batch = createTopicBatch(
    (frames) => {
      for (const frame of frames) socket.send(frame);
    },
    (held) => {
      metrics.subscriptions.set(held.size);
      lastValues.retain(held);
    },
  );

  const socket = openUpstreamSocket({
    ...options,
    kind: 'public',
    logContext: { upstream: 'public' },
    onOpen() {
      socket.resetBackoff();
      batch.setLive(true);
      setState('up');
    },
    onFrame,
    onDown() {
      // Values from before the outage would be stale: the resubscription snapshot refills them.
      lastValues.clear();
      quotesVersion++;
      batch.setLive(false);
      setState('down');
    },
  });

  function setState(next: FeedState) {
    if (state === next) return;
    state = next;
    options.onStatus();
  }

  function onFrame(frame: UpstreamFrame) {
    const { type } = frame;
    if (type === 'DAY_MARKET') {
      if (!subscribers.has(type)) return;
      const ticks = ticksOf(parseUpstreamFrame(frame));
      if (!ticks) {
        log.warn({ upstream: 'public' }, 'DAY_MARKET frame without ticks ignored');
        return;
      }
      lastValues.mergeTicks(ticks);
      quotesVersion++;
      fanOut(type, new SharedFrame(frame.raw), ticks);
    } else if (type.startsWith('KLINE.')) {
      if (!subscribers.has(type)) return;
      const candle = new SharedFrame(frame.raw);
      lastValues.setCandle(type, candle);
      fanOut(type, candle, undefined);
    } else {
      // `error` answers a sub the upstream refused (e.g. a KLINE of an unknown instrument).
      log.debug({ upstream: 'public', type: type.slice(0, 64) }, 'public frame not forwarded');
    }
  }

  function fanOut(topic: string, frame: SharedFrame, ticks: readonly Tick[] | undefined) {
    const set = subscribers.get(topic);
    if (!set) return;
    for (const browser of set) browser.sendQuote(topic, frame, ticks);
  }

  /** Sends `browser` the last value of `topic`, if there is one yet. */
  function sendLastValue(browser: Browser, topic: string) {
    if (topic === 'DAY_MARKET') {
      const frame = lastValues.quotesFrame();
      if (frame) browser.sendQuote(topic, frame, lastValues.quotes());
    } else {
      const frame = lastValues.candle(topic);
      if (frame) browser.sendQuote(topic, frame, undefined);
    }
  }

  function expire(topic: string) {
    lingering.delete(topic);
    if ((subscribers.get(topic)?.size ?? 0) > 0 || holds.has(topic)) return;
    subscribers.delete(topic);
    batch.drop(topic);
  }

  return {
    get state(): FeedState {
      return state;
    },

    /**
     * Connected, every topic browsers need subscribed upstream, and the upstream answering its
     * pings: not ready from the first pong missed, while the socket is still held.
     */
    ready(): boolean {
      return state === 'up' && !batch.pending && socket.answering;
    },

    /** Topics the shared connection holds upstream now. */
    held(): string[] {
      return [...batch.held].sort();
    },

    /**
     * Holds `topic` upstream for good, browsers or none: the page's first screen paints the
     * last quotes (web/first-screen), so they are kept even while no phone watches them.
     */
    hold(topic: string): void {
      if (holds.has(topic)) return;
      holds.add(topic);
      if (!subscribers.has(topic)) {
        subscribers.set(topic, new Set());
        batch.want(topic);
      }
    },

    /** The last quote of every instrument, and a version that changes with each tick. */
    lastQuotes(): { readonly version: number; readonly ticks: Iterable<Tick> } | undefined {
      if (lastValues.quotesFrame() === undefined) return undefined;
      return { version: quotesVersion, ticks: lastValues.quotes() };
    },

    subscribe(browser: Browser, topic: string): void {
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
        batch.want(topic);
      }
      clearTimeout(lingering.get(topic));
      lingering.delete(topic);
      set.add(browser);
      sendLastValue(browser, topic);
    },

    unsubscribe(browser: Browser, topic: string): void {
      const set = subscribers.get(topic);
      if (!set?.delete(browser) || set.size > 0 || lingering.has(topic)) return;
      lingering.set(
        topic,
        setTimeout(() => expire(topic), options.lingerMs),
      );
    },

    close(): void {
      state = 'closed';
      for (const timer of lingering.values()) clearTimeout(timer);
      lingering.clear();
      batch.close();
      socket.close();
      metrics.subscriptions.set(0);
    },
  };
}

export type PublicFeed = ReturnType<typeof createPublicFeed>;
