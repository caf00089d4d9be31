import { createRequire } from 'node:module';
import { LANGUAGES, resolveLanguage } from '../languages.js';

type English = typeof import('@pipstream/locales/en.json', { with: { type: 'json' }});

/** `a.b.c` paths of every string leaf of a nested message object. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message the mock upstream can answer with: keys under `mock.` in the locale files. */
export type MessageKey = Leaves<English['mock']>;
export type MessageParams = Readonly<Record<string, string | number>>;

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

  /** The message `key` in `lang` (a header value; unknown or missing → English). */
  t(lang: string | undefined, key: MessageKey, params?: MessageParams): string {
    const resolved = resolveLanguage(lang) ?? 'en';
    const template =
      lookup(this.catalogues.get(resolved), key) ?? lookup(this.catalogues.get('en'), key) ?? key;
    return params ? interpolate(template, params) : template;
  }
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

/** i18next-style `{{name}}` placeholders. */
function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
