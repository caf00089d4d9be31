/**
 * The pip: the unit a trader measures a price move in, and what one is worth.
 *
 * This project's rule (docs/product.md#constants): an instrument quoted with 3 or 5 decimals
 * follows forex's fractional-pip convention — its last decimal is a tenth of a pip — so one pip
 * is ten price steps (EUR/USD at 5 decimals: 0.0001; USD/JPY at 3: 0.01). Any other instrument's
 * pip is its smallest price step (a share at 2 decimals: 0.01; an index at 0: 1).
 *
 * A pip's worth is what a move of one pip makes or loses on a position: pip × lots × units per
 * lot, in the account currency like every P&L here (pnl.ts).
 */
import { roundTo } from './rounding.js';

/** Price steps in one pip at `pricePrecision` decimals: 10 at 3 or 5, else 1. */
export function stepsPerPip(pricePrecision: number): number {
  return pricePrecision === 3 || pricePrecision === 5 ? 10 : 1;
}

/** One pip as a price distance: `pipSize(5)` is 0.0001, `pipSize(3)` 0.01, `pipSize(2)` 0.01. */
export function pipSize(pricePrecision: number): number {
  return roundTo(stepsPerPip(pricePrecision) / 10 ** pricePrecision, pricePrecision);
}

/**
 * What one pip is worth on `lots` of an instrument of `unitsPerLot`: 10 on 1 lot of EUR/USD
 * (0.0001 × 100 000), 0.10 on 0.01 lots.
 */
export function pipValue(lots: number, unitsPerLot: number, pricePrecision: number): number {
  return pipSize(pricePrecision) * lots * unitsPerLot;
}

/**
 * The distance from `from` to `to` in whole price steps at `pricePrecision`, signed: exact for
 * prices written at that precision, whatever float noise their difference carries.
 */
export function stepsBetween(from: number, to: number, pricePrecision: number): number {
  return Math.round(roundTo(to - from, pricePrecision) * 10 ** pricePrecision);
}

/** The distance from `from` to `to` in pips, signed, to a tenth: 1.10000 → 1.10050 is 5. */
export function pipsBetween(from: number, to: number, pricePrecision: number): number {
  return stepsBetween(from, to, pricePrecision) / stepsPerPip(pricePrecision);
}
