import { web as english } from '@pipstream/locales/en.json';
import { web as hongKong } from '@pipstream/locales/hk.json';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from './languages.js';

type WebTexts = typeof english;

/** The one namespace: a locale file's `web` part sits under `web`, so keys read `web.…`. */
export const NAMESPACE = 'translation';

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

/** The product's language code of each BCP 47 tag i18next knows the languages by. */
const LANGUAGE_OF_TAG = new Map<string, Language>(
  LANGUAGES.map((language) => [LANGUAGE_TAGS[language], language]),
);

/** A language's web texts as an i18next resource; rejects when the language has no file. */
async function loadWebTexts(tag: string): Promise<{ web: WebTexts }> {
  const language = LANGUAGE_OF_TAG.get(tag);
  const load = language && loaders[`../../../locales/${language}.json`];
  if (!load) throw new Error(`no texts for "${tag}"`);
  return { web: await load() };
}

/**
 * The app's i18next instance, which react-i18next's `useTranslation` and `Trans` read.
 *
 * Languages are known by BCP 47 tag (`ja`, not the product's `jp`): plural forms come from
 * `Intl.PluralRules` of that tag, which has no rules for `jp`, `kr`, `hk` or `spa`. English is
 * bundled: it is the fallback of every language. So is the default language (hk), a visitor's
 * first: its first render needs no chunk, and no second render when one arrives. The others
 * come from their chunk through the backend when chosen.
 */
export const i18n = i18next.createInstance();
void i18n
  .use(resourcesToBackend((tag: string) => loadWebTexts(tag)))
  .use(initReactI18next)
  .init({
    resources: {
      en: { [NAMESPACE]: { web: english } },
      [LANGUAGE_TAGS.hk]: { [NAMESPACE]: { web: hongKong as WebTexts } },
    },
    // The bundled languages above, and the backend for the rest.
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    // `zh-Hant-HK` alone, not `zh-Hant` and `zh` as well: one file per language.
    load: 'currentOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // Keys never name a namespace: a `:` in one is part of the key.
    nsSeparator: false,
    // Ready at once with the bundled texts: the first render needs no wait.
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // An empty text is a translation still being written: English shows instead.
    returnEmptyString: false,
    // Texts are ready before a language is switched to (see applyLanguage): never suspend.
    react: { useSuspense: false },
  });
