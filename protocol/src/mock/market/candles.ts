/**
 * Candles of the six chart periods, built from ticks, with a back-filled history so a chart has
 * something to draw the moment the mock starts. Times are period starts in UTC seconds.
 */
import type { Candle } from '../../schemas/market.js';
import { PERIOD_SECONDS, PERIODS, type Period } from '../../socket/topics.js';
import type { Rng } from '../rng.js';
import { roundPrice, walk } from './simulator.js';

/** Candles of one instrument, oldest first per period, the current one last. */
export type CandleBook = Record<Period, Candle[]>;

/**
 * Candles kept beyond the history length before the oldest are dropped: trimming in batches
 * keeps a tick from shifting an array every time a period rolls.
 */
export const CANDLE_SLACK = 64;

/** Volumes carry 2 decimals (this project's choice); they are never negative, so no −0. */
function roundVolume(volume: number): number {
  return Math.round(volume * 100) / 100;
}

/** Start of the `period` candle that contains `ms`, in UTC seconds. */
export function candleTime(ms: number, period: Period): number {
  const seconds = PERIOD_SECONDS[period];
  return Math.floor(ms / 1000 / seconds) * seconds;
}

/**
 * Adds a tick at `price` to a period's candles: it updates the current candle, or opens a new
 * one at `price` once `now` is in a later period. A clock that goes back never opens an earlier
 * candle, so times only ever increase. Keeps at most `keep + CANDLE_SLACK` candles.
 *
 * @returns the current candle (the live object: copy it before handing it out).
 */
export function recordTick(
  candles: Candle[],
  period: Period,
  price: number,
  volume: number,
  now: number,
  keep: number,
  onDrop?: (dropped: Candle[]) => void,
): Candle {
  const time = candleTime(now, period);
  const last = candles.at(-1);
  if (last && time <= last.Time) {
    last.High = Math.max(last.High, price);
    last.Low = Math.min(last.Low, price);
    last.Close = price;
    last.Volume = roundVolume(last.Volume + volume);
    return last;
  }
  const candle: Candle = {
    Time: time,
    Open: price,
    High: price,
    Low: price,
    Close: price,
    Volume: roundVolume(volume),
  };
  candles.push(candle);
  if (candles.length > keep + CANDLE_SLACK) {
    const dropped = candles.splice(0, candles.length - keep);
    onDrop?.(dropped);
  }
  return candle;
}

/**
 * Adds a tick to every period; returns each period's current candle. `onDrop` hears the
 * candles a period dropped off its front.
 */
export function recordBookTick(
  book: CandleBook,
  price: number,
  volume: number,
  now: number,
  keep: number,
  onDrop?: (period: Period, dropped: Candle[]) => void,
): [Period, Candle][] {
  return PERIODS.map((period) => [
    period,
    recordTick(book[period], period, price, volume, now, keep, (dropped) =>
      onDrop?.(period, dropped),
    ),
  ]);
}

/** What a back-filled history is generated from. */
export interface HistoryTerms {
  /** Candles per period, the current one included. */
  readonly count: number;
  readonly now: number;
  /** The current price: the close of every period's current candle. */
  readonly price: number;
  /** Today's open: the open of the current day candle. */
  readonly dayOpen: number;
  /** The walk's mean-reversion target (the catalogue's start price). */
  readonly anchor: number;
  readonly dailyVolatility: number;
  readonly precision: number;
  readonly volumePerMinute: number;
}

/**
 * A plausible history for one period, ending with the current candle at `terms.price`: a walk
 * backwards from the current candle's open, each candle closing where the next one opens.
 * Deterministic for a given `rng` state.
 */
export function backfill(terms: HistoryTerms, period: Period, rng: Rng): Candle[] {
  const seconds = PERIOD_SECONDS[period];
  const dtDays = seconds / 86_400;
  const nowSeconds = terms.now / 1000;
  const currentTime = candleTime(terms.now, period);
  const elapsed = Math.min(1, Math.max(0, (nowSeconds - currentTime) / seconds));
  const round = (price: number) => roundPrice(price, terms.precision);
  const step = (level: number, days: number) =>
    walk(level, terms.anchor, terms.dailyVolatility, days, rng.normal());

  const candles: Candle[] = new Array(terms.count);
  let close = terms.price;
  let open =
    period === '1day' ? terms.dayOpen : step(terms.price, Math.max(dtDays * elapsed, 1e-9));
  for (let i = terms.count - 1; i >= 0; i--) {
    const share = i === terms.count - 1 ? Math.max(elapsed, 0.05) : 1;
    candles[i] = candle(
      currentTime - (terms.count - 1 - i) * seconds,
      round(open),
      round(close),
      terms.dailyVolatility * Math.sqrt(dtDays * share),
      terms.volumePerMinute * (seconds / 60) * share,
      terms.precision,
      rng,
    );
    close = open;
    open = step(open, dtDays);
  }
  return candles;
}

/** One candle between `open` and `close` with wicks of about half its volatility. */
function candle(
  time: number,
  open: number,
  close: number,
  volatility: number,
  meanVolume: number,
  precision: number,
  rng: Rng,
): Candle {
  const wick = () => Math.abs(rng.normal()) * volatility * 0.5;
  const high = roundPrice(Math.max(open, close) * Math.exp(wick()), precision);
  const low = roundPrice(Math.min(open, close) * Math.exp(-wick()), precision);
  return {
    Time: time,
    Open: open,
    High: Math.max(high, open, close),
    Low: Math.min(low, open, close),
    Close: close,
    Volume: roundVolume(meanVolume * (0.5 + rng.next())),
  };
}

/** A history for every period. */
export function backfillBook(terms: HistoryTerms, rng: Rng): CandleBook {
  const book = {} as CandleBook;
  for (const period of PERIODS) book[period] = backfill(terms, period, rng);
  return book;
}
