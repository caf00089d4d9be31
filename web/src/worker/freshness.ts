/**
 * Quote freshness: whether a quote may be traded on. One rule, read by the quotes, the holdings
 * valued from them and the account (docs/product.md#connection-state).
 */
import { isQuoteStale } from '@pipstream/protocol';

/** What freshness reads of a quote. */
export interface QuoteAge {
  /** When the last quote arrived here; `null`: never (the trade list's). */
  readonly receivedAt: number | null;
  /** Its market's status as last told (1 is open); `undefined` while nothing has said. */
  readonly marketStatus: number | undefined;
}

/**
 * Whether a quote must not be traded on at `at`: the connection is not live (`liveSince` is
 * `null`), or its market is open and no quote came since the connection came back, or none for
 * `QUOTE_STALE_MS`.
 */
export function isDelayed(quote: QuoteAge, liveSince: number | null, at: number): boolean {
  if (liveSince === null) return true;
  if (quote.marketStatus !== 1) return false;
  return (
    quote.receivedAt === null || quote.receivedAt < liveSince || isQuoteStale(quote.receivedAt, at)
  );
}
