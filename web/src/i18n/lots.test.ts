import { web as arabic } from '@pipstream/locales/ar.json';
import { web as english } from '@pipstream/locales/en.json';
import { web as french } from '@pipstream/locales/fr.json';
import { web as russian } from '@pipstream/locales/ru.json';
import { LANGUAGE_TAGS, type Language } from '@pipstream/protocol';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { lotCount, pluralFormOf } from './lots.js';

/** An i18next of the languages below, as the app sets it up (one namespace, keys under `web`). */
async function translator(language: Language) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: LANGUAGE_TAGS[language],
    fallbackLng: 'en',
    resources: {
      en: { translation: { web: english } },
      [LANGUAGE_TAGS.ar]: { translation: { web: arabic } },
      [LANGUAGE_TAGS.fr]: { translation: { web: french } },
      [LANGUAGE_TAGS.ru]: { translation: { web: russian } },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('the plural form of a written figure', () => {
  it.each([
    ['1', 'en', 'one'],
    ['1.00', 'en', 'other'],
    ['0.50', 'en', 'other'],
    ['21', 'ru', 'one'],
    ['3', 'ru', 'few'],
    ['5', 'ru', 'many'],
    ['0.50', 'ru', 'other'],
    ['1.00', 'fr', 'one'],
    ['2.00', 'fr', 'other'],
    ['0', 'ar', 'zero'],
    ['2', 'ar', 'two'],
    ['3', 'ar', 'few'],
    ['11', 'ar', 'many'],
    ['100', 'ar', 'other'],
    ['1.00', 'ar', 'one'],
  ] as const)('%s in %s is %s', (text, language, form) => {
    expect(pluralFormOf(text, language)).toBe(form);
  });
});

describe('a number of lots in words', () => {
  it('writes the figure as every screen does, with the noun its decimals ask for', async () => {
    const t = await translator('en');
    expect(lotCount(1, 'en', t)).toBe('1.00 lots');
    expect(lotCount(0.5, 'en', t)).toBe('0.50 lots');
    expect(lotCount(0.125, 'en', t)).toBe('0.125 lots');
    expect(lotCount(1200, 'en', t)).toBe('1,200.00 lots');
  });

  it('in Russian: the language’s separators and the genitive singular of a fraction', async () => {
    const t = await translator('ru');
    expect(lotCount(0.01, 'ru', t)).toBe('0,01 лота');
    expect(lotCount(5, 'ru', t)).toBe('5,00 лота');
    expect(lotCount(1200, 'ru', t)).toBe('1\u00a0200,00 лота');
  });

  it('in French, where 0 to under 2 take the singular', async () => {
    const t = await translator('fr');
    expect(lotCount(1.5, 'fr', t)).toBe('1,50 lot');
    expect(lotCount(2, 'fr', t)).toBe('2,00 lots');
  });

  it('in Arabic, one of six forms', async () => {
    const t = await translator('ar');
    expect(lotCount(1, 'ar', t)).toBe('1.00 لوت');
    expect(lotCount(3, 'ar', t)).toBe('3.00 لوتات');
    expect(lotCount(0.5, 'ar', t)).toBe('0.50 لوت');
  });
});
