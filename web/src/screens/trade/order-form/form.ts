// Over 400 lines: every rule of the order form, each a small pure function, read as one list.
/**
 * The order form's rules (docs/product.md#states modes and toggles, #validation lots and stop
 * levels) as pure functions over what the user typed: lot stepping and snapping, field checks, the
 * `submit` payload and the worker's estimate input. Every number rule comes from the protocol's
 * arithmetic.
 */
import {
  canDecreaseLots,
  checkStopLevels,
  DEFAULT_DEVIATION_PIPS,
  decimalsOf,
  floatingPnl,
  formatPrice,
  type Instrument,
  type LotsError,
  lotsError,
  lotsText,
  MARGIN_MODE,
  MAX_DEVIATION_PIPS,
  ORDER_MODE,
  ORDER_SIDE,
  pipValue,
  type RequestOf,
  type Routes,
  roundTo,
  stepLots,
  type TradeSide,
} from '@pipstream/protocol';
import type { OrderForm } from '../../../worker/contract.js';

/** docs/product.md#states order form mode: 1 market price, 0 pending at a target price. */
export type OrderMode = (typeof ORDER_MODE)[keyof typeof ORDER_MODE];

/** What `submit` takes (protocol/src/routes/trading.ts). */
export type SubmitPayload = RequestOf<Routes['submit']>;

/** docs/product.md#entities MarketStatus: 1 is open; anything else keeps buy and sell disabled. */
export const MARKET_OPEN = 1;

/** The instrument fields the form reads. */
export type FormInstrument = Pick<
  Instrument,
  | 'Id'
  | 'Pip'
  | 'ForexMinCont'
  | 'ForexContNum'
  | 'PricePrecision'
  | 'MarginMode'
  | 'HasForexMultiple'
  | 'MarketStatus'
>;

/** The form as the user left it; numbers stay text until they are used, so typing is free. */
export interface OrderDraft {
  mode: OrderMode;
  lots: string;
  /** The leverage picked; `null` when the instrument offers none. */
  leverage: number | null;
  /** A pending order's price. */
  targetPrice: string;
  stopLossOn: boolean;
  stopLoss: string;
  takeProfitOn: boolean;
  takeProfit: string;
}

/** The fields a message can point at. */
export type FormField = 'lots' | 'targetPrice' | 'stopLoss' | 'takeProfit' | 'deviation';

/** Why a field cannot be sent. */
export type FormIssue =
  | 'required'
  | 'not_a_number'
  | 'lots_not_positive'
  | 'lots_below_minimum'
  | 'lots_off_step'
  | 'price_not_positive'
  | 'price_negative'
  | 'stop_loss_wrong_side'
  | 'take_profit_wrong_side';

export type FormIssues = Partial<Record<FormField, FormIssue>>;

/** The outcome of checking the form for one side. */
export type OrderCheck =
  | { readonly ok: true; readonly payload: SubmitPayload }
  /** docs/product.md#validation: no leverage configured — warn and send nothing. */
  | { readonly ok: false; readonly reason: 'leverage_not_configured' }
  | { readonly ok: false; readonly reason: 'market_closed' }
  | { readonly ok: false; readonly reason: 'invalid'; readonly issues: FormIssues };

const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * A number typed the plain way (`12`, `0.5`, `.5`, `3.`; a decimal comma is read as a point);
 * NaN for anything else, including exponents and grouping.
 */
export function parseDecimal(text: string): number {
  const clean = text.trim().replace(',', '.');
  return DECIMAL.test(clean) ? Number(clean) : Number.NaN;
}

/** True while the instrument's market is open (docs/product.md#entities, #states). */
export function isMarketOpen(instrument: Pick<Instrument, 'MarketStatus'>): boolean {
  return instrument.MarketStatus === MARKET_OPEN;
}

/** The leverages on offer, default first (docs/product.md#states). */
export function leverageChoices(instrument: Pick<Instrument, 'HasForexMultiple'>): number[] {
  return instrument.HasForexMultiple.map((option) => option.Value);
}

/** False for fixed-margin instruments (MarginMode 1): their margin does not depend on leverage. */
export function usesLeverage(instrument: Pick<Instrument, 'MarginMode'>): boolean {
  return instrument.MarginMode !== MARGIN_MODE.FIXED_PER_LOT;
}

