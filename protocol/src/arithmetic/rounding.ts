/**
 * Float-safe rounding of plain numbers, for display and for snapping lots and prices.
 *
 * Binary floats hold `1.005` as 1.00499999…, and arithmetic leaves noise such as
 * `0.1 + 0.2 = 0.30000000000000004`. Both are cleaned the same way: the value is first read at
 * 15 significant digits (every double round-trips at 15, and float noise sits past it), then the
 * decimal point is moved by editing the exponent of that text, which is exact, unlike `× 10^n`.
 */

/** Significant digits a double always carries faithfully. */
const FAITHFUL_DIGITS = 15;
/**
 * From here on a double has no fraction digits worth keeping (its spacing reaches 0.125), and
 * reading it at 15 digits would change its integer part, so it is read exactly instead.
 */
const FAITHFUL_LIMIT = 1e15;

/**
 * `value` rounded to `decimals` decimals, half away from zero: `roundTo(1.005, 2)` is 1.01,
 * `roundTo(-1.005, 2)` is −1.01, `roundTo(0.1 + 0.2, 2)` is 0.3. Never returns −0. NaN and
 * ±Infinity pass through.
 */
export function roundTo(value: number, decimals: number): number {
  return scaleRound(value, decimals, roundHalfAwayFromZero);
}

/** `value` rounded down (toward −∞) at `decimals` decimals: `floorTo(0.29, 2)` is 0.29, not 0.28. */
export function floorTo(value: number, decimals: number): number {
  return scaleRound(value, decimals, Math.floor);
}

/** `value` rounded up (toward +∞) at `decimals` decimals: `ceilTo(0.1 + 0.2, 1)` is 0.3, not 0.4. */
export function ceilTo(value: number, decimals: number): number {
  return scaleRound(value, decimals, Math.ceil);
}

/**
 * Decimals a step or price is written with: `decimalsOf(0.001)` is 3, `decimalsOf(1e-7)` is 7,
 * `decimalsOf(5)` is 0. Float noise is ignored (`decimalsOf(0.1 + 0.2)` is 1).
 */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(Number(faithfulText(value)));
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const fractionDigits = point < 0 ? 0 : mantissa.length - point - 1;
  return Math.max(0, fractionDigits - exponent);
}

function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

function scaleRound(value: number, decimals: number, round: (x: number) => number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`decimals must be an integer from 0 to 100, got ${decimals}`);
  }
  if (!Number.isFinite(value)) return value;
  const scaled = round(shift(faithfulText(value), decimals));
  // `+ 0` turns −0 into 0, so nothing downstream prints "-0.00".
  return shift(String(scaled), -decimals) + 0;
}

/** `value` as decimal text with float noise removed. */
function faithfulText(value: number): string {
  return Math.abs(value) < FAITHFUL_LIMIT ? value.toPrecision(FAITHFUL_DIGITS) : String(value);
}

/** The number written in `text`, times 10^by, computed on the text so no float error enters. */
function shift(text: string, by: number): number {
  const e = text.indexOf('e');
  if (e < 0) return Number(`${text}e${by}`);
  return Number(`${text.slice(0, e)}e${Number(text.slice(e + 1)) + by}`);
}
