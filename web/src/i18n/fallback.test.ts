import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from './index.js';
import { hasWebTexts } from './instance.js';

// Arabic's chunk cannot be fetched, as offline before the service worker kept it.
vi.mock('./instance.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./instance.js')>();
  return {
    ...original,
    loadWebTexts: (language: string) =>
      language === 'ar'
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : original.loadWebTexts(language as Parameters<typeof original.loadWebTexts>[0]),
  };
});

describe('a language whose texts cannot be loaded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows English in its stead, laid out right to left as chosen', async () => {
    const documentElement = { lang: '', dir: '' };
    vi.stubGlobal('document', { documentElement, title: '' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await applyLanguage('ar');
    expect(hasWebTexts('ar')).toBe(false);
    expect(hasWebTexts('en')).toBe(true);
    expect(i18n.language).toBe('en');
    expect(documentElement).toEqual({ lang: 'en', dir: 'rtl' });
    expect(i18n.t('web.app.name')).toBe('Pipstream');
    expect(warn).toHaveBeenCalledWith(
      'texts of "ar" could not be loaded; showing English',
      expect.any(TypeError),
    );
  });
});
