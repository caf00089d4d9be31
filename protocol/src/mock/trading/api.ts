/**
 * The mock upstream's trading engine as the server mounts it: the trading calls
 * (submit, my_deal, close, cancel_trade, set_stop_price), the demo reset, the two balance reads,
 * and the trading control actions, over an order book that reacts to the market's ticks.
 */
import { z } from 'zod';
import { fromMicros, toMicros } from '../../arithmetic/money.js';
import { CODE } from '../../envelope.js';
import type { routes } from '../../routes/table.js';
import type { Instrument } from '../../schemas/market.js';
import { ORDER_STATUS, type Order, type OrderList } from '../../schemas/order.js';
import type { MockDeps } from '../deps.js';
import { type ControlAction, defineControl } from '../http/control.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { MARKET_STATUS } from '../market/catalogue.js';
import { type CatalogueNames, createCatalogueNames } from '../market/names.js';
import type { MarketService } from '../market/types.js';
import { refuse } from '../refusal.js';
import { LEDGER_KIND, type Ledger } from '../services/ledger.js';
import { createEngine, type Engine } from './engine.js';
import {
  CLOSE_REASON,
  createOrderStore,
  type OrderStore,
  type StoredOrder,
  toOrder,
} from './orders-store.js';
import { checkStops, fillPrice, floatingOf, type PlaceContext, placeOrder } from './place.js';
import { createSettlement, pnlAt, type Settlement } from './settle.js';

/** Orders per `my_deal` page: this project's choice (docs/product.md#calls). */
export const MY_DEAL_PAGE_SIZE = 10;

/** The handlers this service answers. */
export type TradingHandlers = Pick<
  Handlers<typeof routes>,
  | 'submit'
  | 'myDeal'
  | 'close'
  | 'cancelTrade'
  | 'setStopPrice'
  | 'resetForexDemoAccount'
  | 'getBalance'
  | 'forexDetail'
>;

/** Everything the trading calls work with. */
export interface TradingApiContext {
  readonly deps: MockDeps;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly store: OrderStore;
  readonly settlement: Settlement;
  readonly engine: Engine;
  readonly place: PlaceContext;
  /** The catalogue's names in a caller's language. */
  readonly names: CatalogueNames;
  /** Changes the stop-out level (percent) the engine applies from now on. */
  readonly setStopOutLevel: (level: number) => void;
  /** The stop-out level (percent) applied now. */
  readonly stopOutLevel: () => number;
}

/**
 * An order as the wire carries it, its instrument named in `lang`; open holdings valued at the
 * live price.
 */
function wireOrder(ctx: TradingApiContext, order: StoredOrder, lang = 'en'): Order {
  const instrument = ctx.names.named(instrumentOf(ctx.market, order.forexId), lang);
  if (order.status !== ORDER_STATUS.HOLDING) return toOrder(order, instrument);
  const price = ctx.market.price(order.forexId) ?? order.updatePrice;
  return toOrder(order, instrument, { price, profitMicros: pnlAt(order, price) });
}

/**
 * The instrument of an existing order. The catalogue only ever grows (ids never move), so a
 * missing one is a broken catalogue, not a user error.
 */
export function instrumentOf(market: MarketService, forexId: number): Instrument {
  const instrument = market.instrument(forexId);
  if (!instrument) throw new Error(`an order refers to instrument ${forexId}, which is not listed`);
  return instrument;
}

/** The caller's order `id`; someone else's or an unknown one is "not found". */
function ownOrder(ctx: TradingApiContext, userId: number, id: number): StoredOrder {
  const order = ctx.store.find(id);
  if (!order || order.userId !== userId) {
    return refuse('trade.order_not_found', undefined, CODE.NOT_FOUND);
  }
  return order;
}

