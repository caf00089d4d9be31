import { z } from 'zod';
import { finite, moneySchema } from './primitives.js';

/** OrderType 1 is buy; anything else sells (docs/product.md#entities). */
export const ORDER_SIDE = { BUY: 1, SELL: 2 } as const;
export type OrderSide = (typeof ORDER_SIDE)[keyof typeof ORDER_SIDE];

/**
 * Order status, and the `status` that `my_deal` lists (docs/product.md#states: holding 1, pending
 * 0, history 3). A cancelled pending order is this project's status 4 and lists under history.
 */
export const ORDER_STATUS = { PENDING: 0, HOLDING: 1, CLOSED: 3, CANCELLED: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_TABS = [
  ORDER_STATUS.HOLDING,
  ORDER_STATUS.PENDING,
  ORDER_STATUS.CLOSED,
] as const;

/** Order form modes (docs/product.md#states): `status` of `submit`. */
export const ORDER_MODE = { MARKET: 1, PENDING: 0 } as const;

export { CLOSE_REASON, type CloseReason, closeReasonOf } from './close-reason.js';

/** An order (docs/product.md#entities). Fields this project adds are marked so. */
export const orderSchema = z.object({
  Id: z.number().int(),
  OrderType: z.number().int(),
  /** Lots. */
  Quantity: z.number().positive(),
  /** Fill price (for a pending order: the target price it waits for). */
  Price: finite(),
  /** The price asked for: the market price at submit, or the pending target. */
  OriginPrice: finite(),
  /** The latest price (the close price once closed). */
  UpdatePrice: finite(),
  /** Floating profit while holding; realised profit once closed. */
  FactProfits: moneySchema,
  /** Margin. */
  CautionMoney: moneySchema,
  TradeFee: moneySchema,
  /** Stop loss price, 0 when off. */
  TargetLossPrice: z.number().min(0),
  /** Take profit price, 0 when off. */
  TargetProfitPrice: z.number().min(0),
  /** "YYYY-MM-DD HH:mm:ss", UTC. */
  CreateTimeHandler: z.string(),
  /** Completion time, empty until closed or cancelled. */
  CompleteTimeHandler: z.string(),
  Status: z.number().int(),
  /**
   * This project's: why a closed or cancelled order ended (`CLOSE_REASON`). Optional, so an
   * upstream without it still parses; absent while the order is open.
   */
  CloseReason: z.string().optional(),
  /** This project's: leverage the order was opened with (1 in fixed-margin mode). */
  Multiple: z.number().int().positive(),
  /** This project's: the instrument's id, so live prices can be matched to the order. */
  ForexId: z.number().int(),
  ForexTradeLists: z.object({
    ShowCode: z.string(),
    /** This project's additions, needed to compute P&L from live quotes. */
    Code: z.string(),
    ForexContNum: z.number().positive(),
    PricePrecision: z.number().int().min(0).max(10),
  }),
});
export type Order = z.infer<typeof orderSchema>;

/** One page of an order tab, as `my_deal` answers it. */
export const orderListSchema = z.object({
  data: z.array(orderSchema),
  total: z.number().int().min(0),
  /** Sum of FactProfits over the listed status (not just this page). */
  all_fact_profits: moneySchema,
  balance: moneySchema,
  /**
   * This project's: the risk rate (percent) at or below which the upstream closes positions
   * (stop-out). Optional: an upstream that does not say leaves the app without it.
   */
  stop_out_level: z.number().min(0).optional(),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** A holding order's live figures, pushed on FOREX_TRADE. */
export const holdingUpdateSchema = z.object({
  Id: z.number().int(),
  UpdatePrice: finite(),
  FactProfits: moneySchema,
});
export type HoldingUpdate = z.infer<typeof holdingUpdateSchema>;
