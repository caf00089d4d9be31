/**
 * Numbers and times written the way the chosen language writes them, through `Intl`.
 *
 * Figures reach this module already rounded, as exact decimal strings from the protocol's display
 * helpers (docs/product.md#constants: balance 2 decimals, margin and fee 6, prices at their
 * instrument's precision). Localising only places the language's separators and signs around those
 * digits: the string goes to `Intl.NumberFormat` as it is (an exact decimal, ES2023), never through
 * a float, with exactly the fraction digits it came with.
 *
 * Digits are always Latin (`numberingSystem: 'latn'`), also in ar, fa, hi and my: traders read
 * quotes and amounts in the digits of the market's own tickets and statements (this project's
 * choice). Times are Gregorian for the same reason, also in th and fa.
 */
import {
  DECIMAL_TEXT,
  decimalFormat,
  hundredth,
  LANGUAGE_TAGS,
  type Language,
  MAX_FRACTION_DIGITS,
} from '@pipstream/protocol';
import { type DecimalParts, handWrittenDecimal } from './decimal-writer.js';

/** What a figure shows when there is none (the protocol's `NO_VALUE`, kept as it is). */
const NO_VALUE = '--';

/** Writes one shape of figure (see `localizerOf`). */
type Localizer = (figure: DecimalParts) => string;

const localizers = new Map<string, Localizer>();

/** How many figures of one shape go through `Intl` before its hand-written form is tried. */
const HAND_WRITTEN_AFTER = 100;

/**
 * The writer of figures with `digits` fraction digits in `language`: `Intl.NumberFormat`, or
 * its hand-written equal where there is one (decimal-writer.ts; the quote rows write figures
 * on every tick).
 */
function localizerOf(
  language: Language,
  digits: number,
  percent: boolean,
  plus: boolean,
): Localizer {
  const key = `${language}|${digits}|${percent ? '%' : ''}|${plus ? '+' : ''}`;
  let localizer = localizers.get(key);
  if (localizer === undefined) {
    // The options the gateway writes the first screen's figures with too (one way for both).
    const format = decimalFormat(language, digits, percent, plus);
    // A string argument is read as an exact decimal (Intl.NumberFormat v3): no float on the way.
    const numericOf = ({ sign, whole, fraction }: DecimalParts) => {
      const negative = sign === '-' ? '-' : '';
      return percent
        ? `${negative}${hundredth(whole, fraction)}`
        : `${negative}${whole}.${fraction || '0'}`;
    };
    const byIntl: Localizer = (figure) =>
      format.format(numericOf(figure) as Intl.StringNumericLiteral);
    // Checking a hand-written form costs some 70 calls of the format: worth it for a shape the
    // ticks write again and again, not for one a start-up or a form writes a few times.
    let uses = 0;
    const promoting: Localizer = (figure) => {
      if (++uses === HAND_WRITTEN_AFTER) {
        localizers.set(key, handWrittenDecimal(format, digits, plus, numericOf) ?? byIntl);
      }
      return byIntl(figure);
    };
    localizer = promoting;
    localizers.set(key, localizer);
  }
  return localizer;
}

/**
 * An exact decimal text in `language`'s separators, grouping and signs, with the same digits:
 * `localizeDecimal('-1234.50', 'de')` is `'-1.234,50'`, `('+1.23%', 'tr')` is `'+%1,23'`,
 * `('10000.00', 'en')` is `'10,000.00'`, `('1200.5 USDT', 'de')` is `'1.200,5 USDT'` (a unit
 * code stays after the number). Anything that is not such a decimal (`'--'`, a code, an
 * address) comes back unchanged.
 */
export function localizeDecimal(text: string, language: Language): string {
  const parts = DECIMAL_TEXT.exec(text);
  if (!parts) return text;
  const [, sign = '', whole = '', fraction = '', percent = '', unit = ''] = parts;
  if (fraction.length > MAX_FRACTION_DIGITS || (percent && unit)) return text;
  const localize = localizerOf(language, fraction.length, percent !== '', sign === '+');
  return localize({ sign: sign as DecimalParts['sign'], whole, fraction }) + unit;
}

