import { LANGUAGES, localizeDecimalText } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  decimalSeparatorOf,
  formatDate,
  formatDateTime,
  formatterOf,
  localizeDecimal,
  typedDecimal,
} from './format.js';

/** The ASCII digits of a text, in order: what docs/product.md#constants precision is about. */
const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

describe('localizeDecimal', () => {
  it('writes the language’s separators and grouping around the same digits', () => {
    expect(localizeDecimal('10000.00', 'en')).toBe('10,000.00');
    expect(localizeDecimal('-1234.50', 'de')).toBe('-1.234,50');
    expect(localizeDecimal('1234567.5', 'hi')).toBe('12,34,567.5');
    expect(localizeDecimal('1234.50', 'fr')).toBe('1\u202f234,50');
    expect(localizeDecimal('1.08523', 'spa')).toBe('1,08523');
    expect(localizeDecimal('42', 'en')).toBe('42');
  });

  it('keeps every digit and the exact fraction length in all 21 languages', () => {
    const samples = ['0.10', '-1234.50', '0.000120', '98765.432100', '1.2', '7', '-0.000001'];
    for (const language of LANGUAGES) {
      for (const sample of samples) {
        expect(digitsOf(localizeDecimal(sample, language)), `${sample} in ${language}`).toBe(
          digitsOf(sample),
        );
      }
    }
  });

  it('never goes through a float', () => {
    expect(localizeDecimal('12345678901234567.25', 'en')).toBe('12,345,678,901,234,567.25');
    expect(localizeDecimal('0.30000000000000000001', 'en')).toBe('0.30000000000000000001');
  });

  it('writes Latin digits in every language, Arabic, Persian, Hindi and Burmese included', () => {
    for (const language of LANGUAGES) {
      const text = localizeDecimal('-9876.54321', language);
      expect(text.replace(/[0-9]/g, ''), language).not.toMatch(/\p{Nd}/u);
    }
  });

  it('keeps a negative figure readable left to right in Arabic and Persian', () => {
    // CLDR puts a left-to-right mark before the sign, so "-12.50" does not read "12.50-".
    expect(localizeDecimal('-12.50', 'ar')).toBe('\u200e-12.50');
    expect(localizeDecimal('-12.50', 'fa')).toBe('\u200e\u221212.50');
  });

  it('keeps a plus that was written, and shows no sign on zero', () => {
    expect(localizeDecimal('+10000.00', 'en')).toBe('+10,000.00');
    expect(localizeDecimal('-0.00', 'en')).toBe('0.00');
    expect(localizeDecimal('+0.00', 'de')).toBe('0,00');
  });

  it('places the percent sign as the language does, with the same digits', () => {
    expect(localizeDecimal('+1.23%', 'en')).toBe('+1.23%');
    expect(localizeDecimal('-0.50%', 'en')).toBe('-0.50%');
    expect(localizeDecimal('153.20%', 'en')).toBe('153.20%');
    expect(localizeDecimal('+1.23%', 'de')).toBe('+1,23\u00a0%');
    expect(localizeDecimal('+1.23%', 'tr')).toBe('+%1,23');
    expect(localizeDecimal('1234.5%', 'en')).toBe('1,234.5%');
    expect(localizeDecimal('0.00%', 'en')).toBe('0.00%');
    expect(localizeDecimal('7%', 'en')).toBe('7%');
  });

  it('keeps a unit code after the number', () => {
    expect(localizeDecimal('1200.5 USDT', 'de')).toBe('1.200,5 USDT');
    expect(localizeDecimal('0 USDT', 'en')).toBe('0 USDT');
    expect(localizeDecimal('-99.50 BTC', 'fr')).toBe('-99,50 BTC');
  });

  it('leaves what is not an exact decimal as it is', () => {
    const others = [
      '--',
      '',
      'EURUSD',
      'T9yd3kT2',
      '1e5',
      '1,234.50',
      '.5',
      '5.',
      ' 1.0',
      '5% USD',
    ];
    for (const text of others) {
      expect(localizeDecimal(text, 'de')).toBe(text);
    }
  });
});

