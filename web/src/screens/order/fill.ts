/**
 * How an order the upstream took is told (docs/product.md#trusting-live-figures): a market
 * fill names its side, lots, instrument and fill price, and how far that landed from the price
 * the trader confirmed when it is not exactly there; a pending order names its target.
 */
import {
  formatFixed,
  formatPrice,
  lotsText,
  type Order,
  sideOf,
  slippagePips,
  type TradeSide,
} from '@pipstream/protocol';

/** How far a fill landed from the confirmed price: pips (a tenth at most), and which way. */
export interface Slippage {
  readonly pips: string;
  /** True when the fill is worse for the trader than the price they confirmed. */
  readonly against: boolean;
  /** The confirmed price, at the instrument's precision. */
  readonly confirmed: string;
}

/**
 * The slippage of `order`'s fill from `confirmed` (for an order read back, its `OriginPrice`,
 * the price it was asked at), or `null` when it filled right there or was never asked at one.
 */
export function slippageOf(
  order: Pick<Order, 'OrderType' | 'Price' | 'ForexTradeLists'>,
  confirmed: number | undefined,
): Slippage | null {
  if (confirmed === undefined) return null;
  const precision = order.ForexTradeLists.PricePrecision;
  const pips = slippagePips(order.OrderType, confirmed, order.Price, precision);
  if (pips === 0) return null;
  return {
    // Always to a tenth, as traders write pips ("1.0 pips"): one wording in every language.
    pips: formatFixed(Math.abs(pips), 1),
    against: pips > 0,
    confirmed: formatPrice(confirmed, precision),
  };
}

/** What a toast says of an order just placed. */
export interface FillNews {
  /** Filled at the market now, or waiting for its target. */
  readonly kind: 'filled' | 'pending';
  readonly side: TradeSide;
  readonly lots: string;
  /** The fill price, or a pending order's target, at the instrument's precision. */
  readonly price: string;
  readonly slippage: Slippage | null;
}

/** The news of `order` as `submit` answered it, confirmed at `confirmed` (a market order's). */
export function fillNews(order: Order, confirmed: number | undefined): FillNews {
  const pending = order.Status === 0;
  return {
    kind: pending ? 'pending' : 'filled',
    side: sideOf(order.OrderType),
    lots: lotsText(order.Quantity),
    price: formatPrice(order.Price, order.ForexTradeLists.PricePrecision),
    slippage: pending ? null : slippageOf(order, confirmed),
  };
}
