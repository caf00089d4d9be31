import type { Candle, Instrument, QuoteTick } from '../../schemas/market.js';
import type { Period } from '../../socket/topics.js';

/**
 * What the rest of the mock needs from the market: the instrument catalogue, live prices and
 * candles. The trading engine, the socket hub and the server depend on this interface only.
 */
export interface MarketService {
  /** Every instrument with its current quote, in catalogue order. */
  instruments(): Instrument[];
  /** One instrument by id, with its current quote. */
  instrument(id: number): Instrument | undefined;
  byCode(code: string): Instrument | undefined;
  /** Instruments whose code or display code contains `text` (case-insensitive). */
  search(text: string): Instrument[];
  /** The latest price of an instrument (the price orders fill at). */
  price(id: number): number | undefined;
  /**
   * Candle history, oldest first: the latest `limit`, the current (still moving) candle last,
   * or with `before` (UTC seconds) the latest `limit` that opened before it, reaching back past
   * the live history into older candles (fewer where the history starts).
   */
  candles(id: number, period: Period, limit?: number, before?: number): Candle[];
  /** The latest tick of every instrument: what a new DAY_MARKET subscriber gets at once. */
  lastTicks(): QuoteTick[];
  /** Moves every open market one step and emits `ticks` (and `candle`) on the events bus. */
  step(): void;
  /** Starts stepping every `config.tickMs`; `stop()` ends it. */
  start(): void;
  stop(): void;
  /** Control: sets a price now (emits a tick, so the engine reacts at once). */
  setPrice(id: number, price: number): void;
  /** Control: opens (1) or closes (anything else) a market, and tells the feed at once. */
  setMarketStatus(id: number, status: number): void;
  /**
   * Control: stops (or resumes) sending an open market's quotes, as a feed that died for one
   * instrument would; its market stays open and its price still.
   */
  stallQuotes(id: number, stalled: boolean): void;
  /**
   * Control: replaces one period's candles with candles closing at `closes` (oldest first, the
   * current candle last), each opening at the close before it; no history is older than them.
   */
  setHistory(id: number, period: Period, closes: readonly number[]): void;
}
