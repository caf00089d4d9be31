/**
 * The live model's quotes: the instruments' static terms and each one's latest quote, with its
 * freshness. A tick touches its own quote only; what is valued from its price is told through
 * `onPrice`, a quote whose freshness flipped through `onFreshness`.
 */
import {
  decimalsOf,
  formatChangePercent,
  formatPrice,
  type Instrument,
  type QuoteTick,
} from '@pipstream/protocol';
import type { QuoteView } from './batch.js';
import type { ChangeSet } from './changes.js';
import { isDelayed } from './freshness.js';

/** The static terms of an instrument the model reads, with the trade list's quote to start from. */
export type InstrumentTerms = Pick<
  Instrument,
  | 'Id'
  | 'Code'
  | 'CategoryId'
  | 'MarketStatus'
  | 'PricePrecision'
  | 'ForexContNum'
  | 'MarginMode'
  | 'FixedMargin'
  | 'ForexFeeRate'
  | 'HasForexMultiple'
  | 'ForexQuotations'
>;

interface QuoteState {
  close: number;
  open: number;
  high: number | null;
  low: number | null;
  change: number;
  prevClose: number | null;
  time: number | null;
  /** When the last quote arrived here (any quote, moved or not); `null`: never (trade list). */
  receivedAt: number | null;
  /**
   * Its market's status (1 is open): a quote's, once one carried it, else the trade list's;
   * `undefined` while neither has told it.
   */
  marketStatus: number | undefined;
  /**
   * A quote carried the status. The feed tells every change the moment it happens, so its word
   * is never older than a trade list's, which may have been read before the change and answered
   * after it.
   */
  statusFromFeed: boolean;
  /** As last handed out: a change of it is a change of the quote. */
  delayed: boolean;
}

export interface QuotesOptions {
  readonly changes: ChangeSet;
  readonly now: () => number;
  /** Since when the connection is live; `null` while it is not. */
  readonly liveSince: () => number | null;
  /** A tick moved (or first priced) `instrumentId` to `close`. */
  readonly onPrice: (instrumentId: number, close: number) => void;
  /** The quote of `instrumentId` became delayed or fresh without a tick that moved it. */
  readonly onFreshness: (instrumentId: number) => void;
}

