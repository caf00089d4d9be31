import { i18n, loadWebTexts } from './instance.js';
import {
  documentAttributes,
  FALLBACK_LANGUAGE,
  LANGUAGE_TAGS,
  type Language,
} from './languages.js';

export { i18n };

/**
 * Loads a language's texts; false when English stands in for them (its file is missing or its
 * chunk failed to load, offline say), English's then loaded in their stead.
 */
async function ensureTexts(language: Language): Promise<boolean> {
  try {
    await loadWebTexts(language);
    return true;
  } catch (error) {
    console.warn(`texts of "${language}" could not be loaded; showing English`, error);
  }
  await loadFallbackTexts();
  return false;
}

/**
 * Loads English, the fallback for a text a language lacks. Called once the first screen has
 * shown: a language's first render never waits on a second chunk. Never rejects.
 */
export async function loadFallbackTexts(): Promise<void> {
  await loadWebTexts(FALLBACK_LANGUAGE).catch((error: unknown) => {
    console.warn('English texts could not be loaded', error);
  });
}

let latest: Language | undefined;

/** The language last asked for, loaded or still loading. */
export const latestLanguage = (): Language | undefined => latest;

/**
 * Switches the text, `<html lang>` and `<html dir>` to `language`, once its texts are in (or
 * English's, when they cannot be). Never rejects.
 */
export async function applyLanguage(language: Language): Promise<void> {
  latest = language;
  const available = await ensureTexts(language);
  // A slower load of an earlier choice must not win over a later one.
  if (latest !== language) return;
  const shown = available ? language : FALLBACK_LANGUAGE;
  await i18n.changeLanguage(LANGUAGE_TAGS[shown]);
  const { lang, dir } = documentAttributes(language, shown);
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
  document.title = i18n.t('web.app.name');
}
