/**
 * What the order screen shows of an order, as pure functions: prices at the instrument's precision,
 * money at docs/product.md#constants decimals, and the take-profit and stop-loss inputs read back
 * into prices.
 */
import { type Displayable, formatFee, formatPrice, type Order } from '@pipstream/protocol';

/** docs/product.md#states order tabs, as `my_deal`'s status: holding 1, pending 0, history 3. */
export const ORDER_TAB_TYPES = [1, 0, 3] as const;
export type OrderTab = (typeof ORDER_TAB_TYPES)[number];

/** The tab a query names (`/order?type=0`); holding when absent or unknown. */
export function tabOf(search: string): OrderTab {
  const type = Number(new URLSearchParams(search).get('type') ?? Number.NaN);
  return ORDER_TAB_TYPES.find((tab) => tab === type) ?? 1;
}

/** `value` at the order's instrument precision. */
export function orderPrice(order: Pick<Order, 'ForexTradeLists'>, value: Displayable): string {
  return formatPrice(value, order.ForexTradeLists.PricePrecision);
}

/** A stop-loss or take-profit price, or `null` when it is off (0, docs/product.md#states). */
export function stopPrice(order: Pick<Order, 'ForexTradeLists'>, value: number): string | null {
  return value > 0 ? orderPrice(order, value) : null;
}

/**
 * The fee an order lists (docs/product.md#constants: 6 decimals), or `null` for a cancelled one:
 * nothing was traded and the fee was given back, so it lists none.
 */
export function orderFee(order: Pick<Order, 'Status' | 'TradeFee'>): string | null {
  return order.Status === 4 ? null : formatFee(order.TradeFee);
}

/** The colour of a profit: up when above 0, down when below. */
export function pnlTone(value: Displayable): 'up' | 'down' | 'flat' {
  const n = Number(value);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/**
 * A take-profit or stop-loss input read as a price: empty is 0 (off, docs/product.md#states), a
 * number of 0 or more is itself (a decimal comma is read as a point), anything else is `null`
 * (invalid).
 */
export function parseStopInput(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** A stop level as the TP/SL field starts with it: at the instrument's precision, empty when off. */
export function stopInputOf(order: Pick<Order, 'ForexTradeLists'>, value: number): string {
  return value > 0 ? orderPrice(order, value) : '';
}

/**
 * The locale key of an order's status (docs/product.md#entities Status; 4 is this project's
 * cancelled).
 */
export function statusKey(status: number): string {
  switch (status) {
    case 0:
      return 'web.order.status.pending';
    case 1:
      return 'web.order.status.holding';
    case 3:
      return 'web.order.status.closed';
    case 4:
      return 'web.order.status.cancelled';
    default:
      return 'web.order.status.other';
  }
}

/** `rows` without the orders whose ids are in `gone` (closed by a push, or by the user). */
export function withoutOrders<T extends { readonly Id: number }>(
  rows: readonly T[],
  gone: ReadonlySet<number>,
): readonly T[] {
  if (gone.size === 0) return rows;
  const kept = rows.filter((row) => !gone.has(row.Id));
  return kept.length === rows.length ? rows : kept;
}

/** The fields of a holding a read from elsewhere may have changed: its stop levels. */
type HoldingLevels = Pick<Order, 'Id' | 'TargetLossPrice' | 'TargetProfitPrice'>;

/**
 * Whether the holdings the account read last (`read`, every page) disagree with the rows a
 * list shows: a row's stop loss or take profit changed (on another device, say), or a row is
 * no longer held. Rows the list has not loaded yet are not compared.
 */
export function holdingsDiffer(
  rows: readonly HoldingLevels[],
  read: readonly HoldingLevels[],
): boolean {
  const byId = new Map(read.map((order) => [order.Id, order]));
  return rows.some((row) => {
    const now = byId.get(row.Id);
    return (
      now === undefined ||
      now.TargetLossPrice !== row.TargetLossPrice ||
      now.TargetProfitPrice !== row.TargetProfitPrice
    );
  });
}
