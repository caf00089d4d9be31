/**
 * Trading fee (docs/product.md#constants): when the site's trade_fee_type is 1 the fee is lots ×
 * fee rate (a rate per lot); otherwise it is margin × fee rate (a share of the margin). It is
 * charged at open.
 */
import type { Instrument } from '../schemas/market.js';
import type { DecimalInput } from './decimal.js';
import { mulMicros, productMicros } from './money.js';

/** The base settings' trade_fee_type: 1 charges per lot; any other value, on the margin. */
export const TRADE_FEE_TYPE = { PER_LOT: 1 } as const;

/** What a trading fee depends on. */
export interface TradeFeeTerms {
  tradeFeeType: number;
  lots: number;
  margin: number;
  /** Instrument.ForexFeeRate. */
  feeRate: number;
}

/** What an exact trading fee depends on: the margin as the micro-units the engine booked. */
export interface TradeFeeTermsMicros {
  tradeFeeType: number;
  lots: DecimalInput;
  marginMicros: bigint;
  feeRate: DecimalInput;
}

/**
 * The fee as a plain number, unrounded (display rounds it to 6 decimals): per lot,
 * `tradeFee({tradeFeeType: 1, lots: 2, margin: 500, feeRate: 3})` is 6; on the margin, with
 * `tradeFeeType: 0` and `feeRate: 0.001`, it is 0.5.
 */
export function tradeFee(terms: TradeFeeTerms): number {
  return terms.tradeFeeType === TRADE_FEE_TYPE.PER_LOT
    ? terms.lots * terms.feeRate
    : terms.margin * terms.feeRate;
}

/** The fee in exact micro-units, rounded once, half away from zero; what the engine charges. */
export function tradeFeeMicros(terms: TradeFeeTermsMicros): bigint {
  return terms.tradeFeeType === TRADE_FEE_TYPE.PER_LOT
    ? productMicros([terms.lots, terms.feeRate])
    : mulMicros(terms.marginMicros, terms.feeRate);
}

/** `tradeFee` with the rate of an instrument of the trade list. */
export function orderFee(
  instrument: Pick<Instrument, 'ForexFeeRate'>,
  tradeFeeType: number,
  lots: number,
  margin: number,
): number {
  return tradeFee({ tradeFeeType, lots, margin, feeRate: instrument.ForexFeeRate });
}