const separators = new Map<Language, string>();

/** The decimal separator `language` writes (`.` or `,`; digits are Latin in every language). */
export function decimalSeparatorOf(language: Language): string {
  let separator = separators.get(language);
  if (separator === undefined) {
    const parts = decimalFormat(language, 1, false, false).formatToParts(0.5);
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    separators.set(language, separator);
  }
  return separator;
}

/**
 * A number a field holds (`0.01`, or what the trader typed) with `language`'s decimal separator
 * and no grouping, so it reads like every other figure and stays easy to edit: `'0.01'` is
 * `'0,01'` in ru. The fields read either separator back (`parseDecimal` in the order form).
 */
export function typedDecimal(text: string, language: Language): string {
  return text.replace('.', decimalSeparatorOf(language));
}

/** A moment: epoch milliseconds, or a UTC timestamp as the upstream writes it. */
export type Moment = number | string;

/**
 * `YYYY-MM-DD HH:mm:ss` (or with a `T`) without a zone: the upstream's UTC timestamps
 * (docs/product.md#entities times, like candle times, are UTC).
 */
const UTC_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Epoch milliseconds of `moment`, or `undefined` when it is empty or unreadable. */
function epochOf(moment: Moment): number | undefined {
  if (typeof moment === 'number') return Number.isFinite(moment) ? moment : undefined;
  const text = moment.trim();
  if (text === '') return undefined;
  const parts = UTC_TIMESTAMP.exec(text);
  const at = parts
    ? Date.UTC(
        Number(parts[1]),
        Number(parts[2]) - 1,
        Number(parts[3]),
        Number(parts[4]),
        Number(parts[5]),
        Number(parts[6] ?? 0),
      )
    : // An ISO 8601 text with its own zone (`…Z`, `…+08:00`).
      /^\d{4}-\d{2}-\d{2}T.*(?:Z|[+-]\d{2}:?\d{2})$/.test(text)
      ? Date.parse(text)
      : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

/** Options of a time format; `timeZone` defaults to the viewer's own (tests fix it). */
export interface TimeOptions {
  readonly timeZone?: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: Language, withTime: boolean, timeZone?: string) {
  const key = `${language}|${withTime ? 't' : 'd'}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      dateStyle: 'medium',
      ...(withTime && { timeStyle: 'medium', hourCycle: 'h23' }),
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A moment's date and time in the viewer's time zone, the way `language` writes them
 * (`'Mar 4, 2025, 13:06:07'` in en, `'04.03.2025, 13:06:07'` in de); `'--'` for an empty or
 * unreadable moment (an order not closed yet).
 */
export function formatDateTime(moment: Moment, language: Language, options?: TimeOptions) {
  const at = epochOf(moment);
  return at === undefined ? NO_VALUE : dateFormat(language, true, options?.timeZone).format(at);
}

/** A moment's date alone, as `formatDateTime` writes it (`'Mar 4, 2025'`); `'--'` when unreadable. */
export function formatDate(moment: Moment, language: Language, options?: TimeOptions): string {
  const at = epochOf(moment);
  return at === undefined ? NO_VALUE : dateFormat(language, false, options?.timeZone).format(at);
}

/** The formatting of one language, as the screens use it. */
export interface Formatter {
  readonly language: Language;
  /** See `localizeDecimal`. */
  decimal(text: string): string;
  /** See `formatDateTime`. */
  dateTime(moment: Moment): string;
  /** See `formatDate`. */
  date(moment: Moment): string;
}

const formatters = new Map<Language, Formatter>();

/** The formatter of `language`: one object per language, so it is stable across renders. */
export function formatterOf(language: Language): Formatter {
  let formatter = formatters.get(language);
  if (formatter === undefined) {
    formatter = {
      language,
      decimal: (text) => localizeDecimal(text, language),
      dateTime: (moment) => formatDateTime(moment, language),
      date: (moment) => formatDate(moment, language),
    };
    formatters.set(language, formatter);
  }
  return formatter;
}
