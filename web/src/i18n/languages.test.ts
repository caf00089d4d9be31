import { LANGUAGES } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { directionOf, documentAttributes, LANGUAGE_NAME_KEYS, pickLanguage } from './languages.js';

describe('language choice', () => {
  it('defaults to hk (docs/product.md#constants)', () => {
    expect(pickLanguage(undefined)).toBe('hk');
    expect(pickLanguage(null, null)).toBe('hk');
    expect(pickLanguage('klingon')).toBe('hk');
    expect(pickLanguage(42)).toBe('hk');
  });

  it('maps tw to hk and keeps a stored choice', () => {
    expect(pickLanguage('tw')).toBe('hk');
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage(' FA ')).toBe('fa');
  });

  it('lets the page query win over the stored choice, unless it is unknown', () => {
    expect(pickLanguage('en', 'ar')).toBe('ar');
    expect(pickLanguage('en', 'xx')).toBe('en');
  });
});

describe('writing direction', () => {
  it('is right to left for Arabic and Persian only', () => {
    const rtl = LANGUAGES.filter((language) => directionOf(language) === 'rtl');
    expect(rtl).toEqual(['ar', 'fa']);
  });

  it('sets dir by the choice and lang by the text shown', () => {
    expect(documentAttributes('ar', 'ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    // Arabic chosen while its texts are missing: English text, right-to-left layout.
    expect(documentAttributes('ar', 'en')).toEqual({ lang: 'en', dir: 'rtl' });
    expect(documentAttributes('hk', 'hk')).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
  });

  it('names all 21 languages', () => {
    expect(Object.keys(LANGUAGE_NAME_KEYS).sort()).toEqual([...LANGUAGES].sort());
  });
});
