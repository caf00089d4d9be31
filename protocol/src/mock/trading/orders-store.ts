/**
 * The orders table and its in-memory book of open (pending and holding) orders. Every tick
 * looks at open orders, so they live in memory, indexed by id, instrument and user; the book is
 * loaded once at start and changed only together with the row it mirrors. Closed and cancelled
 * orders are read from SQLite when a history page asks for them.
 */
import { fromMicros } from '../../arithmetic/money.js';
import type { Instrument } from '../../schemas/market.js';
import { CLOSE_REASON, type CloseReason, ORDER_STATUS, type Order } from '../../schemas/order.js';
import type { Db } from '../store/db.js';
import { formatUtc } from '../time.js';

// Why an order left the book (orders.close_reason): the protocol's words, sent as CloseReason.
export { CLOSE_REASON, type CloseReason };

/** One order as stored. Open orders are live objects of the book: the engine revalues them. */
export interface StoredOrder {
  readonly id: number;
  readonly userId: number;
  readonly forexId: number;
  /** OrderType: 1 buy, 2 sell. */
  readonly side: number;
  readonly lots: number;
  status: number;
  /** Fill price; a pending order's target until it fills (at that target). */
  readonly price: number;
  /** The price asked for: the market price of a market order, the target of a pending one. */
  readonly originPrice: number;
  /** The latest price seen (the close price once closed). */
  updatePrice: number;
  /** Market price when placed: tells a pending order which way its target lies. */
  readonly placedPrice: number;
  readonly leverage: number;
  readonly marginMicros: bigint;
  /** The fee charged; 0 once a cancellation has given it back. */
  feeMicros: bigint;
  /** Floating P&L while holding (at `updatePrice`), realised once closed. */
  profitMicros: bigint;
  stopLoss: number;
  takeProfit: number;
  readonly createdAt: number;
  completedAt: number | null;
  /** Why it left the book; `null` while open. */
  closeReason: CloseReason | null;
  /** Units per lot of the instrument, kept for the P&L of every tick. */
  readonly unitsPerLot: number;
}

/** What placing an order writes. */
export type NewOrder = Omit<StoredOrder, 'id' | 'completedAt' | 'closeReason'>;

/** How a closed or cancelled order ends. */
export interface Finish {
  status: typeof ORDER_STATUS.CLOSED | typeof ORDER_STATUS.CANCELLED;
  price: number;
  profitMicros: bigint;
  /** The fee the order keeps: what it was charged, or 0 when it was given back. */
  feeMicros: bigint;
  reason: CloseReason;
  at: number;
}

/** One page of a user's history and the totals over all of it. */
export interface HistoryPage {
  orders: StoredOrder[];
  total: number;
  profitMicros: bigint;
}

interface OrderRow {
  id: bigint;
  user_id: bigint;
  forex_id: bigint;
  side: bigint;
  lots: number;
  status: bigint;
  price: number;
  origin_price: number;
  update_price: number;
  placed_price: number;
  leverage: bigint;
  margin_micros: bigint;
  fee_micros: bigint;
  profit_micros: bigint;
  stop_loss: number;
  take_profit: number;
  created_at: bigint;
  completed_at: bigint | null;
  close_reason: string | null;
}

const OPEN = `status IN (${ORDER_STATUS.PENDING}, ${ORDER_STATUS.HOLDING})`;
const DONE = `status IN (${ORDER_STATUS.CLOSED}, ${ORDER_STATUS.CANCELLED})`;

/**
 * The order store over `db`. `unitsPerLot(forexId)` names the instrument's ForexContNum; it is
 * read once per order as the book loads or grows.
 */
