/**
 * Exact decimal arithmetic on bigint: a value is `digits × 10^-scale`. It is the core the money
 * helpers and the exact (`…Micros`) variants of margin, fee and P&L are built on, so the mock
 * upstream's ledger never does binary-float arithmetic with money.
 */

/** A decimal amount as it arrives: a decimal string (`"12.50"`, `"1e-7"`) or a number. */
export type DecimalInput = string | number;

/** An exact decimal: `digits × 10^-scale`, with `scale >= 0`. */
export interface DecimalParts {
  readonly digits: bigint;
  readonly scale: number;
}

const ONE: DecimalParts = { digits: 1n, scale: 0 };

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Exponents past this are refused: no double needs more (5e-324 … 1.8e308), and an input such as
 * `"1e999999999"` would otherwise make the process build a billion-digit bigint.
 */
const MAX_EXPONENT = 400;

/**
 * Reads a decimal exactly. A number is read through its shortest round-trip text (`0.1` is
 * `"0.1"`, not the binary 0.1000000000000000055…), which is the decimal its writer meant.
 *
 * @throws {RangeError} for NaN, ±Infinity, an empty string or anything that is not a decimal.
 */
export function parseDecimal(value: DecimalInput): DecimalParts {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`not a finite amount: ${value}`);
  }
  // Callers in plain JavaScript may pass anything; it is refused below like any other garbage.
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = DECIMAL_TEXT.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  const exponent = Number(match?.[4] ?? 0);
  if (!match || whole.length + fraction.length === 0 || Math.abs(exponent) > MAX_EXPONENT) {
    throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  }
  const magnitude = BigInt(whole + fraction);
  let digits = match[1] === '-' ? -magnitude : magnitude;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** `a × b`, exactly. */
export function multiplyDecimal(a: DecimalParts, b: DecimalParts): DecimalParts {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale };
}

/** `a − b`, exactly. */
export function subtractDecimal(a: DecimalParts, b: DecimalParts): DecimalParts {
  const scale = Math.max(a.scale, b.scale);
  return { digits: rescale(a, scale) - rescale(b, scale), scale };
}

/**
 * `numerator ÷ denominator` rounded half away from zero to an integer. The rounding the money
 * helpers use everywhere: 0.5 µ → 1 µ, −0.5 µ → −1 µ.
 *
 * @throws {RangeError} when the denominator is zero.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/**
 * The decimal as an integer count of `10^-decimals` units, rounded half away from zero; divided
 * first by `divisor` when one is given (e.g. a leverage).
 */
export function toScaledInteger(
  value: DecimalParts,
  decimals: number,
  divisor: DecimalParts = ONE,
): bigint {
  // value / divisor × 10^decimals = (v.digits × 10^(decimals + d.scale)) / (d.digits × 10^v.scale)
  const up = decimals + divisor.scale;
  const down = value.scale;
  const common = Math.min(up, down);
  const numerator = value.digits * 10n ** BigInt(up - common);
  const denominator = divisor.digits * 10n ** BigInt(down - common);
  return divideRounded(numerator, denominator);
}

function rescale(value: DecimalParts, scale: number): bigint {
  return value.digits * 10n ** BigInt(scale - value.scale);
}
