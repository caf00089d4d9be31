/**
 * Lot sizes (docs/product.md#validation): an instrument trades in multiples of its step (Pip), from
 * its minimum (ForexMinCont) up. Lot arithmetic is snapped to the step's decimals so float noise
 * never shows as 0.30000000000000004 lots or disables a control that should be enabled.
 */
import type { Instrument } from '../schemas/market.js';
import { formatFixed } from './display.js';
import { decimalsOf, roundTo } from './rounding.js';

/** Why a lot size is refused; the mock engine answers an order with one of these. */
export type LotsError = 'not_positive' | 'below_minimum' | 'off_step';

/** The instrument fields lot checks read. */
export type LotsInstrument = Pick<Instrument, 'Pip' | 'ForexMinCont'>;

/**
 * False when size − step ≤ 0, which disables the minus control. Float-safe:
 * `canDecreaseLots(0.3, 0.1)` is true, `canDecreaseLots(0.1 + 0.2, 0.3)` is false.
 */
export function canDecreaseLots(size: number, step: number): boolean {
  return roundTo(size - step, Math.max(decimalsOf(size), decimalsOf(step))) > 0;
}

/**
 * The size one step up (`direction` 1) or down (−1), snapped to the step's decimals:
 * `stepLots(0.1, 0.2, 1)` is 0.3 exactly. A step down that `canDecreaseLots` forbids leaves the
 * size as it is, like the disabled minus control.
 */
export function stepLots(size: number, step: number, direction: 1 | -1): number {
  if (direction < 0 && !canDecreaseLots(size, step)) return size;
  return roundTo(size + direction * step, decimalsOf(step));
}

/** True when `lots` is a whole multiple of `step`, counted from zero: 0.3 is on a 0.1 step. */
export function isOnStep(lots: number, step: number): boolean {
  return Number.isInteger(roundTo(lots / step, 9));
}

/**
 * Why `lots` cannot be ordered on `instrument`, or `undefined` when it can: `'not_positive'`
 * for zero, negative or not a number; `'below_minimum'` under ForexMinCont; `'off_step'` when
 * not a multiple of Pip.
 */
export function lotsError(lots: number, instrument: LotsInstrument): LotsError | undefined {
  if (!Number.isFinite(lots) || lots <= 0) return 'not_positive';
  const decimals = Math.max(decimalsOf(lots), decimalsOf(instrument.ForexMinCont));
  if (roundTo(lots - instrument.ForexMinCont, decimals) < 0) return 'below_minimum';
  if (!isOnStep(lots, instrument.Pip)) return 'off_step';
  return undefined;
}

/** Lots are written with at least this many decimals: the finest lot step traders meet (0.01). */
export const LOT_DECIMALS = 2;

/**
 * Lots as every screen writes them (docs/product.md#validation): two decimals, or as many as
 * the size has beyond them, so one order reads the same in the order form, its question, its
 * row, its chart line and its toasts: `lotsText(0.5)` is `'0.50'`, `(1)` `'1.00'`, `(0.125)`
 * `'0.125'`, `(0.1 + 0.2)` `'0.30'`.
 */
export function lotsText(lots: number): string {
  return formatFixed(lots, Math.max(LOT_DECIMALS, decimalsOf(lots)));
}
