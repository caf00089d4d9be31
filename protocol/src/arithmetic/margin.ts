/**
 * Margin of an order (docs/product.md#constants): lots × units per lot × price ÷ leverage, or a
 * fixed amount per lot when the instrument's MarginMode is 1. `margin` is the plain-number form the
 * web worker uses on every tick; `marginMicros` is the exact form the mock engine books.
 */
import type { Instrument } from '../schemas/market.js';
import type { DecimalInput } from './decimal.js';
import { productMicros } from './money.js';

/** MarginMode: 1 is a fixed margin per lot; any other value computes it from leverage. */
export const MARGIN_MODE = { FIXED_PER_LOT: 1 } as const;

/**
 * What a margin depends on. `N` is `number` for the float form, `DecimalInput` for the exact one.
 */
export interface MarginTerms<N = number> {
  lots: N;
  unitsPerLot: N;
  price: N;
  /** Ignored in fixed mode. */
  leverage: N;
  marginMode: number;
  /** Margin per lot, required when `marginMode` is 1 (Instrument.FixedMargin). */
  fixedMarginPerLot?: DecimalInput | undefined;
}

/** The instrument fields a margin reads. */
export type MarginInstrument = Pick<Instrument, 'ForexContNum' | 'MarginMode' | 'FixedMargin'>;

/**
 * Margin as a plain number, unrounded (display rounds it to 6 decimals):
 * `margin({lots: 0.01, unitsPerLot: 100000, price: 1.23456, leverage: 100, marginMode: 0})` is
 * 12.3456.
 *
 * @throws {RangeError} for a leverage that is not positive, or fixed mode without a per-lot amount.
 */
export function margin(terms: MarginTerms): number {
  if (terms.marginMode === MARGIN_MODE.FIXED_PER_LOT) {
    return terms.lots * Number(requireFixedPerLot(terms.fixedMarginPerLot));
  }
  checkLeverage(terms.leverage);
  return (terms.lots * terms.unitsPerLot * terms.price) / terms.leverage;
}

/**
 * Margin in exact micro-units, rounded once, half away from zero; the form the mock engine
 * charges and stores as CautionMoney.
 *
 * @throws {RangeError} as `margin`, or for an input that is not a decimal.
 */
export function marginMicros(terms: MarginTerms<DecimalInput>): bigint {
  if (terms.marginMode === MARGIN_MODE.FIXED_PER_LOT) {
    return productMicros([terms.lots, requireFixedPerLot(terms.fixedMarginPerLot)]);
  }
  checkLeverage(Number(terms.leverage));
  return productMicros([terms.lots, terms.unitsPerLot, terms.price], terms.leverage);
}

/** `margin` for an instrument of the trade list. */
export function orderMargin(
  instrument: MarginInstrument,
  lots: number,
  price: number,
  leverage: number,
): number {
  return margin(instrumentTerms(instrument, lots, price, leverage));
}

/** `marginMicros` for an instrument of the trade list. */
export function orderMarginMicros(
  instrument: MarginInstrument,
  lots: DecimalInput,
  price: DecimalInput,
  leverage: DecimalInput,
): bigint {
  return marginMicros(instrumentTerms(instrument, lots, price, leverage));
}

function instrumentTerms<N>(
  instrument: MarginInstrument,
  lots: N,
  price: N,
  leverage: N,
): MarginTerms<N | number> {
  return {
    lots,
    unitsPerLot: instrument.ForexContNum,
    price,
    leverage,
    marginMode: instrument.MarginMode,
    fixedMarginPerLot: instrument.FixedMargin,
  };
}

function requireFixedPerLot(amount: DecimalInput | undefined): DecimalInput {
  const value = Number(amount);
  if (amount === undefined || amount === '' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`fixed-margin mode needs a margin per lot, got ${String(amount)}`);
  }
  return amount;
}

function checkLeverage(leverage: number): void {
  if (!(leverage > 0) || !Number.isFinite(leverage)) {
    throw new RangeError(`leverage must be a positive number, got ${leverage}`);
  }
}
