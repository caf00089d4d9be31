/**
 * The order actions of SPEC §4: close a holding order, cancel a pending one, change take
 * profit and stop loss. Each asks first where SPEC wants it, lets the API layer toast the
 * server's message (SPEC §8), and re-reads the account once it went through.
 */
import type { Order } from '@pipstream/protocol';
import { api } from '../../api/index.js';
import { i18n } from '../../i18n/index.js';
import { refreshTrading } from '../../state/trading.js';
import { confirm } from '../../state/ui.js';

/** The words naming an order in a question: its product and side. */
function orderName(order: Order): Record<string, string> {
  return {
    code: order.ForexTradeLists.ShowCode,
    side: i18n.t(order.OrderType === 1 ? 'web.order.buy' : 'web.order.sell'),
    lots: String(order.Quantity),
  };
}

/** Runs `call`; true when it went through (the API layer already told the user otherwise). */
async function succeeded(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
  } catch {
    return false;
  }
  void refreshTrading();
  return true;
}

/** Closes a holding order at the market price, after confirmation. True when closed. */
export async function closeOrder(order: Order): Promise<boolean> {
  const ok = await confirm({
    message: i18n.t('web.order.close_confirm', orderName(order)),
    confirmLabel: i18n.t('web.order.close'),
    cancelLabel: i18n.t('web.common.cancel'),
    danger: true,
  });
  return ok && succeeded(api.call('close', { id: order.Id }));
}

/** Cancels a pending order, after confirmation. True when cancelled. */
export async function cancelOrder(order: Order): Promise<boolean> {
  const ok = await confirm({
    message: i18n.t('web.order.cancel_confirm', orderName(order)),
    confirmLabel: i18n.t('web.order.cancel_order'),
    cancelLabel: i18n.t('web.order.keep_order'),
    danger: true,
  });
  return ok && succeeded(api.call('cancelTrade', { id: order.Id }));
}

/** Sets take profit and stop loss (0 turns one off). True when saved. */
export function saveStops(order: Order, takeProfit: number, stopLoss: number): Promise<boolean> {
  return succeeded(
    api.call('setStopPrice', {
      id: order.Id,
      target_profit_price: takeProfit,
      stop_loss_price: stopLoss,
    }),
  );
}
