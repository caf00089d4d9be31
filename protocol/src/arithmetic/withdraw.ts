/**
 * Withdrawal fee and received amount, SPEC §9. Computed exactly (micro-units) and only turned
 * into numbers or text at the end, so the withdraw screen's preview and the mock wallet's record
 * always agree to the cent.
 */
import { type DecimalInput, multiplyDecimal, parseDecimal, toScaledInteger } from './decimal.js';
import { fromMicros, MONEY_DECIMALS, microsToNumber, productMicros, toMicros } from './money.js';

/** SPEC §3 draw symbol fee_type: 1 is a fixed fee equal to draw_rate; any other value a percentage. */
export const WITHDRAW_FEE_TYPE = { FIXED: 1 } as const;

/** Decimals of a received amount (SPEC §9). */
const RECEIVED_DECIMALS = 2;
const MICROS_PER_CENT = 10n ** BigInt(MONEY_DECIMALS - RECEIVED_DECIMALS);

/**
 * The withdraw currency fields these helpers read (SPEC §3 draw symbol). draw_rate and usd_price
 * may arrive as numbers or decimal strings.
 */
export interface WithdrawPricing {
  code: string;
  draw_rate: DecimalInput;
  fee_type: number;
  usd_price: DecimalInput;
}

/** The fee terms of a withdraw currency. */
export type WithdrawFeeTerms = Pick<WithdrawPricing, 'draw_rate' | 'fee_type'>;

/**
 * The fee in exact micro-units. fee_type 1: draw_rate itself, whatever the amount. Otherwise
 * draw_rate is a percentage of the amount: amount × draw_rate ÷ 100 (SPEC does not show the
 * formula; this project's choice), rounded half away from zero to the micro-unit.
 *
 * @throws {RangeError} for an amount or rate that is not a decimal.
 */
export function withdrawFeeMicros(amount: DecimalInput, currency: WithdrawFeeTerms): bigint {
  return currency.fee_type === WITHDRAW_FEE_TYPE.FIXED
    ? toMicros(currency.draw_rate)
    : productMicros([amount, currency.draw_rate], 100);
}

/** `withdrawFeeMicros` as a number: a 0.5 % rate on 100 is 0.5; a fixed rate of 2 is 2. */
export function withdrawFee(amount: DecimalInput, currency: WithdrawFeeTerms): number {
  return microsToNumber(withdrawFeeMicros(amount, currency));
}

/**
 * What arrives, in micro-units: (amount − fee) × usd_price, rounded once, half away from zero,
 * to the cent, and never negative (a fee larger than the amount receives 0).
 *
 * @throws {RangeError} for an amount, rate or price that is not a decimal.
 */
export function receivedAmountMicros(
  amount: DecimalInput,
  currency: Omit<WithdrawPricing, 'code'>,
): bigint {
  const net = toMicros(amount) - withdrawFeeMicros(amount, currency);
  if (net <= 0n) return 0n;
  const received = multiplyDecimal(
    { digits: net, scale: MONEY_DECIMALS },
    parseDecimal(currency.usd_price),
  );
  const cents = toScaledInteger(received, RECEIVED_DECIMALS);
  return cents > 0n ? cents * MICROS_PER_CENT : 0n;
}

/** `receivedAmountMicros` as a number with at most 2 decimals. */
export function receivedAmount(
  amount: DecimalInput,
  currency: Omit<WithdrawPricing, 'code'>,
): number {
  return microsToNumber(receivedAmountMicros(amount, currency));
}

/**
 * The received-amount preview of the withdraw form (SPEC §9): `'--'` with no currency chosen;
 * `'0 USDT'` while the amount is missing, not a number, zero or negative (zero counts as nothing
 * entered: this project's choice); otherwise the amount with 2 decimals, `'99.50 USDT'`.
 */
export function receivedAmountText(
  amount: DecimalInput | null | undefined,
  currency?: WithdrawPricing | null,
): string {
  if (!currency) return '--';
  if (amount === null || amount === undefined || !isPositiveAmount(amount)) {
    return `0 ${currency.code}`;
  }
  const received = receivedAmountMicros(amount, currency);
  return `${fromMicros(received, RECEIVED_DECIMALS)} ${currency.code}`;
}

/** True when what was typed is a decimal amount of at least one micro-unit. */
function isPositiveAmount(amount: DecimalInput): boolean {
  try {
    return toMicros(amount) > 0n;
  } catch {
    return false;
  }
}
