import { readFileSync } from 'node:fs';
import type { Language, Session } from '@pipstream/protocol';
import type { Request } from 'playwright-core';
import { localizeDecimal } from '../../../web/src/i18n/format.js';
import { type AppPage, withLanguage } from './browser.js';

type Tree = { readonly [key: string]: string | Tree | undefined };

const files = new Map<string, Tree>();

/** `locales/<file>.json` as parsed JSON (read once per run). */
function localeFile(file: string): Tree {
  let tree = files.get(file);
  if (tree === undefined) {
    const url = new URL(`../../../locales/${file}.json`, import.meta.url);
    tree = JSON.parse(readFileSync(url, 'utf8')) as Tree;
    files.set(file, tree);
  }
  return tree;
}

/**
 * A text of a locale file by its dotted key (`web.login.title`, `mock.trade.closed`), its
 * `{{placeholders}}` filled from `params`: what the app shows in that language. Throws for a
 * key the file lacks, so a test never compares against `undefined`.
 */
export function localeText(
  language: Language,
  key: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  let node: Tree | string | undefined = localeFile(language);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`locales/${language}.json has no text ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A figure as the app shows it in `language` (English unless told): the protocol's exact text
 * (`formatBalance(…)`, `formatPrice(…)`) with the language's grouping and separators.
 */
export function shown(text: string, language: Language = 'en'): string {
  return localizeDecimal(text, language);
}

/**
 * Makes the app start in `code` (a language code as a user or a link may write it, `tw`
 * included): written where the app keeps the choice, before its first script runs, on the
 * first load of the tab only, so a choice made in the app afterwards survives a reload.
 * Optionally logged in as `session` the same way. Open the app with `openWithoutQuery`.
 */
export async function seedLanguage(app: AppPage, code: string, session?: Session): Promise<void> {
  await app.context.addInitScript(
    ({ code, token, user }) => {
      // The app's own window only: an embedded page (the support chat) may not touch storage.
      if (window !== window.top) return;
      if (sessionStorage.getItem('pipstream.test.language') !== null) return;
      sessionStorage.setItem('pipstream.test.language', '1');
      localStorage.setItem('pipstream.lang', JSON.stringify(code));
      if (token !== undefined) {
        localStorage.setItem('pipstream.token', JSON.stringify(token));
        localStorage.setItem('pipstream.user', JSON.stringify(user));
      }
    },
    { code, token: session?.token, user: session?.user },
  );
}

/**
 * Opens a route without the `?lang=en` that `app.open` adds: the app starts in the
 * language it has kept (or the one `query` names, `?lang=<query>`).
 */
export async function openWithoutQuery(app: AppPage, route: string, query?: string) {
  await app.page.goto(query === undefined ? route : withLanguage(route, query));
  await app.page.locator('#root .app').waitFor({ state: 'attached' });
}

/** Chooses `language` on the language screen, by its name as the English list writes it. */
export async function chooseLanguage(app: AppPage, language: Language) {
  await openWithoutQuery(app, '/language');
  const name = localeText('en', `web.language.names.${language}`);
  await app.page.getByRole('button', { name, exact: true }).click();
}

/** The `lang` and `dir` of the page's `<html>`. */
export function documentLanguage(app: AppPage): Promise<{ lang: string; dir: string }> {
  return app.page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** The app's REST calls (`/api`, `/v1/api`) from now on, as they leave the page. */
export function recordApiCalls(app: AppPage): Request[] {
  const calls: Request[] = [];
  app.page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(v1\/)?api\//.test(pathname)) calls.push(request);
  });
  return calls;
}
