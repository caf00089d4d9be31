import hk from '@pipstream/locales/hk.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from './index.js';
import { LANGUAGE_TAGS } from './languages.js';

describe('bundled texts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the default language (hk) from the start: its first render loads nothing', () => {
    expect(i18n.hasTexts(LANGUAGE_TAGS.hk)).toBe(true);
    expect(i18n.getFixedT(LANGUAGE_TAGS.hk)('web.errors.screen_failed')).toBe(
      hk.web.errors.screen_failed,
    );
  });

  it('still loads another language when chosen', async () => {
    // The unit project has no DOM: applyLanguage only sets these.
    vi.stubGlobal('document', { documentElement: { lang: '', dir: '' }, title: '' });
    expect(i18n.hasTexts(LANGUAGE_TAGS.jp)).toBe(false);
    await applyLanguage('jp');
    expect(i18n.hasTexts(LANGUAGE_TAGS.jp)).toBe(true);
    expect(i18n.language).toBe(LANGUAGE_TAGS.jp);
  });
});
