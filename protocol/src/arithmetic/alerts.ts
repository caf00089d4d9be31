/**
 * When a price alert fires. Prices are compared as given: quotes of one instrument share its
 * precision, so no rounding is needed.
 */
import type { AlertCondition } from '../schemas/alert.js';

/** What of a quote an alert looks at. */
export interface AlertQuote {
  /** The latest price. */
  readonly close: number;
  /** The day's change since the open, percent (negative when down). */
  readonly change: number;
}

/**
 * True when `quote` has reached `condition`: the price at or above an "above" level, at or
 * below a "below" level, or the day's change, up or down, at least the "move" percentage.
 * A form refuses a condition the current quote already reaches, so an armed alert fires on the
 * tick that crosses its level; one the market crossed while the app was closed fires on the
 * first tick after it opens, as the level was passed.
 */
export function alertReached(condition: AlertCondition, quote: AlertQuote): boolean {
  if (!Number.isFinite(quote.close) || !Number.isFinite(quote.change)) return false;
  switch (condition.kind) {
    case 'above':
      return quote.close >= condition.price;
    case 'below':
      return quote.close <= condition.price;
    case 'move':
      return Math.abs(quote.change) >= condition.percent;
  }
}
