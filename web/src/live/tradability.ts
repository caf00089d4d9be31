/**
 * Whether a price may be traded on now, and if not, why: buy, sell, close and set-TP/SL are
 * disabled with the reason while any of these holds, and come back by themselves once fresh
 * quotes arrive.
 */

import type { ConnectionState } from '../worker/contract.js';
import { useConnection, useMarketClosed, useQuoteDelayed } from './hooks.js';

/** Why trading an instrument is paused. */
export type TradeBlock = 'offline' | 'reconnecting' | 'delayed' | 'market_closed';

/** The text of each reason (keys spelled out so the locale check finds them). */
export const TRADE_BLOCK_TEXT: Readonly<Record<TradeBlock, string>> = {
  offline: 'web.live_guard.blocked_offline',
  reconnecting: 'web.live_guard.blocked_reconnecting',
  delayed: 'web.live_guard.blocked_delayed',
  market_closed: 'web.trade.market_closed_note',
};

/**
 * The reason trading is paused, or `null` when it may go ahead: the connection first (it
 * explains every delayed quote at once), then the quote, then the market.
 */
export function tradeBlock(
  connection: ConnectionState,
  quoteDelayed: boolean,
  marketOpen: boolean,
): TradeBlock | null {
  if (connection === 'offline') return 'offline';
  if (connection !== 'live') return 'reconnecting';
  if (!marketOpen) return 'market_closed';
  if (quoteDelayed) return 'delayed';
  return null;
}

/**
 * `tradeBlock` for one instrument, live — its market's status included, as its quotes tell it
 * (`listedClosed`: the caller's trade list, until they do). Re-renders only when the answer can
 * change.
 */
export function useTradeBlock(instrumentId: number, listedClosed = false): TradeBlock | null {
  const { state } = useConnection();
  const delayed = useQuoteDelayed(instrumentId);
  const closed = useMarketClosed(instrumentId, listedClosed);
  return tradeBlock(state, delayed, !closed);
}
