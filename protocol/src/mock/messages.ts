import { createRequire } from 'node:module';
import { LANGUAGE_TAGS, LANGUAGES, type Language, resolveLanguage } from '../languages.js';
import { findText, interpolate, type TextParams } from './texts.js';

type English = typeof import('@pipstream/locales/en.json', { with: { type: 'json' }});

/** `a.b.c` paths of every string leaf of a nested message object. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A plural form's key without its i18next suffix: `code_cooldown_one` → `code_cooldown`. */
type PluralBase<K extends string> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K;

/**
 * Every message the mock upstream can answer with: keys under `mock.` in the locale files, a
 * plural text by its base key (give it a numeric `count`).
 */
export type MessageKey = PluralBase<Leaves<English['mock']>>;
export type MessageParams = TextParams;

type Catalogue = Record<string, unknown>;

/**
 * The mock's messages in every language the locale files carry. Loaded once at start; a language
 * whose file lacks a key falls back to English, and English to the key itself.
 */
export class Messages {
  private readonly catalogues = new Map<string, Catalogue>();

  constructor() {
    const require = createRequire(import.meta.url);
    for (const lang of LANGUAGES) {
      try {
        const file = require(`@pipstream/locales/${lang}.json`) as { mock?: Catalogue };
        if (file.mock) this.catalogues.set(lang, file.mock);
      } catch {
        // Not every language has a file yet; English answers for it.
      }
    }
  }

  /**
   * The message `key` in `lang` (a header value; unknown or missing → English). With a numeric
   * `count`, the plural form the language's rules pick, as i18next does (`key_one`, `key_few`,
   * …, then `key_other`).
   */
  t(lang: string | undefined, key: MessageKey, params?: MessageParams): string {
    const resolved = resolveLanguage(lang) ?? 'en';
    const find = (language: Language) =>
      findText(this.catalogues.get(language), LANGUAGE_TAGS[language], key, params);
    const template = find(resolved) ?? find('en') ?? key;
    return interpolate(template, params);
  }
}
