/**
 * Exact money for the mock upstream's ledger and trading engine: amounts are held as integer
 * micro-units (`bigint`, 1 µ = 10^-6 of the account currency) and only turned back into decimal
 * strings at the edge. Every rounding is half away from zero.
 */
import {
  type DecimalInput,
  divideRounded,
  multiplyDecimal,
  parseDecimal,
  toScaledInteger,
} from './decimal.js';

/** Decimals a micro-unit carries. */
export const MONEY_DECIMALS = 6;
/** Micro-units in one unit of the account currency. */
export const MICROS_PER_UNIT = 1_000_000n;

/**
 * A decimal string or number as micro-units, rounded half away from zero past 6 decimals:
 * `toMicros('12.5')` is `12_500_000n`, `toMicros('0.0000005')` is `1n`, `toMicros(-0.0000005)`
 * is `-1n`.
 *
 * @throws {RangeError} for NaN, ±Infinity, empty text or anything that is not a decimal.
 */
export function toMicros(value: DecimalInput): bigint {
  return toScaledInteger(parseDecimal(value), MONEY_DECIMALS);
}

/**
 * Micro-units as a decimal string. Without `decimals` the text is canonical: no trailing zeros,
 * no trailing point (`'12.5'`, `'0'`, `'-0.000001'`). With `decimals` it has exactly that many
 * (rounded half away from zero when fewer than 6, zero-padded when more). Never `-0`.
 */
export function fromMicros(micros: bigint, decimals?: number): string {
  if (decimals === undefined) {
    return formatScaled(micros, MONEY_DECIMALS).replace(/\.?0+$/, '');
  }
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const scaled =
    decimals < MONEY_DECIMALS
      ? divideRounded(micros, 10n ** BigInt(MONEY_DECIMALS - decimals))
      : micros * 10n ** BigInt(decimals - MONEY_DECIMALS);
  return formatScaled(scaled, decimals);
}

/**
 * Micro-units as a number, for figures that are only displayed or compared (risk rate). The
 * division is correctly rounded, so the result is the double nearest the exact amount.
 */
export function microsToNumber(micros: bigint): number {
  return Number(micros) / 1e6;
}

/** `a + b` of two decimal amounts, exact to the micro-unit, as a canonical decimal string. */
export function addMoney(a: DecimalInput, b: DecimalInput): string {
  return fromMicros(toMicros(a) + toMicros(b));
}

/** `a − b` of two decimal amounts, exact to the micro-unit, as a canonical decimal string. */
export function subMoney(a: DecimalInput, b: DecimalInput): string {
  return fromMicros(toMicros(a) - toMicros(b));
}

/** The exact sum of decimal amounts (each rounded to the micro-unit first); `'0'` when empty. */
export function sumMoney(values: Iterable<DecimalInput>): string {
  let total = 0n;
  for (const value of values) total += toMicros(value);
  return fromMicros(total);
}

/** Micro-units times a decimal factor (a fee rate, a price), rounded half away from zero. */
export function mulMicros(micros: bigint, factor: DecimalInput): bigint {
  const f = parseDecimal(factor);
  return divideRounded(micros * f.digits, 10n ** BigInt(f.scale));
}

/**
 * Micro-units divided by a decimal divisor (a leverage), rounded half away from zero.
 *
 * @throws {RangeError} when the divisor is zero.
 */
export function divMicros(micros: bigint, divisor: DecimalInput): bigint {
  return toScaledInteger(
    { digits: micros, scale: MONEY_DECIMALS },
    MONEY_DECIMALS,
    parseDecimal(divisor),
  );
}

/**
 * The exact product of decimal factors, optionally divided by `divisor`, as micro-units rounded
 * once, half away from zero, at the end: `productMicros([0.01, 100000, '1.23456'], 100)` is the
 * margin `12.3456` → `12_345_600n`.
 *
 * @throws {RangeError} for a factor that is not a decimal, or a zero divisor.
 */
export function productMicros(factors: readonly DecimalInput[], divisor: DecimalInput = 1): bigint {
  let product = parseDecimal(1);
  for (const factor of factors) product = multiplyDecimal(product, parseDecimal(factor));
  return toScaledInteger(product, MONEY_DECIMALS, parseDecimal(divisor));
}

/**
 * Micro-units rounded half away from zero to `decimals` (0–6) decimals, still in micro-units:
 * `roundMicros(1_234_567n, 2)` is `1_230_000n` (1.23).
 */
export function roundMicros(micros: bigint, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MONEY_DECIMALS) {
    throw new RangeError(
      `decimals must be an integer from 0 to ${MONEY_DECIMALS}, got ${decimals}`,
    );
  }
  const step = 10n ** BigInt(MONEY_DECIMALS - decimals);
  return divideRounded(micros, step) * step;
}

/** An integer count of `10^-decimals` units as text with exactly `decimals` decimals. */
function formatScaled(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  const text = decimals === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${text}` : text;
}