describe('formatDateTime and formatDate', () => {
  const utc = { timeZone: 'UTC' };

  it('reads the upstream’s UTC timestamps and writes them in the language', () => {
    expect(formatDateTime('2025-03-04 05:06:07', 'en', utc)).toBe('Mar 4, 2025, 05:06:07');
    expect(formatDateTime('2025-03-04 05:06:07', 'de', utc)).toBe('04.03.2025, 05:06:07');
    expect(formatDateTime('2025-03-04T05:06:07', 'jp', utc)).toBe('2025/03/04 5:06:07');
    expect(formatDate('2025-03-04 05:06:07', 'en', utc)).toBe('Mar 4, 2025');
  });

  it('shows the time in the viewer’s zone', () => {
    const at = '2025-03-04 20:15:09';
    expect(formatDateTime(at, 'en', { timeZone: 'Asia/Hong_Kong' })).toBe('Mar 5, 2025, 04:15:09');
    expect(formatDateTime(at, 'en', { timeZone: 'America/New_York' })).toBe(
      'Mar 4, 2025, 15:15:09',
    );
  });

  it('takes epoch milliseconds and ISO texts with a zone', () => {
    const epoch = Date.UTC(2025, 2, 4, 5, 6, 7);
    expect(formatDateTime(epoch, 'en', utc)).toBe('Mar 4, 2025, 05:06:07');
    expect(formatDateTime('2025-03-04T13:06:07+08:00', 'en', utc)).toBe('Mar 4, 2025, 05:06:07');
    expect(formatDateTime('2025-03-04T05:06:07.000Z', 'en', utc)).toBe('Mar 4, 2025, 05:06:07');
  });

  it('keeps the Gregorian calendar and Latin digits (Thai, Persian, Arabic, Burmese)', () => {
    for (const language of ['th', 'fa', 'ar', 'my', 'hi'] as const) {
      const text = formatDateTime('2025-03-04 05:06:07', language, utc);
      expect(text, language).toContain('2025');
      expect(text.replace(/[0-9]/g, ''), language).not.toMatch(/\p{Nd}/u);
    }
  });

  it('shows -- for an empty or unreadable moment', () => {
    for (const moment of ['', '  ', 'yesterday', '2025-03-04', Number.NaN]) {
      expect(formatDateTime(moment, 'en')).toBe('--');
      expect(formatDate(moment, 'en')).toBe('--');
    }
  });
});

describe('formatterOf', () => {
  it('is one stable object per language that formats in it', () => {
    const german = formatterOf('de');
    expect(formatterOf('de')).toBe(german);
    expect(formatterOf('en')).not.toBe(german);
    expect(german.language).toBe('de');
    expect(german.decimal('1234.50')).toBe('1.234,50');
    expect(german.dateTime('')).toBe('--');
  });
});

describe('the gateway’s figures', () => {
  it('are written as the app writes them, in every language and shape', () => {
    const figures = [
      '1.08523',
      '2345.67',
      '-1234.50',
      '+1.23%',
      '-0.50%',
      '0.00%',
      '123456.7',
      '--',
    ];
    for (const language of LANGUAGES) {
      for (const figure of figures) {
        expect(localizeDecimalText(figure, language), `${figure} in ${language}`).toBe(
          localizeDecimal(figure, language),
        );
      }
    }
  });
});

describe('a number in a field', () => {
  it('takes the language’s decimal separator and no grouping', () => {
    expect(typedDecimal('0.01', 'ru')).toBe('0,01');
    expect(typedDecimal('1200.50', 'de')).toBe('1200,50');
    expect(typedDecimal('0.01', 'en')).toBe('0.01');
    expect(typedDecimal('0.01', 'ar')).toBe('0.01');
    // What the trader typed keeps its own separator.
    expect(typedDecimal('0,5', 'en')).toBe('0,5');
    expect(typedDecimal('', 'ru')).toBe('');
  });

  it('knows every language’s separator', () => {
    expect(decimalSeparatorOf('fr')).toBe(',');
    expect(decimalSeparatorOf('jp')).toBe('.');
  });
});
