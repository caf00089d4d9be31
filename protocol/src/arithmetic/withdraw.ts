/**
 * Withdrawal fee and received amount (docs/product.md#constants). Computed exactly (micro-units)
 * and only turned into numbers or text at the end, so the withdraw screen's preview and the mock
 * wallet's record always agree to the cent.
 */
import {
  type DecimalInput,
  divideRounded,
  multiplyDecimal,
  parseDecimal,
  toScaledInteger,
} from './decimal.js';
import { MONEY_DECIMALS, microsToNumber, productMicros, toMicros } from './money.js';

/** A withdraw currency's fee_type: 1 is a fixed fee equal to draw_rate; any other a percentage. */
export const WITHDRAW_FEE_TYPE = { FIXED: 1 } as const;

/**
 * Decimals each payout currency is paid and shown in (this project's table): 2 decimals hold
 * for cash and stablecoins, but two decimals of BTC are worth hundreds of dollars, so a
 * coin is paid to its own precision.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  HKD: 2,
  GBP: 2,
  JPY: 0,
  USDT: 2,
  USDC: 2,
  BTC: 8,
  ETH: 8,
};

/** The most decimals a currency not in the table is given. */
const MAX_CURRENCY_DECIMALS = 8;

/**
 * Decimals of `code`'s amounts: from the table, else (a currency the upstream lists and this
 * project does not know) enough that one US cent shows, from its `usd_price`: at least 2, at
 * most 8.
 */
export function currencyDecimals(code: string, usdPrice?: DecimalInput): number {
  const known = CURRENCY_DECIMALS[code.toUpperCase()];
  if (known !== undefined) return known;
  const perCent = Number(usdPrice) / 100;
  if (!(perCent > 0)) return 2;
  return Math.min(MAX_CURRENCY_DECIMALS, Math.max(2, Math.ceil(-Math.log10(perCent))));
}

/**
 * The withdraw currency fields these helpers read (a draw symbol). draw_rate and usd_price
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
 * draw_rate is a percentage of the amount: amount × draw_rate ÷ 100 (the product leaves
 * the formula open; this project's choice), rounded half away from zero to the micro-unit.
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

/** An exact amount of a payout currency: `units × 10^-decimals`. */
export interface CurrencyAmount {
  readonly units: bigint;
  readonly decimals: number;
}

/**
 * What arrives: (amount − fee) × usd_price, rounded once, half away from zero, to the currency's
 * own decimals (`currencyDecimals`), and never negative (a fee larger than the amount receives
 * 0).
 *
 * @throws {RangeError} for an amount, rate or price that is not a decimal.
 */
export function receivedAmountUnits(
  amount: DecimalInput,
  currency: WithdrawPricing,
): CurrencyAmount {
  const decimals = currencyDecimals(currency.code, currency.usd_price);
  const net = toMicros(amount) - withdrawFeeMicros(amount, currency);
  if (net <= 0n) return { units: 0n, decimals };
  const received = multiplyDecimal(
    { digits: net, scale: MONEY_DECIMALS },
    parseDecimal(currency.usd_price),
  );
  const units = toScaledInteger(received, decimals);
  return { units: units > 0n ? units : 0n, decimals };
}

/** A currency amount as decimal text with exactly its decimals: `0.00153230`. */
export function currencyAmountText({ units, decimals }: CurrencyAmount): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * The received amount in micro-units of the payout currency (what a ledger of micro-units
 * keeps): `receivedAmountUnits` rounded to the micro-unit where the currency has more decimals.
 */
export function receivedAmountMicros(amount: DecimalInput, currency: WithdrawPricing): bigint {
  const { units, decimals } = receivedAmountUnits(amount, currency);
  return decimals <= MONEY_DECIMALS
    ? units * 10n ** BigInt(MONEY_DECIMALS - decimals)
    : divideRounded(units, 10n ** BigInt(decimals - MONEY_DECIMALS));
}

/** `receivedAmountUnits` as a number: 99.5 USDT, 0.0015323 BTC. */
export function receivedAmount(amount: DecimalInput, currency: WithdrawPricing): number {
  return Number(currencyAmountText(receivedAmountUnits(amount, currency)));
}

/**
 * The received-amount preview of the withdraw form: `'--'` with no currency chosen;
 * `'0 USDT'` while the amount is missing, not a number, zero or negative (zero counts as nothing
 * entered: this project's choice); otherwise the amount in the currency's own decimals,
 * `'99.50 USDT'`, `'0.00153230 BTC'`.
 */
export function receivedAmountText(
  amount: DecimalInput | null | undefined,
  currency?: WithdrawPricing | null,
): string {
  if (!currency) return '--';
  if (amount === null || amount === undefined || !isPositiveAmount(amount)) {
    return `0 ${currency.code}`;
  }
  return `${currencyAmountText(receivedAmountUnits(amount, currency))} ${currency.code}`;
}

/** True when what was typed is a decimal amount of at least one micro-unit. */
function isPositiveAmount(amount: DecimalInput): boolean {
  try {
    return toMicros(amount) > 0n;
  } catch {
    return false;
  }
}
