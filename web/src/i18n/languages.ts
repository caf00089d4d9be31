import {
  DEFAULT_LANGUAGE,
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
  RTL_LANGUAGES,
  resolveLanguage,
} from '@pipstream/protocol';

/**
 * The language to start with: one named by the page's query (`?lang=`), else the one chosen on an
 * earlier visit, else the default of docs/product.md#constants (hk). Aliases resolve (`tw` → `hk`);
 * unknown codes are skipped.
 */
export function pickLanguage(stored: unknown, fromQuery?: string | null): Language {
  return (
    resolveLanguage(fromQuery) ??
    resolveLanguage(typeof stored === 'string' ? stored : undefined) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The fallback of every language: English shows a text a language lacks, and all of them when
 * a language's texts cannot be loaded (the service worker keeps them with the app shell).
 */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Writing direction of a language: Arabic and Persian read right to left. */
export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/**
 * The `lang` and `dir` of `<html>`. `lang` names the language the text is really shown in
 * (English while a language's file is still missing), `dir` follows the choice.
 */
export function documentAttributes(
  chosen: Language,
  shown: Language,
): { lang: string; dir: 'rtl' | 'ltr' } {
  return { lang: LANGUAGE_TAGS[shown], dir: directionOf(chosen) };
}

/** The locale key of each language's own name, as the language lists show it. */
export const LANGUAGE_NAME_KEYS: Record<Language, string> = {
  hk: 'web.language.names.hk',
  en: 'web.language.names.en',
  jp: 'web.language.names.jp',
  kr: 'web.language.names.kr',
  th: 'web.language.names.th',
  vn: 'web.language.names.vn',
  fr: 'web.language.names.fr',
  de: 'web.language.names.de',
  ru: 'web.language.names.ru',
  spa: 'web.language.names.spa',
  pt: 'web.language.names.pt',
  ar: 'web.language.names.ar',
  it: 'web.language.names.it',
  tr: 'web.language.names.tr',
  id: 'web.language.names.id',
  my: 'web.language.names.my',
  hi: 'web.language.names.hi',
  cs: 'web.language.names.cs',
  fa: 'web.language.names.fa',
  fi: 'web.language.names.fi',
  et: 'web.language.names.et',
};

export { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type Language };
