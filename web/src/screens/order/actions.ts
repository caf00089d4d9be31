/**
 * The order actions of SPEC §4: close a holding order, cancel a pending one, change take
 * profit and stop loss. Each asks first where SPEC wants it, lets the API layer toast the
 * server's message (SPEC §8), and re-reads the account once it went through.
 */
import { executionPrice, formatPrice, type Order } from '@pipstream/protocol';
import { api } from '../../api/index.js';
import { formatterOf } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';
import { expectOwnClose } from '../../live/order-news.js';
import { live } from '../../live/store.js';
import { TRADE_BLOCK_TEXT, tradeBlock } from '../../live/tradability.js';
import { settings } from '../../state/settings.js';
import { refreshTrading } from '../../state/trading.js';
import { confirm, showToast } from '../../state/ui.js';

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

/** Whether trading `order`'s instrument is paused now; when it is, the reason is toasted. */
function pausedFor(order: Order): boolean {
  const block = tradeBlock(
    live.connection.state,
    live.quotes[order.ForexId]?.delayed ?? true,
    true,
  );
  if (block) showToast(i18n.t(TRADE_BLOCK_TEXT[block]), 'error');
  return block !== null;
}

/**
 * Closes a holding order at the price shown in the question (the side that closes it trades
 * at it: arithmetic/execution.ts), after confirmation. Nothing is asked or sent while its
 * prices are delayed. True when closed.
 */
export async function closeOrder(order: Order): Promise<boolean> {
  if (pausedFor(order)) return false;
  const quote = live.holdings[order.Id]?.price ?? live.quotes[order.ForexId]?.close;
  const closing = order.OrderType === 1 ? 'sell' : 'buy';
  const price =
    quote === undefined
      ? undefined
      : formatPrice(executionPrice(closing, quote), order.ForexTradeLists.PricePrecision);
  const ok = await confirm({
    message:
      price === undefined
        ? i18n.t('web.order.close_confirm', orderName(order))
        : i18n.t('web.executable.close_confirm', {
            ...orderName(order),
            price: formatterOf(settings.language).decimal(price),
          }),
    confirmLabel: i18n.t('web.order.close'),
    cancelLabel: i18n.t('web.common.cancel'),
    danger: true,
  });
  if (!ok || pausedFor(order)) return false;
  expectOwnClose(order.Id);
  return succeeded(
    api.call(
      'close',
      price === undefined ? { id: order.Id } : { id: order.Id, price: Number(price) },
    ),
  );
}

/** Cancels a pending order, after confirmation. True when cancelled. */
export async function cancelOrder(order: Order): Promise<boolean> {
  const ok = await confirm({
    message: i18n.t('web.order.cancel_confirm', orderName(order)),
    confirmLabel: i18n.t('web.order.cancel_order'),
    cancelLabel: i18n.t('web.order.keep_order'),
    danger: true,
  });
  if (!ok) return false;
  expectOwnClose(order.Id);
  return succeeded(api.call('cancelTrade', { id: order.Id }));
}

/** Sets take profit and stop loss (0 turns one off). True when saved. */
export function saveStops(order: Order, takeProfit: number, stopLoss: number): Promise<boolean> {
  if (order.Status === 1 && pausedFor(order)) return Promise.resolve(false);
  return succeeded(
    api.call('setStopPrice', {
      id: order.Id,
      target_profit_price: takeProfit,
      stop_loss_price: stopLoss,
    }),
  );
}
