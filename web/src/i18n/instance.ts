import type english from '@pipstream/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_TAGS, type Language } from './languages.js';

type WebTexts = (typeof english)['web'];

/** The one namespace: a locale file's `web` part sits under `web`, so keys read `web.…`. */
export const NAMESPACE = 'translation';

/**
 * Every language's web texts, English and the default language too, one chunk each: none of
 * them weighs on the entry, and the page preloads its own language's chunk beside the entry
 * (scripts/preload-language.ts). Globbed rather than listed so a language file that does not
 * exist yet is simply absent (and English shows).
 */
const loaders = import.meta.glob<WebTexts>(
  ['../../../locales/*.json', '!../../../locales/package.json'],
  { import: 'web' },
);

/** Whether `language`'s web texts are in the instance. */
export function hasWebTexts(language: Language): boolean {
  return i18n.hasResourceBundle(LANGUAGE_TAGS[language], NAMESPACE);
}

/**
 * Loads `language`'s web texts from its chunk into the instance, once; rejects when the
 * language has no file or its chunk cannot be fetched.
 */
export async function loadWebTexts(language: Language): Promise<void> {
  if (hasWebTexts(language)) return;
  const load = loaders[`../../../locales/${language}.json`];
  if (!load) throw new Error(`no texts for "${language}"`);
  const web = await load();
  i18n.addResourceBundle(LANGUAGE_TAGS[language], NAMESPACE, { web }, true, false);
}

/**
 * The app's i18next instance, which react-i18next's `useTranslation` and `Trans` read.
 *
 * Languages are known by BCP 47 tag (`ja`, not the product's `jp`): plural forms come from
 * `Intl.PluralRules` of that tag, which has no rules for `jp`, `kr`, `hk` or `spa`. It starts
 * with no texts: the app's first render waits for the chosen language's (see applyLanguage),
 * and English, the fallback of every language, follows after the first screen. Texts are
 * added by `loadWebTexts` rather than by an i18next backend, which would load the fallback
 * together with every language and hold the first render for it.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  lng: LANGUAGE_TAGS[FALLBACK_LANGUAGE],
  fallbackLng: LANGUAGE_TAGS[FALLBACK_LANGUAGE],
  // `zh-Hant-HK` alone, not `zh-Hant` and `zh` as well: one file per language.
  load: 'currentOnly',
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  // Keys never name a namespace: a `:` in one is part of the key.
  nsSeparator: false,
  // Nothing to load at init: ready at once.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // An empty text is a translation still being written: English shows instead.
  returnEmptyString: false,
  // Texts are ready before a language is switched to (see applyLanguage): never suspend.
  react: { useSuspense: false },
});
