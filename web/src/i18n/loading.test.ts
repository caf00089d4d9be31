import { LANGUAGES } from '@pipstream/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n, loadFallbackTexts } from './index.js';
import { hasWebTexts } from './instance.js';

/** The unit project has no DOM: applyLanguage only sets these. */
function stubDocument() {
  const documentElement = { lang: '', dir: '' };
  vi.stubGlobal('document', { documentElement, title: '' });
  return documentElement;
}

describe('languages loaded from their chunks', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds no language’s texts at the start, English and the default (hk) included', () => {
    expect(LANGUAGES.filter(hasWebTexts)).toEqual([]);
  });

  it('applies the default language from its chunk alone: English waits until asked for', async () => {
    const documentElement = stubDocument();
    await applyLanguage('hk');
    expect(hasWebTexts('hk')).toBe(true);
    expect(hasWebTexts('en')).toBe(false);
    expect(i18n.language).toBe('zh-Hant-HK');
    expect(documentElement).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    expect(i18n.t('web.app.name')).not.toBe('web.app.name');

    // After the first screen: English, for any text a language lacks.
    await loadFallbackTexts();
    expect(hasWebTexts('en')).toBe(true);
    expect(i18n.language).toBe('zh-Hant-HK');
  });

  it('loads another language from its chunk when chosen, and sets <html lang dir>', async () => {
    const documentElement = stubDocument();
    await applyLanguage('jp');
    expect(hasWebTexts('jp')).toBe(true);
    expect(i18n.language).toBe('ja');
    expect(documentElement).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(i18n.t('web.app.name')).not.toBe('web.app.name');

    await applyLanguage('fa');
    expect(i18n.language).toBe('fa');
    expect(documentElement).toEqual({ lang: 'fa', dir: 'rtl' });
  });

  it('keeps the later of two choices when the earlier loads slower', async () => {
    stubDocument();
    const slower = applyLanguage('de');
    await applyLanguage('en');
    await slower;
    expect(i18n.language).toBe('en');
  });
});
