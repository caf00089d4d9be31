import { readFileSync } from 'node:fs';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';

type Tree = { readonly [key: string]: string | Tree };

/** A locale file as parsed JSON. */
function load(language: string): Tree {
  return JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')) as Tree;
}

/** Every text of a locale by its dotted key (`web.trade.buy`); non-texts come out as they are. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of leaves(value, path)) out.set(inner, text);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The interpolation names of a text, sorted: `{{ seconds }}` → `seconds`. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/**
 * A text that rightly reads the same in every language: the languages' own names, and texts
 * that are only brand names, codes (USD, SWIFT, TP/SL, 1M), numbers, symbols and placeholders.
 */
function staysAsIs(key: string, text: string): boolean {
  if (key.startsWith('web.language.names.')) return true;
  const words = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => /\p{L}/u.test(word));
  return words.every((word) => word === 'Pipstream' || /^[\p{Lu}\p{N}]+$/u.test(word));
}

/** Most keys a language may leave equal to English, brand names and codes aside (5 %). */
const MAX_ENGLISH_SHARE = 0.05;

/** i18next's plural suffixes: `code_cooldown_one`, `code_cooldown_few`, … */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** The plural forms `language` needs, as i18next picks them (Intl's cardinal rules). */
function pluralForms(language: Language): readonly string[] {
  return new Intl.PluralRules(LANGUAGE_TAGS[language]).resolvedOptions().pluralCategories;
}

/**
 * The keys `language` must have, each with the English text it translates: English's keys, a
 * plural text with exactly the forms of the language (Russian has `_few` and `_many`, Japanese
 * only `_other`), each form answering English's own form or else its `_other`.
 */
function expectedKeys(english: Map<string, unknown>, language: Language): Map<string, unknown> {
  const expected = new Map<string, unknown>();
  for (const [key, text] of english) {
    if (!PLURAL_FORM.test(key)) {
      expected.set(key, text);
      continue;
    }
    const base = key.replace(PLURAL_FORM, '');
    if (expected.has(`${base}_other`)) continue;
    for (const form of pluralForms(language)) {
      expected.set(
        `${base}_${form}`,
        english.get(`${base}_${form}`) ?? english.get(`${base}_other`),
      );
    }
  }
  return expected;
}

/** What is wrong with `locale` (in `language`) against `english`, one line per problem. */
function problemsOf(english: Tree, locale: Tree, language: Language): string[] {
  const source = expectedKeys(leaves(english), language);
  const target = leaves(locale);
  const problems: string[] = [];
  for (const key of source.keys()) if (!target.has(key)) problems.push(`missing ${key}`);
  for (const key of target.keys()) if (!source.has(key)) problems.push(`extra ${key}`);
  let untranslated = 0;
  for (const [key, text] of target) {
    const original = source.get(key);
    if (typeof original !== 'string') continue;
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`empty ${key}`);
      continue;
    }
    if (placeholders(text).join() !== placeholders(original).join()) {
      problems.push(`placeholders of ${key}: ${text}`);
    }
    if (text === original && !staysAsIs(key, text)) untranslated++;
  }
  if (untranslated > source.size * MAX_ENGLISH_SHARE) {
    problems.push(`${untranslated} of ${source.size} texts left in English`);
  }
  return problems;
}

const english = load('en');

describe('locales', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key of en.json, the same placeholders, no empty text, and is translated',
    (language) => {
      expect(problemsOf(english, load(language), language)).toEqual([]);
    },
  );

  it('keeps the English texts themselves well formed', () => {
    const texts = [...leaves(english).values()];
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true);
  });

  it('tells brand names and codes apart from untranslated text', () => {
    expect(staysAsIs('web.trade.periods.1min', '1M')).toBe(true);
    expect(staysAsIs('web.trade.leverage_value', '{{value}}x')).toBe(false);
    expect(staysAsIs('web.withdraw.swift', 'SWIFT')).toBe(true);
    expect(staysAsIs('web.app.name', 'Pipstream')).toBe(true);
    expect(staysAsIs('web.trade.buy', 'Buy')).toBe(false);
  });

  it('wants exactly the plural forms of each language', () => {
    const source: Tree = {
      wait_one: 'Wait {{count}} second',
      wait_other: 'Wait {{count}} seconds',
    };
    const russian: Tree = {
      wait_one: 'Ждите {{count}} секунду',
      wait_many: 'Ждите {{count}} секунд',
      wait_other: 'Ждите {{count}} секунды',
      wait_two: 'Ждите {{count}} секунды',
    };
    expect(problemsOf(source, russian, 'ru')).toEqual(['missing wait_few', 'extra wait_two']);
    expect(problemsOf(source, { wait_other: '{{count}}秒お待ちください' }, 'jp')).toEqual([]);
    expect(problemsOf(source, { wait_other: 'Warten {{n}} s' }, 'de')).toEqual([
      'missing wait_one',
      'placeholders of wait_other: Warten {{n}} s',
    ]);
  });

  it('fails a locale with a missing key, a lost placeholder, an empty text or English left in', () => {
    const planted: Tree = {
      mock: { code_cooldown: 'Attendez {{secondes}} s' },
      web: { a: '', b: 'Buy', c: 'Sell', d: 'Close', e: 'Open' },
    };
    const source: Tree = {
      mock: { code_cooldown: 'Wait {{seconds}} s', gone: 'Gone' },
      web: { a: 'A', b: 'Buy', c: 'Sell', d: 'Close', e: 'Open' },
    };
    expect(problemsOf(source, planted, 'fr')).toEqual([
      'missing mock.gone',
      'placeholders of mock.code_cooldown: Attendez {{secondes}} s',
      'empty web.a',
      '4 of 7 texts left in English',
    ]);
  });
});