/** The leverage the order goes with: the one picked while still offered, else the default. */
export function chosenLeverage(
  draft: Pick<OrderDraft, 'leverage'>,
  instrument: Pick<Instrument, 'HasForexMultiple'>,
): number | null {
  const choices = leverageChoices(instrument);
  if (draft.leverage !== null && choices.includes(draft.leverage)) return draft.leverage;
  return choices[0] ?? null;
}

/** A fresh form for `instrument`: the minimum lots, the default leverage, no stop levels. */
export function initialDraft(
  instrument: FormInstrument,
  mode: OrderMode = ORDER_MODE.MARKET,
): OrderDraft {
  return {
    mode,
    lots: lotsText(instrument.ForexMinCont),
    leverage: leverageChoices(instrument)[0] ?? null,
    targetPrice: '',
    stopLossOn: false,
    stopLoss: '',
    takeProfitOn: false,
    takeProfit: '',
  };
}

/**
 * Whether the minus control is enabled: docs/product.md#validation disables it when size − step ≤
 * 0; this project also keeps it from stepping under the instrument's minimum (ForexMinCont).
 */
export function canDecrease(typed: string, instrument: FormInstrument): boolean {
  const lots = parseDecimal(typed);
  if (!(lots > 0) || !canDecreaseLots(lots, instrument.Pip)) return false;
  return lotsError(stepLots(lots, instrument.Pip, -1), instrument) !== 'below_minimum';
}

/**
 * The lots one step up or down, as text. Nothing usable typed starts from the minimum; a step
 * that would go under the minimum stays at it.
 */
export function stepDraftLots(typed: string, instrument: FormInstrument, direction: 1 | -1) {
  const lots = parseDecimal(typed);
  if (!(lots > 0)) return lotsText(instrument.ForexMinCont);
  const next = stepLots(lots, instrument.Pip, direction);
  const floor = lotsError(next, instrument) === 'below_minimum';
  return lotsText(floor ? instrument.ForexMinCont : next);
}

/** `lots` moved to the nearest whole step, and up to the minimum if it is under it. */
export function snapLots(lots: number, instrument: FormInstrument): number {
  const steps = roundTo(lots / instrument.Pip, 0);
  const onStep = roundTo(steps * instrument.Pip, decimalsOf(instrument.Pip));
  const error = lotsError(onStep, instrument);
  return error === 'below_minimum' || error === 'not_positive' ? instrument.ForexMinCont : onStep;
}

/** The lots text tidied when the field is left: snapped and formatted; unreadable text stays. */
export function tidyLots(typed: string, instrument: FormInstrument): string {
  const lots = parseDecimal(typed);
  return Number.isFinite(lots) ? lotsText(snapLots(lots, instrument)) : typed;
}

/** A price text tidied when its field is left: at the instrument's precision, unless unreadable. */
export function tidyPrice(priceText: string, pricePrecision: number): string {
  const price = parseDecimal(priceText);
  return Number.isFinite(price) && price >= 0 ? formatPrice(price, pricePrecision) : priceText;
}

const LOTS_ISSUES: Record<LotsError, FormIssue> = {
  not_positive: 'lots_not_positive',
  below_minimum: 'lots_below_minimum',
  off_step: 'lots_off_step',
};

function lotsIssue(text: string, instrument: FormInstrument): FormIssue | undefined {
  if (text.trim() === '') return 'required';
  const lots = parseDecimal(text);
  if (Number.isNaN(lots)) return 'not_a_number';
  const error = lotsError(lots, instrument);
  return error && LOTS_ISSUES[error];
}

/** A price that must be more than 0 (a pending order's target). */
function targetIssue(text: string): FormIssue | undefined {
  if (text.trim() === '') return 'required';
  const price = parseDecimal(text);
  if (Number.isNaN(price)) return 'not_a_number';
  return price > 0 ? undefined : 'price_not_positive';
}

/** A stop level: docs/product.md#validation sets its minimum at 0 (0 sends "off"). */
function stopIssue(text: string): FormIssue | undefined {
  if (text.trim() === '') return 'required';
  const price = parseDecimal(text);
  if (Number.isNaN(price)) return 'not_a_number';
  return price < 0 ? 'price_negative' : undefined;
}

