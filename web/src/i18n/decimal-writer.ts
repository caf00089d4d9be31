/**
 * `Intl.NumberFormat`'s output for one shape of figure (a language, a number of fraction
 * digits, percent or not, a written plus or not), written by hand: the quote rows localise two
 * figures per row on every tick, and `format()` was about a sixth of the main thread's script
 * during a tick storm on a slow phone. The hand-written form is built from the format's own
 * parts and used only when it writes exactly what the format writes for a spread of figures
 * (every length of whole part up to 11 digits, zeros and both signs); any shape it does not
 * match — another grouping, a sign between the digits — keeps `Intl`.
 */

/** A figure as `localizeDecimal` reads it from an exact decimal text. */
export interface DecimalParts {
  /** The text's sign: `'-'`, `'+'` or none. */
  readonly sign: '' | '-' | '+';
  /** The whole part's digits, as written (`'0'` for `0.5`). */
  readonly whole: string;
  /** The fraction's digits, as written (`''` for none). */
  readonly fraction: string;
}

/** What the format writes before and after the digits of one kind of figure. */
interface Affixes {
  readonly prefix: string;
  readonly suffix: string;
}

type Part = Intl.NumberFormatPart;

/** The text of the parts before the first digit and after the last one. */
function affixesOf(parts: readonly Part[]): Affixes | undefined {
  const first = parts.findIndex((part) => part.type === 'integer');
  let last = -1;
  parts.forEach((part, index) => {
    if (part.type === 'integer' || part.type === 'fraction') last = index;
  });
  if (first === -1) return undefined;
  // Digits must be one run: integer groups, then the decimal point and the fraction.
  for (const part of parts.slice(first, last + 1)) {
    if (!['integer', 'group', 'decimal', 'fraction'].includes(part.type)) return undefined;
  }
  const text = (slice: readonly Part[]) => slice.map((part) => part.value).join('');
  return { prefix: text(parts.slice(0, first)), suffix: text(parts.slice(last + 1)) };
}

/** `'1234567'` grouped by threes from the right with `separator`. */
function groupThrees(whole: string, separator: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.length % 3 || 3;
  let text = whole.slice(0, head);
  for (let at = head; at < whole.length; at += 3) text += separator + whole.slice(at, at + 3);
  return text;
}

/** The figures a hand-written form must write exactly as the format does. */
function samplesOf(digits: number, plus: boolean): DecimalParts[] {
  const wholes = ['0', '5', '12', '123', '1234', '12345', '123456', '1234567', '12345678901'];
  const fractions = digits === 0 ? [''] : ['0'.repeat(digits), `${'9'.repeat(digits - 1)}1`];
  const signs: DecimalParts['sign'][] = plus ? ['+'] : ['', '-'];
  const samples: DecimalParts[] = [];
  for (const sign of signs) {
    for (const whole of wholes) {
      for (const fraction of fractions) samples.push({ sign, whole, fraction });
    }
  }
  return samples;
}

/**
 * A hand-written `format` for figures with `digits` fraction digits, or `undefined` when it
 * would not write what `format` writes. `numericOf` turns a figure into the string `format`
 * takes (a percent is divided by 100 first).
 */
export function handWrittenDecimal(
  format: Intl.NumberFormat,
  digits: number,
  plus: boolean,
  numericOf: (figure: DecimalParts) => string,
): ((figure: DecimalParts) => string) | undefined {
  const read = (figure: DecimalParts) =>
    format.formatToParts(numericOf(figure) as Intl.StringNumericLiteral);
  const fraction = digits === 0 ? '' : '1'.repeat(digits);
  const positive = read({ sign: plus ? '+' : '', whole: '1234567', fraction });
  const negative = read({ sign: '-', whole: '1234567', fraction });
  const zero = read({ sign: '', whole: '0', fraction: '0'.repeat(digits) });
  const up = affixesOf(positive);
  const down = affixesOf(negative);
  const none = affixesOf(zero);
  if (!up || !down || !none) return undefined;
  const group = positive.find((part) => part.type === 'group')?.value ?? '';
  const point = positive.find((part) => part.type === 'decimal')?.value ?? '';
  if (group === '' || (digits > 0 && point === '')) return undefined;

  const write = ({ sign, whole, fraction: digitsAfter }: DecimalParts) => {
    const trimmed = whole.replace(/^0+(?=\d)/, '');
    const isZero = /^0*$/.test(trimmed) && /^0*$/.test(digitsAfter);
    const { prefix, suffix } = isZero ? none : sign === '-' ? down : up;
    const tail = digitsAfter === '' ? '' : point + digitsAfter;
    return prefix + groupThrees(trimmed, group) + tail + suffix;
  };
  const checked = samplesOf(digits, plus).every(
    (figure) => write(figure) === format.format(numericOf(figure) as Intl.StringNumericLiteral),
  );
  return checked ? write : undefined;
}
