/**
 * Display rounding (docs/product.md#constants): balance 2 decimals, margin and fee 6, prices at the
 * instrument's PricePrecision. Output is plain text with a '.' decimal point and no grouping,
 * unless a locale is given, in which case `Intl.NumberFormat` places separators and digits for it
 * (the digits themselves are always rounded here first, half away from zero). Never prints "-0.00";
 * a value that is not a number shows as "--".
 */
import { roundTo } from './rounding.js';

/** What the screens show for a figure that is not a number (not loaded, not computable). */
export const NO_VALUE = '--';

/** A figure to display: a number, a money string from the wire, or nothing yet. */
export type Displayable = number | string | null | undefined;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `value` with exactly `decimals` decimals, rounded half away from zero:
 * `formatFixed(1.005, 2)` is `'1.01'`, `formatFixed(-0.001, 2)` is `'0.00'`,
 * `formatFixed(1234.5, 2, 'de')` is `'1.234,50'`.
 */
export function formatFixed(value: Displayable, decimals: number, locale?: string): string {
  const n = toNumber(value);
  if (n === undefined) return NO_VALUE;
  const rounded = roundTo(n, decimals);
  return locale === undefined
    ? rounded.toFixed(decimals)
    : formatter(locale, decimals).format(rounded);
}

/** A balance: 2 decimals. */
export function formatBalance(value: Displayable, locale?: string): string {
  return formatFixed(value, 2, locale);
}

/** A margin: 6 decimals. */
export function formatMargin(value: Displayable, locale?: string): string {
  return formatFixed(value, 6, locale);
}

/** A fee: 6 decimals. */
export function formatFee(value: Displayable, locale?: string): string {
  return formatFixed(value, 6, locale);
}

/** A price at the instrument's PricePrecision. */
export function formatPrice(value: Displayable, pricePrecision: number, locale?: string): string {
  return formatFixed(value, pricePrecision, locale);
}

/**
 * A day's change in percent with 2 decimals and its sign: `'+1.23%'`, `'-0.50%'`, `'0.00%'`
 * (the explicit plus is this project's choice, as quote lists colour and sign both ways).
 */
export function formatChangePercent(change: Displayable, locale?: string): string {
  const text = formatFixed(change, 2, locale);
  if (text === NO_VALUE) return NO_VALUE;
  return roundTo(Number(change), 2) > 0 ? `+${text}%` : `${text}%`;
}

/** A percentage such as the risk rate: `'153.20%'`; `'--'` for `null` (no margin used). */
export function formatPercent(value: Displayable, decimals = 2, locale?: string): string {
  const text = formatFixed(value, decimals, locale);
  return text === NO_VALUE ? NO_VALUE : `${text}%`;
}

function toNumber(value: Displayable): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function formatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, format);
  }
  return format;
}
