import { describe, expect, it } from 'vitest';
import { i18n } from './translator.js';

// Texts of its own: the app's bundled ones are added by ./index.ts, which this file never loads.
i18n.addTexts('en', { greet: 'Hello {{name}}', only_en: 'English only' });
i18n.addTexts('ru', { greet: 'Привет, {{name}}', gone: '' });

describe('translator', () => {
  it('reads the current language, falls back to English, then shows the key', () => {
    i18n.changeLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('web.greet', { name: 'Оля' })).toBe('Привет, Оля');
    expect(i18n.t('web.only_en')).toBe('English only');
    expect(i18n.t('web.gone')).toBe('web.gone');
    expect(i18n.t('web.nowhere')).toBe('web.nowhere');
    i18n.changeLanguage('en');
    expect(i18n.t('web.greet', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('answers in a fixed language whatever the current one, with one function per language', () => {
    i18n.changeLanguage('en');
    expect(i18n.getFixedT('ru')('web.greet', { name: 'Оля' })).toBe('Привет, Оля');
    expect(i18n.getFixedT('ru')).toBe(i18n.getFixedT('ru'));
    expect(i18n.hasTexts('ru')).toBe(true);
    expect(i18n.hasTexts('de')).toBe(false);
  });
});
