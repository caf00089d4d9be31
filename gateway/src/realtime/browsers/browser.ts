import type { Duplex } from 'node:stream';
import type { KeptAlive, Topic } from '@pipstream/protocol';
import type { TokenBucket } from 'limiter';
import WebSocket from 'ws';
import { encodeDayMarket, type Tick } from '../upstream/last-values.js';
import { SharedFrame } from '../wire/shared-frame.js';
import { wireFrames } from '../wire/ws-frames.js';

/** What every browser shares: the buffer caps and what to do when one is passed. */
export interface BrowserWriter {
  readonly softBufferBytes: number;
  readonly hardBufferBytes: number;
  /** The browser passed the soft cap: quote frames are held back until it drains. */
  onCongested(browser: Browser): void;
  /** The browser passed the hard cap: it must be closed. */
  onOverflow(browser: Browser): void;
  /** Counts frames written to browsers and quote frames held back. */
  count(sent: number, conflated: number): void;
}

/** How the browser's frames go out when ws sends them: plain text, never compressed by ws. */
const PLAIN_TEXT = { binary: false, compress: false } as const;

/** How frames reach one browser. */
export interface BrowserWire {
  /** The TCP socket under the browser's WebSocket: shared frames are written to it. */
  readonly tcp: Duplex | undefined;
  /** The window of its compressed frames (permessage-deflate.ts); 0: plain frames. */
  readonly windowBits: number;
}

/**
 * One browser socket and everything the hub knows of it. Writes go through two doors: quote
 * frames (DAY_MARKET, KLINE), which a congested browser gets conflated — the latest tick per
 * instrument and the latest candle per topic — and every other frame (private pushes,
 * login results, errors, status), which is always written.
 */
export class Browser implements KeptAlive {
  /** Every topic the browser holds: public, private, and private ones waiting for a login. */
  readonly topics = new Set<Topic>();
  readonly openedAt = Date.now();
  lastSeen = this.openedAt;
  /** Its message budget: every frame it sends takes a token (commands.ts). */
  messages: TokenBucket | undefined;
  /** Something was written since the keep-alive's last sweep (keep-alive.ts). */
  wroteSinceSweep = false;
  /** The upstream state last told to this browser (it assumes 'up' until told otherwise). */
  toldDown = false;
  released = false;
  private badFrames = 0;
  private badWindowStart = 0;
  private pendingTicks: Map<number, Tick> | undefined;
  private pendingCandles: Map<string, SharedFrame> | undefined;
  /** Where shared frames are written; `undefined`: ws sends them, plain. */
  private readonly tcp: Duplex | undefined;
  private readonly windowBits: number;

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    readonly lang: string | undefined,
    private readonly writer: BrowserWriter,
    wire: BrowserWire = { tcp: undefined, windowBits: 0 },
  ) {
    this.tcp = wireFrames ? wire.tcp : undefined;
    this.windowBits = this.tcp ? wire.windowBits : 0;
  }

  /** Whether this browser's large frames go compressed. */
  get compressed(): boolean {
    return this.windowBits > 0;
  }

  /** Whether quote frames are being held back. */
  get congested(): boolean {
    return this.pendingTicks !== undefined;
  }

  /** Counts one bad frame; true when it is one too many for the window. */
  countBadFrame(now: number, limit: number, windowMs: number): boolean {
    if (now - this.badWindowStart > windowMs) {
      this.badWindowStart = now;
      this.badFrames = 0;
    }
    this.badFrames++;
    return this.badFrames > limit;
  }

  /** Writes a frame that is never dropped; closes the browser past the hard cap. */
  send(message: SharedFrame | string): void {
    if (this.released || this.socket.readyState !== WebSocket.OPEN) return;
    this.write(typeof message === 'string' ? SharedFrame.of(message) : message);
    this.writer.count(1, 0);
    if (this.socket.bufferedAmount > this.writer.hardBufferBytes) this.writer.onOverflow(this);
  }

  /**
   * Writes a DAY_MARKET frame (`ticks` are its entries) or a KLINE frame of `topic`, or holds
   * it back while the browser is congested. True when written.
   */
  sendQuote(topic: string, frame: SharedFrame, ticks: Iterable<Tick> | undefined): boolean {
    if (this.released || this.socket.readyState !== WebSocket.OPEN) return false;
    if (!this.congested && this.socket.bufferedAmount > this.writer.softBufferBytes) {
      this.pendingTicks = new Map();
      this.pendingCandles = new Map();
      this.writer.onCongested(this);
    }
    if (this.pendingTicks && this.pendingCandles) {
      if (ticks) for (const tick of ticks) this.pendingTicks.set(tick.Id, tick);
      else this.pendingCandles.set(topic, frame);
      this.writer.count(0, 1);
      return false;
    }
    this.write(frame);
    this.writer.count(1, 0);
    return true;
  }

  /** One frame to an open socket: the shared bytes, or through ws (plain) without them. */
  private write(frame: SharedFrame): void {
    if (this.tcp && wireFrames) wireFrames.write(this.tcp, frame.wire(this.windowBits));
    else this.socket.send(frame.text, PLAIN_TEXT);
    this.wroteSinceSweep = true;
  }

  /**
   * Writes what was held back once the buffer is down to half the soft cap (the margin keeps a
   * browser near the cap from flapping). True when the browser is no longer congested.
   */
  drain(): boolean {
    if (!this.pendingTicks || !this.pendingCandles) return true;
    if (this.released || this.socket.readyState !== WebSocket.OPEN) return true;
    if (this.socket.bufferedAmount > this.writer.softBufferBytes / 2) return false;
    const ticks = this.pendingTicks;
    const candles = this.pendingCandles;
    this.pendingTicks = undefined;
    this.pendingCandles = undefined;
    // The catch-up frame is this browser's own: compressed, when it is, for it alone.
    if (ticks.size > 0) this.send(new SharedFrame(encodeDayMarket(ticks.values())));
    for (const frame of candles.values()) this.send(frame);
    return true;
  }

  /** Forgets what was held back: after an upstream outage fresh values replace it. */
  dropPending(): void {
    this.pendingTicks?.clear();
    this.pendingCandles?.clear();
  }

  /** Forgets a topic's held-back value when the browser leaves the topic. */
  dropPendingTopic(topic: string): void {
    if (topic === 'DAY_MARKET') this.pendingTicks?.clear();
    else this.pendingCandles?.delete(topic);
  }
}
