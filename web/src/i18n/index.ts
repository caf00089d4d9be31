import { web as english } from '@pipstream/locales/en.json';
import { web as hongKong } from '@pipstream/locales/hk.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { subscribe } from 'valtio/vanilla';
import { settings } from '../state/settings.js';
import { documentAttributes, LANGUAGE_TAGS, type Language } from './languages.js';

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

/**
 * The app's i18next instance. English is bundled: it is the fallback of every language. So is
 * the default language (SPEC §9: hk), a visitor's first: its first render needs no chunk, and
 * no second render when one arrives.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { web: english } },
    [LANGUAGE_TAGS.hk]: { translation: { web: hongKong as WebTexts } },
  },
  lng: 'en',
  fallbackLng: 'en',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Loads a language's texts if there are any; false when English stands in for them. i18next
 * knows each language by its BCP 47 tag (`ja`, not the product's `jp`): its plural forms come
 * from `Intl.PluralRules` of that tag, which has no rules for `jp`, `kr`, `hk` or `spa`.
 */
async function ensureTexts(language: Language): Promise<boolean> {
  const tag = LANGUAGE_TAGS[language];
  if (language === 'en' || i18n.hasResourceBundle(tag, 'translation')) return true;
  const load = loaders[`../../../locales/${language}.json`];
  if (!load) return false;
  try {
    i18n.addResourceBundle(tag, 'translation', { web: await load() });
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
  await i18n.changeLanguage(available ? LANGUAGE_TAGS[language] : 'en');
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
