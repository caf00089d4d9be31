import { i18n, NAMESPACE } from './instance.js';
import { documentAttributes, LANGUAGE_TAGS, type Language } from './languages.js';

export { i18n };

/**
 * Loads a language's texts if there are any; false when English stands in for them (its file
 * is missing or failed to load).
 */
async function ensureTexts(language: Language): Promise<boolean> {
  const tag = LANGUAGE_TAGS[language];
  if (!i18n.hasResourceBundle(tag, NAMESPACE)) await i18n.loadLanguages(tag);
  const loaded = i18n.hasResourceBundle(tag, NAMESPACE);
  if (!loaded) console.warn(`texts of "${language}" could not be loaded; showing English`);
  return loaded;
}

let latest: Language | undefined;

/** The language last asked for, loaded or still loading. */
export const latestLanguage = (): Language | undefined => latest;

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
