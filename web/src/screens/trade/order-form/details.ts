/**
 * The order details remembered per instrument (docs/product.md#order-details), to and from the
 * form: what the device keeps is the trader's choice — lots, leverage, order type, and each stop
 * level as on or off with its distance in pips from the price the order opens at — and the form
 * built from it fits the instrument as it is listed now.
 */
import {
  formatPrice,
  type KeptLevel,
  lotsText,
  MAX_LEVEL_PIPS,
  ORDER_MODE,
  type OrderDetails,
  pipSize,
  pipsBetween,
} from '@pipstream/protocol';
import {
  chosenLeverage,
  type FormInstrument,
  initialDraft,
  type OrderDraft,
  parseDecimal,
  referencePrice,
  snapLots,
} from './form.js';

/**
 * The form for `instrument` from what was kept for it (a fresh form when nothing was): lots
 * snapped into its step and up to its minimum, a leverage it no longer offers replaced by its
 * default, and each level that was on set at its distance from `marketPrice`. A pending order's
 * target starts at the live price, as choosing "pending" does; a level that would fall to 0 or
 * below is left off.
 */
export function draftFromDetails(
  details: OrderDetails | undefined,
  instrument: FormInstrument,
  marketPrice: number,
): OrderDraft {
  const fresh = initialDraft(instrument);
  if (details === undefined) return fresh;
  const precision = instrument.PricePrecision;
  const level = ({ on, pips }: KeptLevel): { on: boolean; price: string } => {
    if (!on) return { on: false, price: '' };
    if (pips === null) return { on: true, price: '' };
    const price = marketPrice + pips * pipSize(precision);
    return price > 0
      ? { on: true, price: formatPrice(price, precision) }
      : { on: false, price: '' };
  };
  const stopLoss = level(details.stopLoss);
  const takeProfit = level(details.takeProfit);
  const pending = details.mode === ORDER_MODE.PENDING;
  return {
    ...fresh,
    mode: details.mode,
    lots: lotsText(snapLots(details.lots, instrument)),
    leverage: chosenLeverage(details, instrument),
    targetPrice: pending ? formatPrice(marketPrice, precision) : '',
    stopLossOn: stopLoss.on,
    stopLoss: stopLoss.price,
    takeProfitOn: takeProfit.on,
    takeProfit: takeProfit.price,
  };
}

/**
 * What the device keeps of the form as it stands. Each level's distance is measured from the
 * price the order would open at (`marketPrice`, or a pending order's target); a level not yet a
 * usable price keeps the distance kept before (`before`), and unreadable lots keep theirs.
 */
export function detailsOfDraft(
  draft: OrderDraft,
  instrument: FormInstrument,
  marketPrice: number | undefined,
  before: OrderDetails | undefined,
): OrderDetails {
  const reference = referencePrice(draft, marketPrice);
  const level = (on: boolean, text: string, kept: KeptLevel | undefined): KeptLevel => {
    if (!on) return { on: false, pips: null };
    const price = parseDecimal(text);
    if (reference !== undefined && price > 0) {
      const pips = pipsBetween(reference, price, instrument.PricePrecision);
      if (pips !== 0 && Math.abs(pips) <= MAX_LEVEL_PIPS) return { on: true, pips };
    }
    return { on: true, pips: kept?.on ? kept.pips : null };
  };
  const lots = parseDecimal(draft.lots);
  return {
    lots: lots > 0 ? snapLots(lots, instrument) : (before?.lots ?? instrument.ForexMinCont),
    leverage: chosenLeverage(draft, instrument),
    mode: draft.mode,
    stopLoss: level(draft.stopLossOn, draft.stopLoss, before?.stopLoss),
    takeProfit: level(draft.takeProfitOn, draft.takeProfit, before?.takeProfit),
  };
}

/** The order about to be placed, as the bar sums it up: figures as the protocol writes them. */
export interface DetailsSummary {
  /** `null` while the lots typed are not a number. */
  readonly lots: number | null;
  /** `null` where leverage plays no part (fixed margin) or none is offered. */
  readonly leverage: number | null;
  /** A pending order's target; `null` for a market order or one not yet a price. */
  readonly targetPrice: string | null;
  /** Each level's price while it is on and a price; `null` otherwise. */
  readonly stopLoss: string | null;
  readonly takeProfit: string | null;
}

/** Sums up the form for the bar's details control. */
export function summarizeDraft(
  draft: OrderDraft,
  instrument: FormInstrument,
  withLeverage: boolean,
): DetailsSummary {
  const price = (on: boolean, text: string) => {
    const value = on ? parseDecimal(text) : Number.NaN;
    return value > 0 ? formatPrice(value, instrument.PricePrecision) : null;
  };
  const lots = parseDecimal(draft.lots);
  return {
    lots: lots > 0 ? lots : null,
    leverage: withLeverage ? chosenLeverage(draft, instrument) : null,
    targetPrice: price(draft.mode === ORDER_MODE.PENDING, draft.targetPrice),
    stopLoss: price(draft.stopLossOn, draft.stopLoss),
    takeProfit: price(draft.takeProfitOn, draft.takeProfit),
  };
}