/** What is wrong with the fields themselves, whichever side is pressed. */
export function fieldIssues(draft: OrderDraft, instrument: FormInstrument): FormIssues {
  const issues: FormIssues = {};
  const lots = lotsIssue(draft.lots, instrument);
  if (lots) issues.lots = lots;
  if (draft.mode === ORDER_MODE.PENDING) {
    const target = targetIssue(draft.targetPrice);
    if (target) issues.targetPrice = target;
  }
  if (draft.stopLossOn) {
    const stopLoss = stopIssue(draft.stopLoss);
    if (stopLoss) issues.stopLoss = stopLoss;
  }
  if (draft.takeProfitOn) {
    const takeProfit = stopIssue(draft.takeProfit);
    if (takeProfit) issues.takeProfit = takeProfit;
  }
  return issues;
}

/**
 * The price an order on this form starts from: a pending order's target, else the live price
 * (`undefined` while there is none).
 */
export function referencePrice(draft: OrderDraft, marketPrice: number | undefined) {
  if (draft.mode === ORDER_MODE.PENDING) {
    const target = parseDecimal(draft.targetPrice);
    return target > 0 ? target : undefined;
  }
  return marketPrice;
}

/**
 * Every issue of the form for an order on `side`: the field checks, then stop levels on the
 * wrong side of the starting price — ones that would close the order the moment it opens (the
 * server refuses them too; checking here saves the round trip).
 */
export function orderIssues(
  draft: OrderDraft,
  side: TradeSide,
  instrument: FormInstrument,
  marketPrice: number | undefined,
): FormIssues {
  const issues = fieldIssues(draft, instrument);
  const reference = referencePrice(draft, marketPrice);
  if (reference === undefined) return issues;
  // A level that is off, or already wrong as a number, is not checked for its side.
  const sides = checkStopLevels(side, reference, {
    stopLoss: draft.stopLossOn && !issues.stopLoss ? parseDecimal(draft.stopLoss) : 0,
    takeProfit: draft.takeProfitOn && !issues.takeProfit ? parseDecimal(draft.takeProfit) : 0,
  });
  if (sides.stopLoss) issues.stopLoss = sides.stopLoss;
  if (sides.takeProfit) issues.takeProfit = sides.takeProfit;
  return issues;
}

/**
 * Checks the form for an order on `side` and builds the `submit` payload. Stop levels that are off
 * send 0 (docs/product.md#states); a market order sends target price 0. Fixed-margin instruments
 * still send their default leverage: the route requires one and the server ignores it there.
 */
export function buildOrder(
  draft: OrderDraft,
  side: TradeSide,
  instrument: FormInstrument,
  marketPrice: number | undefined,
): OrderCheck {
  const leverage = chosenLeverage(draft, instrument);
  if (leverage === null) return { ok: false, reason: 'leverage_not_configured' };
  if (!isMarketOpen(instrument)) return { ok: false, reason: 'market_closed' };
  const issues = orderIssues(draft, side, instrument, marketPrice);
  if (Object.keys(issues).length > 0) return { ok: false, reason: 'invalid', issues };
  const pending = draft.mode === ORDER_MODE.PENDING;
  return {
    ok: true,
    payload: {
      type: side === 'buy' ? ORDER_SIDE.BUY : ORDER_SIDE.SELL,
      cont: parseDecimal(draft.lots),
      forex_id: instrument.Id,
      status: draft.mode,
      target_price: pending ? parseDecimal(draft.targetPrice) : 0,
      stop_loss_price: draft.stopLossOn ? parseDecimal(draft.stopLoss) : 0,
      target_profit_price: draft.takeProfitOn ? parseDecimal(draft.takeProfit) : 0,
      multiple: leverage,
    },
  };
}

/**
 * The worker's estimate input for the form as it stands. Unreadable lots read as 0 and a
 * missing leverage as 0, which the worker answers with "no estimate".
 */
export function estimateInput(draft: OrderDraft, instrument: FormInstrument): OrderForm {
  const lots = parseDecimal(draft.lots);
  const target = parseDecimal(draft.targetPrice);
  return {
    instrumentId: instrument.Id,
    lots: Number.isNaN(lots) ? 0 : Math.max(lots, 0),
    leverage: chosenLeverage(draft, instrument) ?? 0,
    mode: draft.mode,
    targetPrice: draft.mode === ORDER_MODE.PENDING && target > 0 ? target : 0,
  };
}

