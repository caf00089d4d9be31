/**
 * Figures in a language's separators, grouping and signs, shared by the app (which writes them
 * on every tick, web/src/i18n/format.ts) and the gateway (which writes the first screen's
 * prices into the page): both write a figure the same way.
 *
 * Digits are always Latin (`numberingSystem: 'latn'`), also in ar, fa, hi and my: traders read
 * quotes and amounts in the digits of the market's own tickets and statements (this project's
 * choice).
 */
import { LANGUAGE_TAGS, type Language } from '../languages.js';

/**
 * An exact decimal as the display helpers write it: an optional sign, digits, an optional
 * fraction, then a percent sign or a unit code after a space, or nothing (`-1234.50`,
 * `0.000120`, `+1.23%`, `42`, `99.50 USDT`).
 */
export const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?(%?)((?: [A-Za-z][\w.-]*)?)$/;

/** `Intl.NumberFormat` takes at most this many fraction digits; longer texts stay as they are. */
export const MAX_FRACTION_DIGITS = 20;

/** The format of figures with `digits` fraction digits in `language`, a percentage or not. */
export function decimalFormat(
  language: Language,
  digits: number,
  percent: boolean,
  plus: boolean,
): Intl.NumberFormat {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], {
    style: percent ? 'percent' : 'decimal',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    numberingSystem: 'latn',
    // A '+' the text carried stays (a change, a credit); a zero never shows a sign.
    signDisplay: plus ? 'exceptZero' : 'negative',
  });
}

/** `whole.fraction` ÷ 100 as decimal text, by moving the point: `12`, `5` → `0.125`. */
export function hundredth(whole: string, fraction: string): string {
  const padded = whole.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`;
}

/**
 * An exact decimal text in `language`'s way: `('-1234.50', 'de')` is `'-1.234,50'`,
 * `('+1.23%', 'tr')` is `'+%1,23'`. Anything that is not such a decimal (`'--'`, a code)
 * comes back unchanged. The string goes to `Intl` as it is: no float on the way.
 */
export function localizeDecimalText(text: string, language: Language): string {
  const parts = DECIMAL_TEXT.exec(text);
  if (!parts) return text;
  const [, sign = '', whole = '', fraction = '', percent = '', unit = ''] = parts;
  if (fraction.length > MAX_FRACTION_DIGITS || (percent && unit)) return text;
  const negative = sign === '-' ? '-' : '';
  const numeric = percent
    ? `${negative}${hundredth(whole, fraction)}`
    : `${negative}${whole}.${fraction || '0'}`;
  const format = decimalFormat(language, fraction.length, percent !== '', sign === '+');
  return format.format(numeric as Intl.StringNumericLiteral) + unit;
}
