import { z } from 'zod';
import { MAX_DEVIATION_PIPS } from '../arithmetic/execution.js';
import {
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_TABS,
  orderListSchema,
  orderSchema,
} from '../schemas/order.js';
import { pageSchema, wireChoice, wireInt, wireNumber } from '../schemas/primitives.js';
import { defineRoute } from './define.js';
import { ack, idField } from './shared.js';

/** A price field that may be 0 (stop loss and take profit send 0 when off). */
const priceOrZero = () => wireNumber().pipe(z.number().min(0, 'a price of 0 or more'));

/**
 * This project's: the price the trader confirmed for a market order or a close. It fills at the
 * upstream's current price when that is within `deviation` pips of this one, and is refused
 * with a requote (`CODE.REQUOTE`) otherwise (arithmetic's `execution.ts` states the rule).
 * Absent, it fills at the price of the moment.
 */
const confirmedPrice = () => wireNumber().pipe(z.number().positive('a price above 0')).optional();

/**
 * This project's: the most the fill may be from `price`, in pips, either way (0 allows `price`
 * itself only; arithmetic's `pip.ts` says what a pip is). Absent with a `price`, 0.
 */
const deviation = () =>
  wireNumber()
    .pipe(z.number().min(0, 'a deviation of 0 or more').max(MAX_DEVIATION_PIPS))
    .optional();

export const submit = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/submit',
  summary: 'Opens a market order (status 1) or places a pending order at target_price (status 0).',
  request: z.object({
    /** 1 buy, 2 sell. */
    type: wireChoice([ORDER_SIDE.BUY, ORDER_SIDE.SELL]),
    /** Lots. */
    cont: wireNumber().pipe(z.number().positive('more than 0 lots').max(1_000_000)),
    forex_id: wireInt(1),
    status: wireChoice([ORDER_MODE.MARKET, ORDER_MODE.PENDING]),
    target_price: priceOrZero().default(0),
    stop_loss_price: priceOrZero().default(0),
    target_profit_price: priceOrZero().default(0),
    /** Leverage, one of the instrument's HasForexMultiple (ignored in fixed-margin mode). */
    multiple: wireInt(1, 10_000),
    /** A market order's confirmed price (see `confirmedPrice`); ignored for a pending order. */
    price: confirmedPrice(),
    /** The deviation accepted from `price`, in pips (see `deviation`). */
    deviation: deviation(),
  }),
  // The product leaves the answer open; this project's choice: the order as created.
  response: orderSchema,
  toastOnSuccess: true,
  showsLoading: true,
});

export const myDeal = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/my_deal',
  summary: 'Orders of a tab (1 holding, 0 pending, 3 history), newest first, paged.',
  request: z.object({ status: wireChoice(ORDER_TABS), page: pageSchema }),
  response: orderListSchema,
});

export const close = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/close',
  summary:
    'Closes a holding order at the market price, or requotes it when that is more than `deviation` pips from the confirmed `price`.',
  request: idField().extend({ price: confirmedPrice(), deviation: deviation() }),
  response: ack,
  toastOnSuccess: true,
});

export const cancelTrade = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/cancel_trade',
  summary: 'Cancels a pending order and releases its margin.',
  request: idField(),
  response: ack,
  toastOnSuccess: true,
});

export const setStopPrice = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/set_stop_price',
  summary: 'Changes take profit and stop loss of a holding or pending order (0 turns one off).',
  request: z.object({
    id: wireInt(1),
    target_profit_price: priceOrZero(),
    stop_loss_price: priceOrZero(),
  }),
  response: ack,
  toastOnSuccess: true,
});

export const tradingRoutes = { submit, myDeal, close, cancelTrade, setStopPrice } as const;
