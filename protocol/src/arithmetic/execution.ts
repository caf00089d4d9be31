/**
 * The price an order trades at, stated once for the app that shows it and the upstream that
 * fills it.
 *
 * This project's rule:
 * - No spread: an instrument has one quote (the tick's Close), and a buy and a sell both trade
 *   at it, opening and closing alike. Floating P&L is valued at that same quote, so what a
 *   holding shows is what closing it now books.
 * - No slippage: a market order or a close carries the price the app showed, and it fills at
 *   exactly that price as long as the upstream quoted it within `QUOTE_HONOURED_MS`. An older
 *   price is refused (a requote) and nothing trades; the app shows the new price and the trader
 *   decides again. Without a price, it fills at the quote of the moment.
 * - Pending orders fill at their target, stop loss and take profit close at their level.
 */
import type { SideLike } from './side.js';

/** How long a quoted price stays tradable at that price (this project's rule, above). */
export const QUOTE_HONOURED_MS = 10_000;

/** The price an order on `side` trades at while the instrument is quoted at `quote`. */
export function executionPrice(_side: SideLike, quote: number): number {
  return quote;
}

/** One quote the upstream published, and when. */
export interface QuotedPrice {
  readonly price: number;
  readonly at: number;
}

/**
 * Whether `shown` may still be traded at on `side` at `now`: it is the execution price of the
 * latest quote, or of one quoted within `QUOTE_HONOURED_MS` (`quotes` is the recent history,
 * any order).
 */
export function honoursPrice(
  side: SideLike,
  shown: number,
  latest: number,
  quotes: Iterable<QuotedPrice>,
  now: number,
): boolean {
  if (executionPrice(side, latest) === shown) return true;
  for (const quote of quotes) {
    if (now - quote.at <= QUOTE_HONOURED_MS && executionPrice(side, quote.price) === shown) {
      return true;
    }
  }
  return false;
}
