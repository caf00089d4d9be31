import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from './index.js';
import { NAMESPACE } from './instance.js';
import { LANGUAGE_TAGS } from './languages.js';

describe('languages loaded when chosen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the default language (hk) from the start: its first render loads nothing', () => {
    expect(i18n.hasResourceBundle(LANGUAGE_TAGS.hk, NAMESPACE)).toBe(true);
    expect(i18n.hasResourceBundle(LANGUAGE_TAGS.jp, NAMESPACE)).toBe(false);
  });

  it('loads another language from its chunk when chosen, and sets <html lang dir>', async () => {
    // The unit project has no DOM: applyLanguage only sets these.
    const documentElement = { lang: '', dir: '' };
    vi.stubGlobal('document', { documentElement, title: '' });
    await applyLanguage('jp');
    expect(i18n.hasResourceBundle(LANGUAGE_TAGS.jp, NAMESPACE)).toBe(true);
    expect(i18n.language).toBe('ja');
    expect(documentElement).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(i18n.t('web.app.name')).not.toBe('web.app.name');

    await applyLanguage('fa');
    expect(i18n.language).toBe('fa');
    expect(documentElement).toEqual({ lang: 'fa', dir: 'rtl' });
  });

  it('keeps the later of two choices when the earlier loads slower', async () => {
    vi.stubGlobal('document', { documentElement: { lang: '', dir: '' }, title: '' });
    const slower = applyLanguage('de');
    await applyLanguage('en');
    await slower;
    expect(i18n.language).toBe('en');
  });
});
