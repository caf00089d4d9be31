/** Orders that tests and benches place as a precondition, not as their subject. */
import type { RequestOf } from '../routes/define.js';
import type { Routes } from '../routes/table.js';
import type { Instrument } from '../schemas/market.js';
import { ORDER_MODE, ORDER_SIDE } from '../schemas/order.js';

/**
 * The smallest market buy `instrument` takes: its minimum lots at its first leverage, no stop
 * levels. Throws for an instrument that offers no leverage (nothing could be ordered on it).
 */
export function minimumMarketBuy(instrument: Instrument): RequestOf<Routes['submit']> {
  const [leverage] = instrument.HasForexMultiple;
  if (!leverage) throw new Error(`${instrument.Code} has no leverage to order with`);
  return {
    type: ORDER_SIDE.BUY,
    cont: instrument.ForexMinCont,
    forex_id: instrument.Id,
    status: ORDER_MODE.MARKET,
    target_price: 0,
    stop_loss_price: 0,
    target_profit_price: 0,
    multiple: leverage.Value,
  };
}