/** An order as the confirmation reads it, with every figure already formatted. */
export interface OrderSummary {
  side: TradeSide;
  lots: string;
  /** The target price of a pending order; `null` for a market order. */
  targetPrice: string | null;
  /** `null` for a fixed-margin instrument, where leverage plays no part. */
  leverage: number | null;
  /** `null` when off. */
  stopLoss: string | null;
  takeProfit: string | null;
}

/** What the confirmation dialog says about `payload` (as `buildOrder` made it). */
export function summarize(payload: SubmitPayload, instrument: FormInstrument): OrderSummary {
  const price = (value: number | string | undefined) =>
    Number(value) > 0 ? formatPrice(Number(value), instrument.PricePrecision) : null;
  return {
    side: Number(payload.type) === ORDER_SIDE.BUY ? 'buy' : 'sell',
    lots: lotsText(Number(payload.cont)),
    targetPrice: Number(payload.status) === ORDER_MODE.PENDING ? price(payload.target_price) : null,
    leverage: usesLeverage(instrument) ? Number(payload.multiple) : null,
    stopLoss: price(payload.stop_loss_price),
    takeProfit: price(payload.target_profit_price),
  };
}

/**
 * The deviation a market order or a close goes with, in pips: the trader's kept choice within
 * the route's bounds, or the protocol's default until they choose.
 */
export function deviationOf(kept: number | null): number {
  if (kept === null || !Number.isFinite(kept)) return DEFAULT_DEVIATION_PIPS;
  return Math.min(Math.max(kept, 0), MAX_DEVIATION_PIPS);
}

/** Why a typed deviation cannot be kept: nothing typed, not a number, or outside 0–100. */
export type DeviationIssue = 'required' | 'not_a_number' | 'deviation_out_of_range';

/**
 * The deviation typed, as pips, or why it cannot be: 0 to `MAX_DEVIATION_PIPS`, to a tenth of
 * a pip at most (the finest a 5-decimal quote moves).
 */
export function readDeviation(text: string): number | DeviationIssue {
  if (text.trim() === '') return 'required';
  const pips = parseDecimal(text);
  if (Number.isNaN(pips)) return 'not_a_number';
  if (pips < 0 || pips > MAX_DEVIATION_PIPS || roundTo(pips, 1) !== pips) {
    return 'deviation_out_of_range';
  }
  return pips;
}

/** What the form's order stands to make or lose, before it is placed. */
export interface OrderRisk {
  /** What one pip is worth on the lots typed; `null` while they are not a usable number. */
  readonly pipValue: number | null;
  /** P&L if the stop loss is reached; `null` while it is off or not a price. */
  readonly stopLoss: number | null;
  /** P&L if the take profit is reached; `null` while it is off or not a price. */
  readonly takeProfit: number | null;
}

/**
 * The money at risk of the form as it stands, from the price it would open at (the live price,
 * or a pending order's target): the P&L at each stop level and the worth of one pip, by the
 * protocol's formulas. Buy or Sell is pressed later, so each level is valued for the side it
 * can belong to — a stop loss under the price is a buy's, over it a sell's; a take profit the
 * other way round — which is the side whose order it would close.
 */
export function orderRisk(
  draft: OrderDraft,
  instrument: Pick<FormInstrument, 'ForexContNum' | 'PricePrecision' | 'Pip' | 'ForexMinCont'>,
  marketPrice: number | undefined,
): OrderRisk {
  const lots = parseDecimal(draft.lots);
  if (!(lots > 0)) return { pipValue: null, stopLoss: null, takeProfit: null };
  const reference = referencePrice(draft, marketPrice);
  const at = (on: boolean, text: string, buyIfBelow: boolean): number | null => {
    const level = on ? parseDecimal(text) : Number.NaN;
    if (reference === undefined || !(level > 0)) return null;
    const buy = level < reference === buyIfBelow;
    return floatingPnl(
      {
        side: buy ? 'buy' : 'sell',
        lots,
        openPrice: reference,
        unitsPerLot: instrument.ForexContNum,
      },
      level,
    );
  };
  return {
    pipValue: pipValue(lots, instrument.ForexContNum, instrument.PricePrecision),
    stopLoss: at(draft.stopLossOn, draft.stopLoss, true),
    takeProfit: at(draft.takeProfitOn, draft.takeProfit, false),
  };
}
