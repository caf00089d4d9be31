/**
 * Fills and closes the trader did not just do here are announced: a pending order filling, a
 * stop loss or take profit hit, a stop-out, a position closed on another device. Each gets a
 * toast naming the instrument, side, lots, price and P&L, and the reason of a close when the
 * upstream gives one (CloseReason).
 *
 * - A fill is an order that was pending at the last read of the account and is holding now.
 * - A close is an id a FOREX_CLOSED push named that this tab did not close or cancel itself;
 *   its price, P&L and reason are read from the history's first pages.
 */
import { closeReasonOf, formatBalance, formatPrice, type Order, sideOf } from '@pipstream/protocol';
import { subscribe } from 'valtio/vanilla';
import { api } from '../api/index.js';
import { type Formatter, formatterOf } from '../i18n/format.js';
import { i18n } from '../i18n/index.js';
import { lotCount } from '../i18n/lots.js';
import type { OrderSignals } from '../live/store.js';
import { settings } from './settings.js';
import type { TradingState } from './trading.js';
import { showToast } from './ui.js';

/** How long a trade announcement stays: it carries five figures (this project's choice). */
export const NEWS_TOAST_MS = 8000;
/** How long an order closed or cancelled here is not news when its push arrives. */
const OWN_ACTION_MS = 30_000;
/** History pages read to find closed orders (a stop-out of many positions spans several). */
const HISTORY_PAGES = 3;

/** The locale key of each close reason's words (keys spelled out for the locale check). */
export const CLOSE_REASON_TEXT = {
  manual: 'web.close_reason.manual',
  stop_loss: 'web.close_reason.stop_loss',
  take_profit: 'web.close_reason.take_profit',
  stop_out: 'web.close_reason.stop_out',
  cancelled: 'web.close_reason.cancelled',
  demo_reset: 'web.close_reason.demo_reset',
} as const;

const ownActions = new Map<number, number>();

/** This tab is closing or cancelling order `id` itself: its push is no news. */
export function expectOwnClose(id: number): void {
  ownActions.set(id, Date.now());
}

function isOwn(id: number): boolean {
  const at = ownActions.get(id);
  if (at === undefined) return false;
  if (Date.now() - at <= OWN_ACTION_MS) return true;
  ownActions.delete(id);
  return false;
}

/** The words and figures every announcement names, in the language shown. */
function orderWords(order: Order, price: number, format: Formatter) {
  return {
    code: order.ForexTradeLists.ShowCode,
    side: i18n.t(sideOf(order.OrderType) === 'buy' ? 'web.order.buy' : 'web.order.sell'),
    lots: lotCount(order.Quantity, format.language, i18n.t),
    price: format.decimal(formatPrice(price, order.ForexTradeLists.PricePrecision)),
    pnl: format.decimal(formatBalance(order.FactProfits)),
  };
}

/** The toast of a pending order that filled. */
export function fillText(order: Order): string {
  const format = formatterOf(settings.language);
  return i18n.t('web.trade_news.filled', orderWords(order, order.Price, format));
}

/** The toast of a closed order (a history row): with its reason when the upstream gave one. */
export function closeText(order: Order): string {
  const format = formatterOf(settings.language);
  const words = orderWords(order, order.UpdatePrice, format);
  const reason = closeReasonOf(order.CloseReason);
  if (order.Status === 4) return i18n.t('web.trade_news.cancelled', words);
  return reason === undefined
    ? i18n.t('web.trade_news.closed', words)
    : i18n.t('web.trade_news.closed_because', {
        ...words,
        reason: i18n.t(CLOSE_REASON_TEXT[reason]),
      });
}

/** What the announcer watches and calls; the app's are below, tests pass their own. */
export interface OrderNewsDeps {
  readonly trading: TradingState;
  readonly signals: OrderSignals;
  /** One page of the history (my_deal status 3). */
  readonly history: (page: number) => Promise<{ data: Order[]; total: number }>;
  readonly announce: (text: string) => void;
}

/** Starts announcing; returns the function that stops it. */
export function startOrderNews(deps: OrderNewsDeps): () => void {
  let pending = new Map<number, Order>();
  const onAccount = () => {
    if (!deps.trading.loaded) {
      pending = new Map();
      return;
    }
    for (const order of deps.trading.holding) {
      const was = pending.get(order.Id);
      if (was) deps.announce(fillText({ ...was, ...order }));
    }
    pending = new Map(deps.trading.pending.map((order) => [order.Id, order]));
  };
  onAccount();

  let seenClosed = deps.signals.closedSeq;
  const onSignals = () => {
    if (deps.signals.closedSeq === seenClosed) return;
    seenClosed = deps.signals.closedSeq;
    const ids = deps.signals.closedIds.filter((id) => !isOwn(id));
    if (ids.length > 0) void announceCloses(ids);
  };

  async function announceCloses(ids: readonly number[]) {
    const wanted = new Set(ids);
    try {
      for (let page = 1; page <= HISTORY_PAGES && wanted.size > 0; page++) {
        const { data, total } = await deps.history(page);
        for (const order of data) {
          if (!wanted.delete(order.Id)) continue;
          // A demo reset is the trader's own doing, and already confirmed by its message.
          if (closeReasonOf(order.CloseReason) === 'demo_reset') continue;
          deps.announce(closeText(order));
        }
        if (page * Math.max(data.length, 1) >= total) break;
      }
    } catch {
      // The read failed (its toast was shown); the history screen still tells the close.
    }
  }

  const stops = [subscribe(deps.trading, onAccount), subscribe(deps.signals, onSignals)];
  return () => {
    for (const stop of stops) stop();
  };
}

/** The app's announcer, over the account state and the worker's order signals. */
export function announceOrderNews(trading: TradingState, signals: OrderSignals): () => void {
  return startOrderNews({
    trading,
    signals,
    history: (page) => api.call('myDeal', { status: 3, page }),
    announce: (text) => showToast(text, 'info', NEWS_TOAST_MS),
  });
}
