/**
 * The order actions of docs/product.md#states: close a holding order (or several), cancel a
 * pending one, change take profit and stop loss. Each asks first (a single close need not, with
 * the one-tap setting on), lets the API layer toast the server's message
 * (docs/product.md#errors), and re-reads the account once it went through.
 */
import { ApiError, ClientError, CODE, formatBalance, type Order } from '@pipstream/protocol';
import { api } from '../../api/index.js';
import { formatterOf } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';
import { lotCount } from '../../i18n/lots.js';
import { live } from '../../live/store.js';
import { TRADE_BLOCK_TEXT, tradeBlock } from '../../live/tradability.js';
import { expectOwnClose } from '../../state/order-news.js';
import { settings } from '../../state/settings.js';
import { setStopLevels } from '../../state/stop-levels.js';
import { refreshTrading } from '../../state/trading.js';
import { confirm, confirmAtPrice, showToast } from '../../state/ui.js';
import { deviationOf } from '../trade/order-form/form.js';
import {
  type CloseChoice,
  type CloseOutcome,
  type CloseRun,
  closeSelection,
  runCloses,
} from './close-all.js';

/** The words naming an order in a question: its product and side. */
function orderName(order: Order): Record<string, string> {
  return {
    code: order.ForexTradeLists.ShowCode,
    side: i18n.t(order.OrderType === 1 ? 'web.order.buy' : 'web.order.sell'),
    lots: lotCount(order.Quantity, settings.language, i18n.t),
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

/** Why trading `order`'s instrument is paused now, as words; `null` while it is not. */
function blockOf(order: Order): string | null {
  const quote = live.quotes[order.ForexId];
  const block = tradeBlock(live.connection.state, quote?.delayed ?? true, !quote?.closed);
  return block === null ? null : i18n.t(TRADE_BLOCK_TEXT[block]);
}

/** Whether trading `order`'s instrument is paused now; when it is, the reason is toasted. */
function pausedFor(order: Order): boolean {
  const block = blockOf(order);
  if (block !== null) showToast(block, 'error');
  return block !== null;
}

/**
 * The price a close of `order` would fill at now, as the screens show it: the holding's live
 * price (there is no spread, arithmetic/execution.ts); `undefined` while none is known.
 */
function closePrice(order: Order): number | undefined {
  return live.holdings[order.Id]?.price ?? live.quotes[order.ForexId]?.close;
}

/** The deviation a close goes with: the one the trader keeps for market orders. */
const deviation = () => deviationOf(settings.deviationPips);

/**
 * Orders a close was sent for from this tab, kept once closed: a double tap, a row's button and
 * "close all" together never send a second close for one order.
 */
const closing = new Set<number>();

/** What went wrong with a close, in words: the server's, or that no answer came. */
function failureOf(error: unknown): string {
  if (error instanceof ClientError && error.msg && typeof error.code === 'number') return error.msg;
  return i18n.t('web.close_all.no_answer');
}

/** A requote's words (the price moved beyond the deviation), or `undefined` for another end. */
function requoteOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === CODE.REQUOTE ? error.msg : undefined;
}

/**
 * Sends the close of `order` confirmed at `price` (unless one was sent already) and answers for
 * it, a requote with its words.
 */
async function sendClose(
  order: Order,
  price: number | undefined,
): Promise<CloseOutcome & { readonly requote?: string }> {
  if (closing.has(order.Id)) return { closed: false, reason: i18n.t('web.close_all.already') };
  closing.add(order.Id);
  expectOwnClose(order.Id);
  try {
    await api.call(
      'close',
      price === undefined ? { id: order.Id } : { id: order.Id, price, deviation: deviation() },
    );
    return { closed: true };
  } catch (error) {
    // Not closed, or not known to be: a close may be tried again.
    closing.delete(order.Id);
    return { closed: false, reason: failureOf(error), requote: requoteOf(error) };
  }
}

/**
 * Closes a holding order at the price the question shows live, after confirmation — or at once
 * at the price on screen with the one-tap setting on. It fills at the market within the
 * trader's deviation; a requote asks again, naming the price now. Nothing is asked or sent while
 * its prices are delayed, nor for an order whose close is already on its way. True when closed.
 */
export async function closeOrder(order: Order): Promise<boolean> {
  if (closing.has(order.Id) || pausedFor(order)) return false;
  let notice: string | undefined;
  for (;;) {
    let price = closePrice(order);
    if (!settings.oneTapClose || notice !== undefined) {
      const asked = await confirmAtPrice({
        message: i18n.t('web.order.close_confirm', orderName(order)),
        confirmLabel: i18n.t('web.order.close'),
        cancelLabel: i18n.t('web.common.cancel'),
        danger: true,
        notice,
        price: {
          instrumentId: order.ForexId,
          pricePrecision: order.ForexTradeLists.PricePrecision,
          deviationPips: deviation(),
        },
      });
      if (asked === null || pausedFor(order)) return false;
      price = asked;
    }
    const outcome = await sendClose(order, price);
    if (outcome.closed) {
      void refreshTrading();
      return true;
    }
    if (!('requote' in outcome) || outcome.requote === undefined) return false;
    notice = outcome.requote;
  }
}

/** The locale keys of each choice's question and of its "nothing to close". */
const CLOSE_ALL_TEXT = {
  all: { ask: 'web.close_all.confirm_all', none: 'web.close_all.none_all' },
  profitable: { ask: 'web.close_all.confirm_profitable', none: 'web.close_all.none_profitable' },
  losing: { ask: 'web.close_all.confirm_losing', none: 'web.close_all.none_losing' },
} as const satisfies Record<CloseChoice, { ask: string; none: string }>;

/** A "close all" is asking or running: another tap waits for it instead of starting one. */
let closingAll = false;

/**
 * Closes every holding `choice` covers, after one confirmation naming how many and their
 * estimated P&L (whatever the one-tap setting). Each close is answered: an order whose price
 * is delayed is not sent, and the run lists what stayed open. `null` when nothing ran.
 */
export async function closeAll(
  choice: CloseChoice,
  holdings: readonly Order[],
  progress: (done: number, of: number) => void,
): Promise<CloseRun | null> {
  if (closingAll) return null;
  const selection = closeSelection(holdings, choice, (id) => live.holdings[id]?.pnl);
  const count = selection.orders.length;
  if (count === 0) {
    showToast(i18n.t(CLOSE_ALL_TEXT[choice].none));
    return null;
  }
  closingAll = true;
  try {
    const format = formatterOf(settings.language);
    const summary = i18n.t('web.close_all.summary', {
      orders: format.decimal(String(count)),
      pnl: format.decimal(formatBalance(selection.pnl)),
    });
    const ok = await confirm({
      message: `${i18n.t(CLOSE_ALL_TEXT[choice].ask)} ${summary}`,
      confirmLabel: i18n.t('web.close_all.go'),
      cancelLabel: i18n.t('web.common.cancel'),
      danger: true,
    });
    if (!ok) return null;
    progress(0, count);
    const run = await runCloses(
      selection.orders,
      (order) => {
        const block = blockOf(order);
        if (block !== null) return Promise.resolve({ closed: false, reason: block });
        return sendClose(order, closePrice(order));
      },
      (done) => progress(done, count),
    );
    void refreshTrading();
    showToast(
      i18n.t('web.close_all.done', {
        closed: format.decimal(String(run.closed.length)),
        orders: format.decimal(String(count)),
      }),
      run.failed.length === 0 ? 'success' : 'error',
    );
    return run;
  } finally {
    closingAll = false;
  }
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

/**
 * Sets take profit and stop loss (0 turns one off), after a trailing stop's move of the same
 * order still on its way. True when saved.
 */
export function saveStops(order: Order, takeProfit: number, stopLoss: number): Promise<boolean> {
  if (order.Status === 1 && pausedFor(order)) return Promise.resolve(false);
  return succeeded(setStopLevels(order.Id, { takeProfit, stopLoss }));
}