export function createQuotes({ changes, now, liveSince, onPrice, onFreshness }: QuotesOptions) {
  const instruments = new Map<number, InstrumentTerms>();
  const quotes = new Map<number, QuoteState>();

  /**
   * Brings every quote's delayed flag up to `at`; a flag that flips marks its quote and is told
   * to `onFreshness`.
   */
  function refreshDelays(at: number): void {
    const since = liveSince();
    for (const [id, quote] of quotes) {
      const delayed = isDelayed(quote, since, at);
      if (delayed === quote.delayed) continue;
      quote.delayed = delayed;
      changes.quotes.add(id);
      onFreshness(id);
    }
  }

  function view(id: number): QuoteView | undefined {
    const quote = quotes.get(id);
    if (quote === undefined) return undefined;
    // A tick may come before the trade list: until then it shows the decimals it came with.
    const precision = instruments.get(id)?.PricePrecision ?? decimalsOf(quote.close);
    const {
      prevClose,
      close,
      receivedAt: _receivedAt,
      marketStatus,
      statusFromFeed: _statusFromFeed,
      ...shown
    } = quote;
    return {
      id,
      ...shown,
      prevClose,
      close,
      closed: marketStatus !== undefined && marketStatus !== 1,
      direction:
        prevClose === null || prevClose === close ? 'flat' : close > prevClose ? 'up' : 'down',
      closeText: formatPrice(close, precision),
      changeText: formatChangePercent(quote.change),
    };
  }

  return {
    refreshDelays,
    view,

    /** The instrument's terms, once the trade list has named it. */
    instrument: (id: number): InstrumentTerms | undefined => instruments.get(id),

    /** The latest price of `id`, if any. */
    close: (id: number): number | undefined => quotes.get(id)?.close,

    /** Whether `id`'s quote is delayed (one never seen is). */
    isDelayed: (id: number): boolean => quotes.get(id)?.delayed ?? true,

    has: (id: number): boolean => quotes.has(id),

    ids: (): Iterable<number> => quotes.keys(),

    /**
     * Replaces the instrument list (pass the whole trade list, not a search result). A quote
     * already live is kept; an instrument seen for the first time starts from ForexQuotations.
     * Only new, delisted or re-precisioned instruments are marked.
     */
    setInstruments(
      list: readonly InstrumentTerms[],
      quoteTimes?: Readonly<Record<number, number>>,
    ): void {
      const listed = new Set(list.map((instrument) => instrument.Id));
      for (const id of instruments.keys()) {
        if (listed.has(id)) continue;
        instruments.delete(id);
        if (quotes.delete(id)) changes.quotes.add(id);
      }
      for (const instrument of list) {
        const before = instruments.get(instrument.Id);
        instruments.set(instrument.Id, instrument);
        if (!quotes.has(instrument.Id)) {
          const { Open, Close, Change } = instrument.ForexQuotations;
          quotes.set(instrument.Id, {
            close: Close,
            open: Open,
            high: null,
            low: null,
            change: Change,
            prevClose: null,
            // When the price was quoted, where the list knows (a copy kept on the device).
            time: quoteTimes?.[instrument.Id] ?? null,
            receivedAt: null,
            marketStatus: instrument.MarketStatus,
            statusFromFeed: false,
            delayed: true,
          });
          changes.quotes.add(instrument.Id);
        } else {
          const quote = quotes.get(instrument.Id);
          if (quote && !quote.statusFromFeed && quote.marketStatus !== instrument.MarketStatus) {
            quote.marketStatus = instrument.MarketStatus;
            changes.quotes.add(instrument.Id);
          } else if (before?.PricePrecision !== instrument.PricePrecision) {
            changes.quotes.add(instrument.Id);
          }
        }
      }
      // A market that opened or closed changes whether its quote can be delayed.
      refreshDelays(now());
    },

    /**
     * Applies one DAY_MARKET batch: each tick updates its instrument's quote and tells
     * `onPrice`, nothing else. A tick that changes no figure marks nothing.
     */
    applyTicks(ticks: readonly QuoteTick[]): void {
      const at = now();
      for (const tick of ticks) {
        const quote = quotes.get(tick.Id);
        if (quote === undefined) {
          // First seen just now: delayed only while the connection is not live.
          quotes.set(tick.Id, {
            close: tick.Close,
            open: tick.Open,
            high: tick.High,
            low: tick.Low,
            change: tick.Change,
            prevClose: null,
            time: tick.Time,
            receivedAt: at,
            marketStatus: tick.MarketStatus ?? instruments.get(tick.Id)?.MarketStatus,
            statusFromFeed: tick.MarketStatus !== undefined,
            delayed: liveSince() === null,
          });
        } else {
          quote.receivedAt = at;
          // A market that opened or closed says so on its quote (this project's addition).
          const statusChanged =
            tick.MarketStatus !== undefined && tick.MarketStatus !== quote.marketStatus;
          if (statusChanged) quote.marketStatus = tick.MarketStatus;
          if (tick.MarketStatus !== undefined) quote.statusFromFeed = true;
          const delayed = isDelayed(quote, liveSince(), at);
          const flipped = delayed !== quote.delayed;
          quote.delayed = delayed;
          if (flipped) {
            // Fresh again (or newly delayed): its holdings and the account say so too.
            onFreshness(tick.Id);
            changes.account = true;
          }
          if (
            quote.close === tick.Close &&
            quote.open === tick.Open &&
            quote.high === tick.High &&
            quote.low === tick.Low &&
            quote.change === tick.Change
          ) {
            if (flipped || statusChanged) changes.quotes.add(tick.Id);
            continue;
          }
          if (quote.close !== tick.Close) quote.prevClose = quote.close;
          quote.close = tick.Close;
          quote.open = tick.Open;
          quote.high = tick.High;
          quote.low = tick.Low;
          quote.change = tick.Change;
          quote.time = tick.Time;
        }
        changes.quotes.add(tick.Id);
        onPrice(tick.Id, tick.Close);
      }
    },
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