/** Builds the handlers over one engine context. */
export function createTradingHandlers(ctx: TradingApiContext): TradingHandlers {
  const { store, ledger, market, settlement, deps } = ctx;

  function openTab(userId: number, status: number, page: number, lang: string): OrderList {
    const orders = store
      .openOf(userId)
      .filter((order) => order.status === status)
      .reverse();
    const start = (page - 1) * MY_DEAL_PAGE_SIZE;
    // Pending orders have no position yet: their tab's P&L is 0.
    const profit = status === ORDER_STATUS.HOLDING ? floatingOf(ctx.place, userId) : 0n;
    return {
      data: orders
        .slice(start, start + MY_DEAL_PAGE_SIZE)
        .map((order) => wireOrder(ctx, order, lang)),
      total: orders.length,
      all_fact_profits: fromMicros(profit),
      balance: fromMicros(ledger.balances(userId).balance),
      stop_out_level: ctx.stopOutLevel(),
    };
  }

  function historyTab(userId: number, page: number, lang: string): OrderList {
    const { orders, total, profitMicros } = store.history(userId, page, MY_DEAL_PAGE_SIZE);
    return {
      data: orders.map((order) => wireOrder(ctx, order, lang)),
      total,
      all_fact_profits: fromMicros(profitMicros),
      balance: fromMicros(ledger.balances(userId).balance),
      stop_out_level: ctx.stopOutLevel(),
    };
  }

  return {
    submit(input, call) {
      const order = placeOrder(ctx.place, callerOf(call).id, input, call.now);
      return reply(wireOrder(ctx, order, call.lang), 'trade.submitted');
    },

    myDeal({ status, page }, call) {
      const userId = callerOf(call).id;
      return status === ORDER_STATUS.CLOSED
        ? historyTab(userId, page, call.lang)
        : openTab(userId, status, page, call.lang);
    },

    close({ id, price: confirmed, deviation }, call) {
      const userId = callerOf(call).id;
      const order = ownOrder(ctx, userId, id);
      if (order.status !== ORDER_STATUS.HOLDING) refuse('trade.order_not_holding');
      // A closed market has no tradable price: this project's choice, as buy and sell are
      // disabled too (docs/product.md#states).
      if (market.instrument(order.forexId)?.MarketStatus !== MARKET_STATUS.OPEN) {
        refuse('trade.market_closed');
      }
      const latest = market.price(order.forexId);
      if (latest === undefined) return refuse('trade.price_unavailable');
      const instrument = instrumentOf(market, order.forexId);
      // Closing trades the other way: a buy closes by selling.
      const side = order.side === 1 ? 2 : 1;
      const price = fillPrice(instrument, side, latest, confirmed, deviation);
      store.transaction(() => settlement.close(order, price, CLOSE_REASON.MANUAL, call.now));
      deps.events.emit('closed', { userId, ids: [order.id] });
      return reply(null, 'trade.closed');
    },

    cancelTrade({ id }, call) {
      const order = ownOrder(ctx, callerOf(call).id, id);
      if (order.status !== ORDER_STATUS.PENDING) refuse('trade.order_not_pending');
      store.transaction(() => settlement.cancel(order, CLOSE_REASON.CANCELLED, call.now));
      return reply(null, 'trade.cancelled');
    },

    setStopPrice({ id, stop_loss_price, target_profit_price }, call) {
      const order = ownOrder(ctx, callerOf(call).id, id);
      let reference: number;
      if (order.status === ORDER_STATUS.PENDING) {
        reference = order.price;
      } else if (order.status === ORDER_STATUS.HOLDING) {
        reference = market.price(order.forexId) ?? refuse('trade.price_unavailable');
      } else {
        return refuse('trade.order_not_holding');
      }
      checkStops(order.side, reference, stop_loss_price, target_profit_price);
      store.transaction(() => store.setStops(order, stop_loss_price, target_profit_price));
      return reply(null, 'trade.stops_updated');
    },

    resetForexDemoAccount(_input, call) {
      const caller = callerOf(call);
      if (!caller.isDemo) refuse('account.demo_only');
      const orders = store.openOf(caller.id);
      store.transaction(() => {
        for (const order of orders) {
          settlement.discard(order, market.price(order.forexId) ?? order.updatePrice, call.now);
        }
        // Margins and fees are not returned one by one: the balance is set outright.
        const { balance, lock } = ledger.balances(caller.id);
        if (lock !== 0n) ledger.adjustLock(caller.id, -lock);
        const delta = toMicros(deps.config.demoBalance) - balance;
        if (delta !== 0n) {
          ledger.post(caller.id, delta, LEDGER_KIND.DEMO_RESET, { key: 'ledger.demo_reset' });
        }
      });
      if (orders.length > 0) {
        deps.events.emit('closed', { userId: caller.id, ids: orders.map((order) => order.id) });
      }
      return reply(null, 'account.demo_reset');
    },

    getBalance(_input, call) {
      return { balance: fromMicros(ledger.balances(callerOf(call).id).balance) };
    },

    forexDetail(_input, call) {
      const { balance, lock } = ledger.balances(callerOf(call).id);
      return { balance: fromMicros(balance), lock_balance: fromMicros(lock) };
    },
  };
}

