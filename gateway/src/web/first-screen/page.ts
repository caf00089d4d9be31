/**
 * The page with its first screen: the web build's `index.html` is the template. The painted
 * screen goes in before the app's root (the app renders beside it, hidden, and takes over once
 * its own rows are live); the trade list and categories it was painted from go in a JSON data
 * block the app reads instead of asking again. The CSP keeps "no inline script": a data block
 * is never run.
 */
import {
  DEFAULT_LANGUAGE,
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_ID,
  type FirstScreenData,
  LANGUAGE_TAGS,
  type Language,
  RTL_LANGUAGES,
} from '@pipstream/protocol';

/** Where the app's root sits in the build's page. */
const ROOT = '<div id="root"></div>';

/** The `<html …>` opening tag of the build's page. */
const HTML_TAG = /<html\b[^>]*>/i;

/** The build's page split at the app's root. */
export interface PageTemplate {
  readonly page: string;
  readonly beforeRoot: string;
  readonly fromRoot: string;
}

/** `page` as a template, or `undefined` when it has no root where the screen could go. */
export function pageTemplate(page: string): PageTemplate | undefined {
  const at = page.indexOf(ROOT);
  if (at === -1 || !HTML_TAG.test(page)) return undefined;
  return { page, beforeRoot: page.slice(0, at), fromRoot: page.slice(at) };
}

/**
 * JSON safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`) and no line
 * separators JavaScript once read as line ends.
 */
export function dataBlockJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The app's module scripts and their preloads in the build's head. */
const MODULE_SCRIPT = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

/**
 * `head` with the app's scripts asked for at low priority: in a painted page the prices are
 * already there, so the stylesheet and the paint go first and the app follows.
 */
export function lowPriorityScripts(head: string): string {
  return head.replace(MODULE_SCRIPT, '<$1 fetchpriority="low"');
}

/**
 * `head` preloading `language`'s texts chunk where the build's page preloads the default
 * language's: the app's first render waits for its language's texts. `chunks` is each
 * language's chunk (the build's file); a head without the default's preload is left alone.
 */
export function preloadLanguageTexts(
  head: string,
  chunks: Readonly<Record<string, string>>,
  language: Language,
): string {
  const built = chunks[DEFAULT_LANGUAGE];
  const wanted = chunks[language];
  if (!built || !wanted) return head;
  return head.replace(`href="/${built}"`, `href="/${wanted}"`);
}

/**
 * The page in `language` with `markup` painted before the root, `data` for the app, and the
 * language's texts chunk (of `languageChunks`) preloaded.
 */
export function fillPage(
  template: PageTemplate,
  language: Language,
  markup: string,
  data: FirstScreenData,
  languageChunks: Readonly<Record<string, string>>,
): string {
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const head = lowPriorityScripts(
    preloadLanguageTexts(
      template.beforeRoot.replace(
        HTML_TAG,
        `<html lang="${LANGUAGE_TAGS[language]}" dir="${dir}" data-first-screen="">`,
      ),
      languageChunks,
      language,
    ),
  );
  return (
    // Inert: a picture of the screen, not yet the screen. A tap waits for the app, which
    // follows within a moment, and assistive technology reads the app's own rows.
    `${head}<div id="${FIRST_SCREEN_ID}" class="app app-with-tabs first-screen" inert>${markup}</div>` +
    `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${dataBlockJson(data)}</script>` +
    template.fromRoot
  );
}
