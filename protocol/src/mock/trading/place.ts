/**
 * Placing an order (`submit`): every check of the order form, then margin and fee taken in the
 * same transaction that reads the balance, so concurrent submits can never overspend.
 */
import type { z } from 'zod';
import { canAffordMicros, freeMarginMicros } from '../../arithmetic/account.js';
import { formatPrice } from '../../arithmetic/display.js';
import { marketFill } from '../../arithmetic/execution.js';
import { tradeFeeMicros } from '../../arithmetic/fee.js';
import { lotsError } from '../../arithmetic/lots.js';
import { MARGIN_MODE, orderMarginMicros } from '../../arithmetic/margin.js';
import type { SideLike } from '../../arithmetic/side.js';
import { checkStopLevels } from '../../arithmetic/stops.js';
import { CODE } from '../../envelope.js';
import type { submit } from '../../routes/trading.js';
import type { Instrument } from '../../schemas/market.js';
import { ORDER_MODE, ORDER_STATUS } from '../../schemas/order.js';
import { MARKET_STATUS } from '../market/catalogue.js';
import type { MarketService } from '../market/types.js';
import { refuse } from '../refusal.js';
import { LEDGER_KIND, type Ledger } from '../services/ledger.js';
import type { OrderStore, StoredOrder } from './orders-store.js';
import { pnlAt } from './settle.js';

/** `submit` as validated by its route. */
export type SubmitInput = z.output<(typeof submit)['request']>;

/** What placing an order reads and writes. */
export interface PlaceContext {
  readonly market: MarketService;
  readonly ledger: Ledger;
  readonly store: OrderStore;
  /** Base settings trade_fee_type: 1 per lot, otherwise a share of the margin. */
  readonly feeType: () => number;
}

/**
 * The price a market order or a close fills at: the market's own current price, as a dealing
 * desk fills — when the trader confirmed a price, only while the current one is within
 * `deviation` pips of it (arithmetic/execution.ts). Beyond it the call is refused with a
 * requote naming the current price, before anything is taken: an old price is never honoured,
 * better or worse.
 */
export function fillPrice(
  instrument: Pick<Instrument, 'PricePrecision'>,
  side: SideLike,
  latest: number,
  confirmed: number | undefined,
  deviation = 0,
): number {
  const fill = marketFill(side, latest, confirmed, deviation, instrument.PricePrecision);
  if (fill.filled) return fill.price;
  return refuse(
    'requote.price_moved',
    { price: formatPrice(fill.price, instrument.PricePrecision) },
    CODE.REQUOTE,
  );
}

/**
 * Refuses a stop loss or take profit on the wrong side of `reference` for `side` (buy:
 * stop loss < reference < take profit; sell reversed; 0 is off). A level on the wrong side is
 * exactly one that would trigger at once at the reference price.
 */
export function checkStops(
  side: SideLike,
  reference: number,
  stopLoss: number,
  takeProfit: number,
): void {
  const issues = checkStopLevels(side, reference, { stopLoss, takeProfit });
  if (issues.stopLoss) refuse(`trade.${issues.stopLoss}`);
  if (issues.takeProfit) refuse(`trade.${issues.takeProfit}`);
}

/**
 * Floating P&L of a user's holdings at the live prices (the stored valuation when an
 * instrument has no price).
 */
export function floatingOf(ctx: Pick<PlaceContext, 'market' | 'store'>, userId: number): bigint {
  let total = 0n;
  for (const order of ctx.store.openOf(userId)) {
    if (order.status !== ORDER_STATUS.HOLDING) continue;
    total += pnlAt(order, ctx.market.price(order.forexId) ?? order.updatePrice);
  }
  return total;
}

/**
 * Places a market order (filled now at the market price) or a pending order (waiting for its
 * target), taking margin and fee per the money model. Throws a Refusal for every rule broken.
 */
export function placeOrder(
  ctx: PlaceContext,
  userId: number,
  input: SubmitInput,
  now: number,
): StoredOrder {
  const instrument = ctx.market.instrument(input.forex_id);
  if (!instrument) return refuse('trade.unknown_instrument', undefined, CODE.NOT_FOUND);
  if (instrument.MarketStatus !== MARKET_STATUS.OPEN) refuse('trade.market_closed');
  const leverage = leverageOf(instrument, input.multiple);
  checkLots(instrument, input.cont);
  const marketPrice = ctx.market.price(instrument.Id);
  if (marketPrice === undefined) return refuse('trade.price_unavailable');
  const pending = input.status === ORDER_MODE.PENDING;
  if (pending && !(input.target_price > 0)) refuse('trade.target_price_required');
  const price = pending
    ? input.target_price
    : fillPrice(instrument, input.type, marketPrice, input.price, input.deviation);
  checkStops(input.type, price, input.stop_loss_price, input.target_profit_price);

  const margin = orderMarginMicros(instrument, input.cont, price, leverage);
  const fee = tradeFeeMicros({
    tradeFeeType: ctx.feeType(),
    lots: input.cont,
    marginMicros: margin,
    feeRate: instrument.ForexFeeRate,
  });

  return ctx.store.transaction(() => {
    const { balance } = ctx.ledger.balances(userId);
    const freeMargin = freeMarginMicros(balance, floatingOf(ctx, userId));
    if (!canAffordMicros({ freeMargin, balance, margin, fee })) {
      refuse('trade.insufficient_margin');
    }
    const order = ctx.store.insert({
      userId,
      forexId: instrument.Id,
      side: input.type,
      lots: input.cont,
      status: pending ? ORDER_STATUS.PENDING : ORDER_STATUS.HOLDING,
      price,
      // What the trader asked for: a pending order's target, a market order's confirmed price
      // (the fill may differ by the deviation they accepted), else the fill itself.
      originPrice: pending ? price : (input.price ?? price),
      updatePrice: marketPrice,
      placedPrice: marketPrice,
      leverage,
      marginMicros: margin,
      feeMicros: fee,
      profitMicros: 0n,
      stopLoss: input.stop_loss_price,
      takeProfit: input.target_profit_price,
      createdAt: now,
      unitsPerLot: instrument.ForexContNum,
    });
    ctx.ledger.post(userId, -margin, LEDGER_KIND.MARGIN, {
      key: 'ledger.margin',
      params: { id: order.id },
    });
    if (fee !== 0n) {
      ctx.ledger.post(userId, -fee, LEDGER_KIND.FEE, {
        key: 'ledger.fee',
        params: { id: order.id },
      });
    }
    ctx.ledger.adjustLock(userId, margin);
    return order;
  });
}

/**
 * The leverage an order is opened with. In fixed-margin mode (MarginMode 1) the requested one
 * plays no part and is stored as 1: this project's choice.
 */
function leverageOf(instrument: Instrument, requested: number): number {
  const allowed = instrument.HasForexMultiple;
  if (allowed.length === 0) refuse('trade.leverage_not_configured');
  if (instrument.MarginMode === MARGIN_MODE.FIXED_PER_LOT) return 1;
  if (!allowed.some((option) => option.Value === requested)) refuse('trade.leverage_not_allowed');
  return requested;
}

function checkLots(instrument: Instrument, lots: number): void {
  const error = lotsError(lots, instrument);
  if (error === 'off_step') refuse('trade.lots_off_step', { step: instrument.Pip });
  // 'not_positive' cannot pass the route's schema; it reads as below the minimum all the same.
  if (error !== undefined) refuse('trade.lots_below_minimum', { min: instrument.ForexMinCont });
}
