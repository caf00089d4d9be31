/**
 * The app's texts: keys (`web.home.title`) to text in the current language, and the hook that
 * re-renders a component when the language changes.
 *
 * In place of i18next and react-i18next: the app uses nothing of them but this — nested keys,
 * `{{name}}` placeholders and plural forms, read the same way the mock reads its messages
 * (protocol's `findText`) — and at a phone's start-up they cost ~55 KB of the first chunk and,
 * at 4× CPU slow-down, ~200 ms of the main thread before the first quote.
 */
import { findText, interpolate, type TextCatalogue, type TextParams } from '@pipstream/protocol';
import { useSyncExternalStore } from 'react';

/** A text by its key, with its placeholders filled. */
export type Translate = (key: string, params?: TextParams) => string;

/** The language every other falls back to (its texts are always bundled). */
const FALLBACK = 'en';

/** Each loaded language's texts, by BCP 47 tag, as `{ web: … }` so keys read `web.…`. */
const catalogues = new Map<string, TextCatalogue>();
const translators = new Map<string, Translate>();
const listeners = new Set<() => void>();
let current = FALLBACK;

function translate(tag: string, key: string, params?: TextParams): string {
  const template =
    findText(catalogues.get(tag), tag, key, params) ??
    findText(catalogues.get(FALLBACK), FALLBACK, key, params) ??
    key;
  return interpolate(template, params);
}

/** The translator of one language; the same function each time, so it can be a dependency. */
function fixedT(tag: string): Translate {
  let t = translators.get(tag);
  if (t === undefined) {
    t = (key, params) => translate(tag, key, params);
    translators.set(tag, t);
  }
  return t;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentLanguage = () => current;

/** The texts outside React: `i18n.t` reads the current language at each call. */
export const i18n = {
  /** The current language's BCP 47 tag. */
  get language(): string {
    return current;
  },
  t: ((key, params) => translate(current, key, params)) as Translate,
  /** The texts of `tag`, whatever the current language. */
  getFixedT: fixedT,
  hasTexts(tag: string): boolean {
    return catalogues.has(tag);
  },
  /** Adds (or replaces) the web texts of `tag`. */
  addTexts(tag: string, web: TextCatalogue): void {
    catalogues.set(tag, { web });
  },
  /** Makes `tag` current and re-renders every component that shows a text. */
  changeLanguage(tag: string): void {
    if (tag === current) return;
    current = tag;
    for (const listener of [...listeners]) listener();
  },
};

/** The current language's translator; the component re-renders when the language changes. */
export function useTranslation(): { t: Translate } {
  const tag = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: fixedT(tag) };
}
