/**
 * The trader's orders as lines on the chart, and what dragging one means, as pure functions:
 * which lines an instrument's orders draw, which stop a drag sets, whether the level is on the
 * right side of the price (the protocol's `checkStopLevels`) and what it would earn there (the
 * protocol's `orderPnl`). Nothing here computes a figure of its own.
 */
import {
  checkStopLevels,
  isBuy,
  type Order,
  orderPnl,
  roundTo,
  type StopLevels,
  sideOf,
  type TradeSide,
} from '@pipstream/protocol';

/** What a line marks: a holding's entry, stop loss or take profit, or a pending order's target. */
export type LineKind = 'entry' | 'stopLoss' | 'takeProfit' | 'pending';
/** The two levels a drag can set. */
export type StopKind = 'stopLoss' | 'takeProfit';

/** The order fields the lines read. */
export type LineOrder = Pick<
  Order,
  | 'Id'
  | 'OrderType'
  | 'Quantity'
  | 'Price'
  | 'TargetLossPrice'
  | 'TargetProfitPrice'
  | 'ForexId'
  | 'ForexTradeLists'
>;

export interface OrderLine {
  /** Unique on the chart: `12:entry`, `12:takeProfit`. */
  readonly id: string;
  readonly order: LineOrder;
  readonly kind: LineKind;
  readonly side: TradeSide;
  readonly price: number;
  /** A holding's lines can be dragged; a pending order's cannot (no call modifies one). */
  readonly draggable: boolean;
}

/** A level being set: dragged, waiting for confirmation, or on its way to the server. */
export interface StopDraft {
  readonly orderId: number;
  readonly kind: StopKind;
  readonly price: number;
}

/**
 * The lines of `instrumentId`'s orders: each holding's entry and the stop loss and take profit
 * it has (or the draft one being set), each pending order's target. Orders in `closed` (a close
 * push came, the lists are not re-read yet) draw nothing.
 */
export function orderLines(
  instrumentId: number,
  holding: readonly LineOrder[],
  pending: readonly LineOrder[],
  closed: ReadonlySet<number>,
  draft: StopDraft | null,
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const order of holding) {
    if (order.ForexId !== instrumentId || closed.has(order.Id)) continue;
    const side = sideOf(order.OrderType);
    const line = (kind: LineKind, price: number): OrderLine => ({
      id: `${order.Id}:${kind}`,
      order,
      kind,
      side,
      price,
      draggable: true,
    });
    lines.push(line('entry', order.Price));
    const levels = levelsWith(order, draft);
    if (levels.stopLoss > 0) lines.push(line('stopLoss', levels.stopLoss));
    if (levels.takeProfit > 0) lines.push(line('takeProfit', levels.takeProfit));
  }
  for (const order of pending) {
    if (order.ForexId !== instrumentId || closed.has(order.Id)) continue;
    lines.push({
      id: `${order.Id}:pending`,
      order,
      kind: 'pending',
      side: sideOf(order.OrderType),
      price: order.Price,
      draggable: false,
    });
  }
  return lines;
}

/** The order's stop levels, with `draft`'s level in place when it is this order's. */
export function levelsWith(order: LineOrder, draft: StopDraft | null): StopLevels {
  const levels = { stopLoss: order.TargetLossPrice, takeProfit: order.TargetProfitPrice };
  if (draft?.orderId === order.Id) levels[draft.kind] = draft.price;
  return levels;
}

/**
 * Which stop a drag of `kind`'s line to `price` sets: its own for a stop line; from the entry
 * line, the one on that side of the entry (a buy's take profit above it, its stop loss below,
 * a sell's the other way round).
 */
export function stopOfDrag(order: LineOrder, kind: LineKind, price: number): StopKind | null {
  if (kind === 'stopLoss' || kind === 'takeProfit') return kind;
  if (kind !== 'entry' || price === order.Price) return null;
  return price > order.Price === isBuy(order.OrderType) ? 'takeProfit' : 'stopLoss';
}

/** `price` on the instrument's price grid. */
export function snapPrice(order: LineOrder, price: number): number {
  return roundTo(price, order.ForexTradeLists.PricePrecision);
}

/** One price step of the order's instrument (the keyboard's nudge). */
export function priceStep(order: LineOrder): number {
  return 10 ** -order.ForexTradeLists.PricePrecision;
}

/** What a drafted level would do: its P&L there, and why it cannot be set, if it cannot. */
export interface DraftCheck {
  readonly pnl: number;
  readonly issue: 'stop_loss_wrong_side' | 'take_profit_wrong_side' | 'not_positive' | null;
}

/**
 * `draft` judged against the order and the instrument's `current` price: the estimated P&L at
 * the level (`orderPnl`), and the side check of `checkStopLevels` for the level set.
 */
export function checkDraft(order: LineOrder, draft: StopDraft, current: number): DraftCheck {
  const pnl = orderPnl(order, draft.price);
  if (!(draft.price > 0)) return { pnl, issue: 'not_positive' };
  const issues = checkStopLevels(order.OrderType, current, levelsWith(order, draft));
  return { pnl, issue: issues[draft.kind] ?? null };
}
