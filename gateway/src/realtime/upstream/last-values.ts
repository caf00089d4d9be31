import { SharedFrame } from '../wire/shared-frame.js';

/** One instrument's entry of a DAY_MARKET frame; only `Id` matters to the gateway. */
export interface Tick {
  readonly Id: number;
}

/** The ticks of a parsed DAY_MARKET frame, or `undefined` when it does not hold any. */
export function ticksOf(frame: unknown): readonly Tick[] | undefined {
  if (typeof frame !== 'object' || frame === null || !('data' in frame)) return undefined;
  const { data } = frame;
  if (!Array.isArray(data)) return undefined;
  for (const tick of data) {
    if (typeof tick !== 'object' || tick === null || typeof tick.Id !== 'number') return undefined;
  }
  return data as Tick[];
}

/** A DAY_MARKET frame of the given ticks, in the upstream's own layout. */
export function encodeDayMarket(ticks: Iterable<Tick>): Buffer {
  return Buffer.from(JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [...ticks] }));
}

/**
 * The latest value of every public topic held upstream: each instrument's latest tick (merged
 * by Id from DAY_MARKET) and each KLINE topic's current candle frame. A new subscriber gets it
 * at once; the DAY_MARKET snapshot is encoded (and compressed) once per change however many
 * subscribers ask.
 */
export function createLastValues() {
  const quotes = new Map<number, Tick>();
  const candles = new Map<string, SharedFrame>();
  let quotesFrame: SharedFrame | undefined;

  return {
    mergeTicks(ticks: readonly Tick[]): void {
      for (const tick of ticks) quotes.set(tick.Id, tick);
      quotesFrame = undefined;
    },
    setCandle(topic: string, frame: SharedFrame): void {
      candles.set(topic, frame);
    },
    /** The latest quotes as one DAY_MARKET frame; `undefined` before the first tick. */
    quotesFrame(): SharedFrame | undefined {
      if (quotes.size === 0) return undefined;
      quotesFrame ??= new SharedFrame(encodeDayMarket(quotes.values()));
      return quotesFrame;
    },
    /** The latest quotes themselves, for a browser whose frames are being conflated. */
    quotes(): Iterable<Tick> {
      return quotes.values();
    },
    candle(topic: string): SharedFrame | undefined {
      return candles.get(topic);
    },
    /**
     * Keeps only the values of topics the upstream still sends: the others would go stale.
     * Called once an unsub has really gone upstream, so a browser coming back before that
     * still finds them.
     */
    retain(held: ReadonlySet<string>): void {
      if (!held.has('DAY_MARKET')) {
        quotes.clear();
        quotesFrame = undefined;
      }
      for (const topic of candles.keys()) if (!held.has(topic)) candles.delete(topic);
    },
    clear(): void {
      quotes.clear();
      candles.clear();
      quotesFrame = undefined;
    },
  };
}

export type LastValues = ReturnType<typeof createLastValues>;
