import { web as english } from '@pipstream/locales/en.json';
import { web as hongKong } from '@pipstream/locales/hk.json';
import { subscribe } from 'valtio/vanilla';
import { settings } from '../state/settings.js';
import { documentAttributes, LANGUAGE_TAGS, type Language } from './languages.js';
import { i18n } from './translator.js';

export { i18n, useTranslation } from './translator.js';

type WebTexts = typeof english;

/**
 * The other languages' web texts, one chunk each, loaded when chosen. Globbed rather than
 * listed so a language file that does not exist yet is simply absent (and English shows).
 */
const loaders = import.meta.glob<WebTexts>(
  [
    '../../../locales/*.json',
    '!../../../locales/en.json',
    '!../../../locales/hk.json',
    '!../../../locales/package.json',
  ],
  { import: 'web' },
);

// English is bundled: it is the fallback of every language. So is the default language (SPEC §9:
// hk), a visitor's first: its first render needs no chunk, and no second render when one arrives.
i18n.addTexts('en', english);
i18n.addTexts(LANGUAGE_TAGS.hk, hongKong);

/**
 * Loads a language's texts if there are any; false when English stands in for them. Texts are
 * kept by BCP 47 tag (`ja`, not the product's `jp`): plural forms come from `Intl.PluralRules`
 * of that tag, which has no rules for `jp`, `kr`, `hk` or `spa`.
 */
async function ensureTexts(language: Language): Promise<boolean> {
  const tag = LANGUAGE_TAGS[language];
  if (language === 'en' || i18n.hasTexts(tag)) return true;
  const load = loaders[`../../../locales/${language}.json`];
  if (!load) return false;
  try {
    i18n.addTexts(tag, await load());
    return true;
  } catch (error) {
    console.warn(`texts of "${language}" could not be loaded; showing English`, error);
    return false;
  }
}

let latest: Language | undefined;

/** Switches the text, `<html lang>` and `<html dir>` to `language`. */
export async function applyLanguage(language: Language): Promise<void> {
  latest = language;
  const available = await ensureTexts(language);
  // A slower load of an earlier choice must not win over a later one.
  if (latest !== language) return;
  i18n.changeLanguage(available ? LANGUAGE_TAGS[language] : 'en');
  const { lang, dir } = documentAttributes(language, available ? language : 'en');
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
  document.title = i18n.t('web.app.name');
}

/** Applies the chosen language now and whenever it changes. */
export function followLanguageSetting(): void {
  void applyLanguage(settings.language);
  subscribe(settings, () => {
    if (settings.language !== latest) void applyLanguage(settings.language);
  });
}
