import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { type MessageKey, Messages } from './messages.js';

type Tree = { readonly [key: string]: string | Tree | undefined };

/** The `mock` section of `locales/<language>.json`, or `undefined` while the file is missing. */
function mockTexts(language: string): Tree | undefined {
  const file = new URL(`../../../locales/${language}.json`, import.meta.url);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { mock?: Tree }).mock;
}

/** One text of a `mock` section by its dotted key. */
function textAt(tree: Tree | undefined, key: string): string | undefined {
  let node: Tree | string | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

const english = mockTexts('en');

describe('Messages', () => {
  const messages = new Messages();

  it('answers in English for English and for languages without a file', () => {
    expect(messages.t('en', 'trade.closed')).toBe('Position closed');
    expect(messages.t('xx', 'trade.closed')).toBe('Position closed');
    expect(messages.t(undefined, 'trade.closed')).toBe('Position closed');
  });

  it('answers in each language from the "mock" section of its locale file (product codes)', () => {
    const keys: MessageKey[] = ['trade.closed', 'account.invalid_credentials', 'not_found'];
    for (const language of LANGUAGES) {
      const texts = mockTexts(language);
      for (const key of keys) {
        // A file (or a text) still being written falls back to English.
        const expected = textAt(texts, key) ?? textAt(english, key);
        expect(messages.t(language, key), `${key} in ${language}`).toBe(expected);
      }
    }
  });

  it('reads the header the way the product writes it: tw is hk, case and spaces do not matter', () => {
    const key: MessageKey = 'account.invalid_credentials';
    expect(messages.t('tw', key)).toBe(messages.t('hk', key));
    expect(messages.t(' JP ', key)).toBe(messages.t('jp', key));
    expect(messages.t('SPA', key)).toBe(messages.t('spa', key));
  });

  it('fills {{placeholders}} in every language', () => {
    expect(messages.t('en', 'account.code_cooldown', { count: 42 })).toBe(
      'Please wait 42 seconds before asking for another code',
    );
    for (const language of LANGUAGES) {
      const text = messages.t(language, 'account.code_cooldown', { count: 42 });
      expect(text, language).toContain('42');
      expect(text, language).not.toContain('{{');
    }
  });

  it('picks the plural form by the language’s rules, as i18next does', () => {
    const key: MessageKey = 'account.code_cooldown';
    expect(messages.t('en', key, { count: 1 })).toBe(
      'Please wait 1 second before asking for another code',
    );
    // Russian: 1 секунду, 3 секунды, 5 секунд: three forms from the "mock" section of ru.json.
    const russian = [1, 3, 5].map((count) => messages.t('ru', key, { count }));
    const forms = ['one', 'few', 'many'].map((form) =>
      textAt(mockTexts('ru'), `${key}_${form}`)?.replace('{{count}}', ''),
    );
    expect(russian.map((text, at) => text.replace(String([1, 3, 5][at]), ''))).toEqual(forms);
    expect(new Set(russian).size).toBe(3);
    // A language with one form only (Japanese) reads `_other` whatever the number.
    expect(messages.t('jp', key, { count: 1 })).toBe(
      textAt(mockTexts('jp'), `${key}_other`)?.replace('{{count}}', '1'),
    );
  });

  it('falls back to the key when no catalogue has it', () => {
    expect(messages.t('en', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });
});
