/**
 * The 21 languages (docs/product.md#constants). `hk` (traditional Chinese) is the default; `tw` is
 * an alias of it. The codes are the product's own (jp, kr, vn, spa, …), not ISO 639: they are what
 * the `lang` header carries and what the locale files are named after.
 */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
  'fa',
  'fi',
  'et',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hk';

const ALIASES: Record<string, Language> = { tw: 'hk' };

/** A language code from a header, query or storage → one of the 21, or `undefined`. */
export function resolveLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const lower = code.trim().toLowerCase();
  const alias = ALIASES[lower];
  if (alias) return alias;
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : undefined;
}

/** Languages written right to left (Arabic, Persian). */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar', 'fa']);

/** BCP 47 tag of each language, for `Intl` formatting and the document's `lang` attribute. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  hk: 'zh-Hant-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
  my: 'my',
  hi: 'hi',
  cs: 'cs',
  fa: 'fa',
  fi: 'fi',
  et: 'et',
};
