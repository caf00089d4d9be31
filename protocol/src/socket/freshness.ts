/**
 * How old a quote may be and still be traded on: the rule the upstream keeps when it sends
 * quotes and the app applies when it shows them.
 *
 * A quiet instrument may not move for a minute, so silence alone says nothing: the upstream
 * re-sends every open instrument's quote at least every `QUOTE_REFRESH_MS`, moved or not. An
 * open market's quote that has not arrived for `QUOTE_STALE_MS` (three of those intervals) is
 * delayed: the feed for it has stopped, and its price must not be traded on.
 */

/** The longest an upstream leaves an open instrument's quote unsent. */
export const QUOTE_REFRESH_MS = 5000;

/** A quote of an open market older than this (its arrival, not its Time) is delayed. */
export const QUOTE_STALE_MS = 3 * QUOTE_REFRESH_MS;

/** Whether a quote that arrived at `receivedAt` is delayed at `now`. */
export function isQuoteStale(receivedAt: number, now: number): boolean {
  return now - receivedAt > QUOTE_STALE_MS;
}
