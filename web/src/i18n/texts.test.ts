import en from '@pipstream/locales/en.json';
import hk from '@pipstream/locales/hk.json';
import { LANGUAGES } from '@pipstream/protocol';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Trans, useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, loadWebTexts } from './instance.js';
import { LANGUAGE_TAGS } from './languages.js';

// The app's own instance and options, with texts of the tests' own in namespaces of their own.
const TEST_NS = 'test';
i18n.addResourceBundle('en', TEST_NS, {
  greet: 'Hello {{name}}',
  only_en: 'English only',
  rich: 'Read the <b>terms</b> first',
});
i18n.addResourceBundle('ru', TEST_NS, { greet: 'Привет, {{name}}', gone: '' });

afterAll(() => i18n.changeLanguage('en'));

describe('texts through i18next', () => {
  it('reads the current language, falls back to English, then shows the key', async () => {
    await i18n.changeLanguage('ru');
    const t = i18n.getFixedT(null, TEST_NS);
    expect(t('greet', { name: 'Оля' })).toBe('Привет, Оля');
    expect(t('only_en')).toBe('English only');
    // An empty text is one still being written: neither it nor English's (none) shows.
    expect(t('gone')).toBe('gone');
    expect(t('nowhere')).toBe('nowhere');
  });

  it('leaves escaping to React: a placeholder keeps its value as typed', () => {
    const t = i18n.getFixedT('en', TEST_NS);
    expect(t('greet', { name: 'A & B <c>' })).toBe('Hello A & B <c>');
  });

  it('reads English and the default language (hk) from their chunks, under the web keys', async () => {
    await loadWebTexts('en');
    await loadWebTexts('hk');
    expect(i18n.getFixedT('en')('web.app.name')).toBe(en.web.app.name);
    expect(i18n.getFixedT(LANGUAGE_TAGS.hk)('web.errors.screen_failed')).toBe(
      hk.web.errors.screen_failed,
    );
    // A key with a colon is a key, not a namespace and a key.
    expect(i18n.getFixedT('en')('web:app.name')).toBe('web:app.name');
  });
});

describe('plural forms (JSON v4: key_one, key_few, …) by each language’s own rules', () => {
  const files = import.meta.glob<{ mock: { account: Record<string, string> } }>(
    ['../../../locales/*.json', '!../../../locales/package.json'],
    { eager: true },
  );
  const PLURAL_NS = 'plurals';
  const formsOf = (language: string) => {
    const account = files[`../../../locales/${language}.json`]?.mock.account ?? {};
    return Object.fromEntries(
      Object.entries(account).filter(([key]) => key.startsWith('code_cooldown_')),
    );
  };
  // The locales' plural texts (the mock's cooldown) loaded into the app's instance as it
  // loads a language: under the language's BCP 47 tag.
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(LANGUAGE_TAGS[language], PLURAL_NS, formsOf(language));
  }
  const cooldown = (language: (typeof LANGUAGES)[number], count: number) =>
    i18n.getFixedT(LANGUAGE_TAGS[language], PLURAL_NS)('code_cooldown', { count });
  const form = (language: string, name: string, count: number) =>
    String(formsOf(language)[`code_cooldown_${name}`]).replace('{{count}}', String(count));

  it('picks Russian’s one, few and many', () => {
    expect(cooldown('ru', 1)).toBe(form('ru', 'one', 1));
    expect(cooldown('ru', 3)).toBe(form('ru', 'few', 3));
    expect(cooldown('ru', 5)).toBe(form('ru', 'many', 5));
    expect(cooldown('ru', 21)).toBe(form('ru', 'one', 21));
  });

  it('picks Arabic’s six forms', () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => cooldown('ar', count))).toEqual([
      form('ar', 'zero', 0),
      form('ar', 'one', 1),
      form('ar', 'two', 2),
      form('ar', 'few', 3),
      form('ar', 'many', 11),
      form('ar', 'other', 100),
    ]);
  });

  it('shows every language’s own text for any count, never English’s', () => {
    for (const language of LANGUAGES) {
      const own = Object.values(formsOf(language));
      for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000]) {
        const shown = cooldown(language, count);
        expect(
          own.map((text) => text.replace('{{count}}', String(count))),
          `${language} ${count}`,
        ).toContain(shown);
      }
    }
    // Japanese has one form: `jp` read by English rules would look for `_one` and show English.
    expect(cooldown('jp', 1)).toBe(form('jp', 'other', 1));
  });
});

function Greeting(): ReactNode {
  const { t } = useTranslation(TEST_NS);
  return createElement('p', null, t('greet', { name: 'Ann' }));
}

describe('react-i18next', () => {
  it('renders useTranslation and Trans from the app’s instance, in its current language', async () => {
    await i18n.changeLanguage('ru');
    expect(renderToStaticMarkup(createElement(Greeting))).toBe('<p>Привет, Ann</p>');
    await i18n.changeLanguage('en');
    expect(renderToStaticMarkup(createElement(Greeting))).toBe('<p>Hello Ann</p>');
    const rich = createElement(Trans, {
      i18nKey: 'rich',
      ns: TEST_NS,
      components: { b: createElement('strong') },
    });
    expect(renderToStaticMarkup(rich)).toBe('Read the <strong>terms</strong> first');
  });
});