/** Control actions: the stop-out level, and a look at the open book. */
export function createTradingControls(ctx: TradingApiContext): ControlAction[] {
  const userIdOf = ctx.deps.db.prepare('SELECT id FROM users WHERE uid = ?').pluck();
  return [
    defineControl({
      method: 'POST',
      path: '/trading/stop-out',
      input: z.object({ level: z.number().min(0).max(1000) }),
      summary: 'Sets the stop-out level (risk rate, %) and applies it at once. Returns ids closed.',
      run({ level }) {
        ctx.setStopOutLevel(level);
        return { level, closed: ctx.engine.sweep() };
      },
    }),
    defineControl({
      method: 'GET',
      path: '/trading/orders',
      input: z.object({ uid: z.string().min(1).optional() }),
      summary: 'Open (pending and holding) orders, of one user when uid is given.',
      run({ uid }) {
        const userId = uid === undefined ? undefined : (userIdOf.get(uid) as number | undefined);
        if (uid !== undefined && userId === undefined) return [];
        const orders = userId === undefined ? ctx.store.allOpen() : ctx.store.openOf(userId);
        return orders.map((order) => ({ UserId: order.userId, ...wireOrder(ctx, order) }));
      },
    }),
  ];
}

/** The trading service as the mock server mounts it. */
export interface TradingService {
  readonly handlers: TradingHandlers;
  readonly controls: ControlAction[];
  /** Stops reacting to ticks. */
  close(): void;
}

/**
 * Builds the trading engine over `deps.db`: loads the open orders, subscribes to the market's
 * `ticks`, and answers the trading calls. `feeType()` is the base settings' trade_fee_type
 * (1 per lot, otherwise a share of the margin), read on every order.
 */
export function createTradingService(
  deps: MockDeps,
  ledger: Ledger,
  market: MarketService,
  feeType: () => number,
): TradingService {
  const store = createOrderStore(deps.db, (forexId) => instrumentOf(market, forexId).ForexContNum);
  const settlement = createSettlement(ledger, store);
  let stopOutLevel = deps.config.stopOutLevel;
  const engine = createEngine({
    store,
    settlement,
    clock: deps.clock,
    events: deps.events,
    stopOutLevel: () => stopOutLevel,
  });
  const ctx: TradingApiContext = {
    deps,
    ledger,
    market,
    store,
    settlement,
    engine,
    place: { market, ledger, store, feeType },
    names: createCatalogueNames(deps.messages),
    setStopOutLevel: (level) => {
      stopOutLevel = level;
    },
    stopOutLevel: () => stopOutLevel,
  };
  const unsubscribe = deps.events.on('ticks', (ticks) => {
    try {
      engine.onTicks(ticks);
    } catch (error) {
      // The batch was rolled back and the book reloaded; the market must keep ticking.
      console.error('pipstream-mock: trading engine failed on a tick batch', error);
    }
  });
  return {
    handlers: createTradingHandlers(ctx),
    controls: createTradingControls(ctx),
    close: unsubscribe,
  };
}
