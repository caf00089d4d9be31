import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@pipstream/protocol';
import { describe, expect, it, vi } from 'vitest';
import { type DecimalParts, handWrittenDecimal } from './decimal-writer.js';
import { localizeDecimal } from './format.js';

/** The format `localizeDecimal` stands for, built here on its own as the oracle. */
function intlFormat(language: string, digits: number, percent: boolean, plus: boolean) {
  return new Intl.NumberFormat(language, {
    style: percent ? 'percent' : 'decimal',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    numberingSystem: 'latn',
    signDisplay: plus ? 'exceptZero' : 'negative',
  });
}

const plainValue = ({ sign, whole, fraction }: DecimalParts) =>
  `${sign === '-' ? '-' : ''}${whole}.${fraction || '0'}`;

/** A small seeded generator: the same figures on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` exact decimal texts with `digits` fraction digits, of every size and sign. */
function figures(count: number, digits: number, plus: boolean, random: () => number): string[] {
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(random() * 12);
    let whole = '';
    for (let d = 0; d < length; d++) whole += Math.floor(random() * 10);
    if (random() < 0.3) whole = '0';
    let fraction = '';
    for (let d = 0; d < digits; d++) fraction += random() < 0.2 ? '0' : Math.floor(random() * 10);
    const sign = plus ? '+' : random() < 0.5 ? '-' : '';
    texts.push(`${sign}${whole}${digits > 0 ? `.${fraction}` : ''}`);
  }
  return texts;
}

describe('handWrittenDecimal', () => {
  it('writes what the format writes, in all 21 languages, for figures of every size and sign', () => {
    const random = seeded(7);
    for (const language of LANGUAGES as readonly Language[]) {
      for (const digits of [0, 1, 2, 5, 8]) {
        for (const percent of [false, true]) {
          for (const plus of [false, true]) {
            const format = intlFormat(LANGUAGE_TAGS[language], digits, percent, plus);
            // Past the first hundred of a shape, its figures are hand-written (format.ts).
            for (const text of figures(160, digits, plus, random)) {
              const shown = localizeDecimal(percent ? `${text}%` : text, language);
              const [, sign = '', whole = '', fraction = ''] =
                /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text) ?? [];
              const padded = whole.padStart(3, '0');
              const value = percent
                ? `${sign === '-' ? '-' : ''}${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`
                : `${sign === '-' ? '-' : ''}${whole}.${fraction || '0'}`;
              expect(shown, `${language} ${text}${percent ? '%' : ''}`).toBe(
                format.format(value as Intl.StringNumericLiteral),
              );
            }
          }
        }
      }
    }
  });

  it('takes over a shape after its first hundred figures: no call of Intl after that', () => {
    // `format` is a getter of a bound function: its reads are the calls.
    const prototype = Intl.NumberFormat.prototype as unknown as { format: unknown };
    const format = vi.spyOn(prototype, 'format', 'get');
    try {
      // A shape no other test writes: seven fraction digits in Finnish.
      for (let i = 0; i < 200; i++) localizeDecimal(`${i}.1234567`, 'fi');
      format.mockClear();
      const texts = Array.from({ length: 50 }, (_, i) =>
        localizeDecimal(`-${i}9876.0000001`, 'fi'),
      );
      expect(format).not.toHaveBeenCalled();
      expect(texts[3]).toBe(intlFormat('fi', 7, false, false).format(-39876.0000001));
    } finally {
      format.mockRestore();
    }
  });

  it('is used for the usual shapes: a price and a change in English', () => {
    const price = handWrittenDecimal(intlFormat('en', 5, false, false), 5, false, plainValue);
    expect(price?.({ sign: '-', whole: '0001234', fraction: '50000' })).toBe('-1,234.50000');
    expect(price?.({ sign: '-', whole: '0', fraction: '00000' })).toBe('0.00000');
    const change = handWrittenDecimal(intlFormat('en', 2, false, true), 2, true, plainValue);
    expect(change?.({ sign: '+', whole: '12345', fraction: '07' })).toBe('+12,345.07');
    expect(change?.({ sign: '+', whole: '0', fraction: '00' })).toBe('0.00');
  });

  it('keeps Intl for a grouping it does not write (lakh and crore)', () => {
    const indian = intlFormat('en-IN', 2, false, false);
    expect(indian.format('1234567.00' as Intl.StringNumericLiteral)).toBe('12,34,567.00');
    expect(handWrittenDecimal(indian, 2, false, plainValue)).toBeUndefined();
  });

  it('keeps Intl where a small figure is not grouped (Spanish: 1234 but 12 345)', () => {
    const spanish = intlFormat('es', 2, false, false);
    expect(spanish.format('1234.00' as Intl.StringNumericLiteral)).not.toContain('.');
    expect(handWrittenDecimal(spanish, 2, false, plainValue)).toBeUndefined();
  });
});