export function createOrderStore(db: Db, unitsPerLot: (forexId: number) => number) {
  const selectOpen = db.prepare(`SELECT * FROM orders WHERE ${OPEN} ORDER BY id`).safeIntegers();
  const selectOne = db.prepare('SELECT * FROM orders WHERE id = ?').safeIntegers();
  const insertRow = db
    .prepare(
      `INSERT INTO orders (user_id, forex_id, side, lots, status, price, origin_price, update_price,
         placed_price, leverage, margin_micros, fee_micros, profit_micros, stop_loss, take_profit,
         created_at)
       VALUES (@userId, @forexId, @side, @lots, @status, @price, @originPrice, @updatePrice,
         @placedPrice, @leverage, @marginMicros, @feeMicros, @profitMicros, @stopLoss, @takeProfit,
         @createdAt)
       RETURNING id`,
    )
    .pluck();
  const updateStatus = db.prepare('UPDATE orders SET status = ? WHERE id = ?');
  const updateStops = db.prepare('UPDATE orders SET stop_loss = ?, take_profit = ? WHERE id = ?');
  const updateValuation = db.prepare(
    'UPDATE orders SET update_price = ?, profit_micros = ? WHERE id = ?',
  );
  const finishRow = db.prepare(
    `UPDATE orders SET status = ?, update_price = ?, profit_micros = ?, fee_micros = ?,
       close_reason = ?, completed_at = ? WHERE id = ?`,
  );
  // History lists the latest completed first: this project's reading of "newest first" for
  // orders that closed long after they were opened.
  const historyRows = db
    .prepare(
      `SELECT * FROM orders WHERE user_id = ? AND ${DONE}
       ORDER BY completed_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .safeIntegers();
  const historyTotals = db
    .prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(profit_micros), 0) AS profit FROM orders
       WHERE user_id = ? AND ${DONE}`,
    )
    .safeIntegers();

  const byId = new Map<number, StoredOrder>();
  const byForex = new Map<number, Set<StoredOrder>>();
  const byUser = new Map<number, Set<StoredOrder>>();
  /** True once the book changed inside the running transaction: a rollback must reload it. */
  let touched = false;
  /** Nesting depth of `transaction`, so only the outermost one resets `touched`. */
  let depth = 0;

  function fromRow(row: OrderRow): StoredOrder {
    const forexId = Number(row.forex_id);
    return {
      id: Number(row.id),
      userId: Number(row.user_id),
      forexId,
      side: Number(row.side),
      lots: row.lots,
      status: Number(row.status),
      price: row.price,
      originPrice: row.origin_price,
      updatePrice: row.update_price,
      placedPrice: row.placed_price,
      leverage: Number(row.leverage),
      marginMicros: row.margin_micros,
      feeMicros: row.fee_micros,
      profitMicros: row.profit_micros,
      stopLoss: row.stop_loss,
      takeProfit: row.take_profit,
      createdAt: Number(row.created_at),
      completedAt: row.completed_at === null ? null : Number(row.completed_at),
      closeReason: (row.close_reason as CloseReason | null) ?? null,
      unitsPerLot: unitsPerLot(forexId),
    };
  }

  function addTo(index: Map<number, Set<StoredOrder>>, key: number, order: StoredOrder) {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(order);
  }

  function removeFrom(index: Map<number, Set<StoredOrder>>, key: number, order: StoredOrder) {
    const set = index.get(key);
    set?.delete(order);
    if (set?.size === 0) index.delete(key);
  }

  function remember(order: StoredOrder) {
    touched = true;
    byId.set(order.id, order);
    addTo(byForex, order.forexId, order);
    addTo(byUser, order.userId, order);
  }

  function forget(order: StoredOrder) {
    touched = true;
    byId.delete(order.id);
    removeFrom(byForex, order.forexId, order);
    removeFrom(byUser, order.userId, order);
  }

  function load() {
    byId.clear();
    byForex.clear();
    byUser.clear();
    for (const row of selectOpen.all() as OrderRow[]) remember(fromRow(row));
    touched = false;
  }

  load();

  return {
    /** An open order by id. */
    open(id: number): StoredOrder | undefined {
      return byId.get(id);
    },

    /** Any order by id: the open one from the book, a closed one from the table. */
    find(id: number): StoredOrder | undefined {
      const open = byId.get(id);
      if (open) return open;
      const row = selectOne.get(id) as OrderRow | undefined;
      return row && fromRow(row);
    },

    /** A user's open orders, oldest first. */
    openOf(userId: number): StoredOrder[] {
      const set = byUser.get(userId);
      return set ? [...set].sort((a, b) => a.id - b.id) : [];
    },

    /** The open orders on an instrument (live set: copy it before changing the book). */
    openOn(forexId: number): ReadonlySet<StoredOrder> | undefined {
      return byForex.get(forexId);
    },

    /** Users with at least one open order. */
    usersWithOpenOrders(): number[] {
      return [...byUser.keys()];
    },

    /** Every open order, oldest first. */
    allOpen(): StoredOrder[] {
      return [...byId.values()];
    },

    /** Writes a new order and adds it to the book. */
    insert(order: NewOrder): StoredOrder {
      const id = Number(insertRow.get(order) as bigint | number);
      const stored: StoredOrder = { ...order, id, completedAt: null, closeReason: null };
      remember(stored);
      return stored;
    },

    /** A pending order has filled: it is now a holding. */
    markFilled(order: StoredOrder): void {
      updateStatus.run(ORDER_STATUS.HOLDING, order.id);
      touched = true;
      order.status = ORDER_STATUS.HOLDING;
    },

    /** Closes or cancels an order and takes it out of the book. */
    finish(order: StoredOrder, end: Finish): void {
      finishRow.run(
        end.status,
        end.price,
        end.profitMicros,
        end.feeMicros,
        end.reason,
        end.at,
        order.id,
      );
      forget(order);
      order.status = end.status;
      order.updatePrice = end.price;
      order.profitMicros = end.profitMicros;
      order.feeMicros = end.feeMicros;
      order.completedAt = end.at;
      order.closeReason = end.reason;
    },

    /** New stop loss and take profit (0 = off). */
    setStops(order: StoredOrder, stopLoss: number, takeProfit: number): void {
      updateStops.run(stopLoss, takeProfit, order.id);
      touched = true;
      order.stopLoss = stopLoss;
      order.takeProfit = takeProfit;
    },

    /** Persists the latest price and floating P&L of holdings (call inside one transaction). */
    saveValuations(orders: Iterable<StoredOrder>): void {
      for (const order of orders) {
        updateValuation.run(order.updatePrice, order.profitMicros, order.id);
      }
    },

    /** One page of closed and cancelled orders, latest first, with totals over all of them. */
    history(userId: number, page: number, pageSize: number): HistoryPage {
      const totals = historyTotals.get(userId) as { n: bigint; profit: bigint };
      const rows = historyRows.all(userId, pageSize, (page - 1) * pageSize) as OrderRow[];
      return { orders: rows.map(fromRow), total: Number(totals.n), profitMicros: totals.profit };
    },

    /**
     * Runs `work` in one SQLite transaction (a savepoint when nested). When it throws after
     * changing the book, the book is reloaded from the rolled-back table so the two never
     * disagree.
     */
    transaction<T>(work: () => T): T {
      if (depth === 0) touched = false;
      depth += 1;
      try {
        return db.transaction(work)();
      } catch (error) {
        if (touched) load();
        throw error;
      } finally {
        depth -= 1;
      }
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;

/**
 * An order as the wire carries it. `live` overrides the stored price and P&L of a
 * holding valued at the current quote.
 */
export function toOrder(
  order: StoredOrder,
  instrument: Pick<Instrument, 'ShowCode' | 'Code' | 'ForexContNum' | 'PricePrecision'>,
  live?: { price: number; profitMicros: bigint },
): Order {
  return {
    Id: order.id,
    OrderType: order.side,
    Quantity: order.lots,
    Price: order.price,
    OriginPrice: order.originPrice,
    UpdatePrice: live?.price ?? order.updatePrice,
    FactProfits: fromMicros(live?.profitMicros ?? order.profitMicros),
    CautionMoney: fromMicros(order.marginMicros),
    TradeFee: fromMicros(order.feeMicros),
    TargetLossPrice: order.stopLoss,
    TargetProfitPrice: order.takeProfit,
    CreateTimeHandler: formatUtc(order.createdAt),
    CompleteTimeHandler: order.completedAt === null ? '' : formatUtc(order.completedAt),
    Status: order.status,
    ...(order.closeReason !== null && { CloseReason: order.closeReason }),
    Multiple: order.leverage,
    ForexId: order.forexId,
    ForexTradeLists: {
      ShowCode: instrument.ShowCode,
      Code: instrument.Code,
      ForexContNum: instrument.ForexContNum,
      PricePrecision: instrument.PricePrecision,
    },
  };
}
