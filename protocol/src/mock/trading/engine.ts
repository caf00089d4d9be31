/**
 * The engine's reaction to prices: on every tick batch it fills pending orders whose target was
 * reached, revalues holdings, closes those whose stop loss or take profit was crossed, then
 * stops out accounts whose risk rate fell to the stop-out level. Only instruments with open
 * orders are looked at, from the in-memory book; the whole batch is one transaction.
 */
import { fromMicros } from '../../arithmetic/money.js';
import { pendingFills } from '../../arithmetic/triggers.js';
import type { QuoteTick } from '../../schemas/market.js';
import { type HoldingUpdate, ORDER_STATUS } from '../../schemas/order.js';
import type { Clock } from '../clock.js';
import type { MockEvents } from '../events.js';
import type { OrderStore, StoredOrder } from './orders-store.js';
import { exitAt, pnlAt, type Settlement } from './settle.js';

/** What the engine reads and writes. */
export interface EngineContext {
  readonly store: OrderStore;
  readonly settlement: Settlement;
  readonly clock: Clock;
  readonly events: MockEvents;
  /** The stop-out level in percent, read on every batch (the control API may change it). */
  readonly stopOutLevel: () => number;
}

/** What one batch changed, to be announced once it is committed. */
class BatchOutcome {
  /** Orders whose price moved (pending and holding). */
  readonly revalued = new Set<StoredOrder>();
  /** Users whose equity may have changed: candidates for stop-out. */
  readonly users = new Set<number>();
  readonly closed = new Map<number, number[]>();

  close(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return;
    const list = this.closed.get(userId);
    if (list) list.push(...ids);
    else this.closed.set(userId, [...ids]);
  }
}

/** The engine over one order book. `onTicks` is what the `ticks` event calls. */
export function createEngine(ctx: EngineContext) {
  const { store, settlement } = ctx;

  function react(order: StoredOrder, price: number, at: number, outcome: BatchOutcome) {
    let filled = false;
    if (order.status === ORDER_STATUS.PENDING) {
      if (!pendingFills(price, order.price, order.placedPrice)) {
        if (order.updatePrice !== price) {
          order.updatePrice = price;
          outcome.revalued.add(order);
        }
        return;
      }
      // A pending order fills at its target (Price stays the target the margin was taken at).
      store.markFilled(order);
      filled = true;
    }
    outcome.users.add(order.userId);
    const exit = exitAt(order, price);
    if (exit) {
      settlement.close(order, exit.price, exit.reason, at);
      outcome.close(order.userId, [order.id]);
      return;
    }
    if (filled || order.updatePrice !== price) {
      order.updatePrice = price;
      order.profitMicros = pnlAt(order, price);
      outcome.revalued.add(order);
    }
  }

  function runBatch(ticks: readonly QuoteTick[]): BatchOutcome {
    const at = ctx.clock.now();
    const outcome = new BatchOutcome();
    store.transaction(() => {
      for (const tick of ticks) {
        const orders = store.openOn(tick.Id);
        // Copied: closing an order takes it out of the live set.
        if (orders) for (const order of [...orders]) react(order, tick.Close, at, outcome);
      }
      const level = ctx.stopOutLevel();
      for (const userId of outcome.users) {
        outcome.close(userId, settlement.stopOut(userId, level, at));
      }
      store.saveValuations([...outcome.revalued].filter((order) => store.open(order.id)));
    });
    return outcome;
  }

  function announce(outcome: BatchOutcome) {
    const updates = new Map<number, HoldingUpdate[]>();
    for (const order of outcome.revalued) {
      if (order.status !== ORDER_STATUS.HOLDING) continue;
      const update = {
        Id: order.id,
        UpdatePrice: order.updatePrice,
        FactProfits: fromMicros(order.profitMicros),
      };
      const list = updates.get(order.userId);
      if (list) list.push(update);
      else updates.set(order.userId, [update]);
    }
    for (const [userId, list] of updates) ctx.events.emit('holdings', { userId, updates: list });
    for (const [userId, ids] of outcome.closed) ctx.events.emit('closed', { userId, ids });
  }

  return {
    /** Reacts to one tick batch: fills, revaluation, SL/TP, stop-out; then pushes. */
    onTicks(ticks: readonly QuoteTick[]): void {
      const moved = ticks.filter((tick) => store.openOn(tick.Id) !== undefined);
      if (moved.length === 0) return;
      announce(runBatch(moved));
    },

    /**
     * Checks every account with holdings against the stop-out level at their latest
     * valuations (after the level changed). Returns the ids closed.
     */
    sweep(): number[] {
      const at = ctx.clock.now();
      const outcome = new BatchOutcome();
      const level = ctx.stopOutLevel();
      store.transaction(() => {
        for (const userId of store.usersWithOpenOrders()) {
          outcome.close(userId, settlement.stopOut(userId, level, at));
        }
      });
      announce(outcome);
      return [...outcome.closed.values()].flat();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
