/**
 * The live model's holdings' valuation: the open orders, each valued from its instrument's
 * quote (or the upstream's own figure at the same price), and the pending orders that only
 * hold margin. A tick reaches only the orders on its instrument.
 */
import {
  type AccountOrder,
  formatBalance,
  formatPrice,
  type HoldingUpdate,
  type Order,
  orderPnl,
  sideOf,
} from '@pipstream/protocol';
import type { HoldingView } from './batch.js';
import type { ChangeSet } from './changes.js';
import type { TrailedHolding } from './trailing-stops.js';

/** The fields of an order (my_deal) the model reads. */
export type OpenOrder = Pick<
  Order,
  | 'Id'
  | 'OrderType'
  | 'Quantity'
  | 'Price'
  | 'UpdatePrice'
  | 'FactProfits'
  | 'CautionMoney'
  | 'ForexId'
  | 'TargetLossPrice'
  | 'TargetProfitPrice'
> & { ForexTradeLists: Pick<Order['ForexTradeLists'], 'ForexContNum' | 'PricePrecision'> };

export interface HoldingState extends AccountOrder {
  readonly order: OpenOrder;
  readonly holding: true;
  price: number;
  /**
   * The price of the last upstream figure (my_deal or FOREX_TRADE). A tick at that same price
   * keeps the upstream P&L instead of recomputing it, so an upstream that values positions its
   * own way never flickers against the local formula.
   */
  upstreamPrice: number | undefined;
}

export interface HoldingsOptions {
  readonly changes: ChangeSet;
  /** Whether the quote of an instrument is delayed: its holdings are then. */
  readonly isDelayed: (instrumentId: number) => boolean;
}

export function createHoldings({ changes, isDelayed }: HoldingsOptions) {
  const holdings = new Map<number, HoldingState>();
  /** Holding ids by instrument id, so a tick reaches only the orders on its instrument. */
  const holdingsOn = new Map<number, Set<number>>();
  const pending = new Map<number, AccountOrder>();

  function add(order: OpenOrder) {
    holdings.set(order.Id, {
      order,
      holding: true,
      margin: Number(order.CautionMoney),
      price: order.UpdatePrice,
      pnl: Number(order.FactProfits),
      upstreamPrice: order.UpdatePrice,
    });
    const ids = holdingsOn.get(order.ForexId);
    if (ids) ids.add(order.Id);
    else holdingsOn.set(order.ForexId, new Set([order.Id]));
    changes.holdings.add(order.Id);
  }

  function remove(id: number): HoldingState | undefined {
    const holding = holdings.get(id);
    if (!holding) return undefined;
    holdings.delete(id);
    const ids = holdingsOn.get(holding.order.ForexId);
    ids?.delete(id);
    if (ids?.size === 0) holdingsOn.delete(holding.order.ForexId);
    changes.holdings.add(id);
    return holding;
  }

  function removeAll(): void {
    for (const id of [...holdings.keys()]) remove(id);
  }

  return {
    has: (id: number): boolean => holdings.has(id),

    ids: (): Iterable<number> => holdings.keys(),

    /** Every open order, holdings first, as the account's figures count them. */
    *openOrders(): Iterable<AccountOrder> {
      yield* holdings.values();
      yield* pending.values();
    },

    /** Whether any holding's quote is delayed: the account's figures may be stale then. */
    anyDelayed(): boolean {
      for (const instrumentId of holdingsOn.keys()) {
        if (isDelayed(instrumentId)) return true;
      }
      return false;
    },

    /** Marks the holdings on `instrumentId`, and the account if there are any. */
    markOn(instrumentId: number): void {
      const ids = holdingsOn.get(instrumentId);
      if (!ids) return;
      for (const id of ids) changes.holdings.add(id);
      changes.account = true;
    },

    /** Values the holdings on `instrumentId` at `close`; marks the ones whose figures moved. */
    revalue(instrumentId: number, close: number): void {
      const ids = holdingsOn.get(instrumentId);
      if (!ids) return;
      for (const id of ids) {
        const holding = holdings.get(id);
        if (!holding || holding.upstreamPrice === close) continue;
        const pnl = orderPnl(holding.order, close);
        holding.upstreamPrice = undefined;
        if (pnl === holding.pnl && close === holding.price) continue;
        holding.price = close;
        holding.pnl = pnl;
        changes.holdings.add(id);
        changes.account = true;
      }
    },

    /** What a trailing stop reads of a holding: its side, prices and levels now. */
    trailed(id: number): TrailedHolding | undefined {
      const holding = holdings.get(id);
      if (holding === undefined) return undefined;
      const { order } = holding;
      return {
        side: sideOf(order.OrderType),
        openPrice: order.Price,
        price: holding.price,
        stopLoss: order.TargetLossPrice,
        takeProfit: order.TargetProfitPrice,
        pricePrecision: order.ForexTradeLists.PricePrecision,
        delayed: isDelayed(order.ForexId),
      };
    },

    view(id: number): HoldingView | undefined {
      const holding = holdings.get(id);
      if (holding === undefined) return undefined;
      const { order } = holding;
      return {
        id: order.Id,
        instrumentId: order.ForexId,
        side: sideOf(order.OrderType),
        lots: order.Quantity,
        openPrice: order.Price,
        margin: holding.margin,
        price: holding.price,
        pnl: holding.pnl,
        priceText: formatPrice(holding.price, order.ForexTradeLists.PricePrecision),
        pnlText: formatBalance(holding.pnl),
        delayed: isDelayed(order.ForexId),
      };
    },

    /**
     * Applies a FOREX_TRADE push: the upstream's price and P&L replace the local ones. An id
     * not held (a pending order that filled, an order from another device) asks for a resync.
     */
    applyUpdates(updates: readonly HoldingUpdate[]): void {
      for (const update of updates) {
        const holding = holdings.get(update.Id);
        if (!holding) {
          changes.resync = true;
          continue;
        }
        const pnl = Number(update.FactProfits);
        holding.upstreamPrice = update.UpdatePrice;
        if (pnl === holding.pnl && update.UpdatePrice === holding.price) continue;
        holding.price = update.UpdatePrice;
        holding.pnl = pnl;
        changes.holdings.add(update.Id);
        changes.account = true;
      }
    },

    /** An order closed: it leaves the holdings or the pending orders; the holding, if it was one. */
    close(id: number): HoldingState | undefined {
      const holding = remove(id);
      pending.delete(id);
      return holding;
    },

    /** Replaces the holding orders; their figures start as sent. */
    setHoldings(orders: readonly OpenOrder[]): void {
      removeAll();
      for (const order of orders) add(order);
      changes.account = true;
    },

    /** Replaces the pending orders: they count in the used margin only. */
    setPending(orders: readonly Pick<OpenOrder, 'Id' | 'CautionMoney'>[]): void {
      pending.clear();
      for (const order of orders) {
        pending.set(order.Id, { margin: Number(order.CautionMoney), pnl: 0, holding: false });
      }
      changes.account = true;
    },

    /** Forgets every order (a logout). */
    clear(): void {
      removeAll();
      pending.clear();
    },
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
