/**
 * A build plugin: every language's texts of the first screen, and the paths of its icons, in
 * one small file beside the page (`first-screen.json`), so the gateway can paint the quotes
 * list into the page in the visitor's language without reading the locale files or running
 * React, and preload the app's texts in that language. The words are the locale files' own,
 * the very keys the app shows; the icons are the very paths `Icon` draws.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIRST_SCREEN_ICONS,
  FIRST_SCREEN_TEXTS_FILE,
  type FirstScreenTexts,
  type FirstScreenTextsFile,
  LANGUAGES,
} from '@pipstream/protocol';
import type { Plugin } from 'vite';
import { ICON_PATHS } from '../src/ui/icon-paths.ts';
import type { OutputChunkLike } from './preload-first-screen.ts';
import { languageChunks } from './preload-language.ts';

/** The key of each text in the locale files. */
const KEYS: Record<keyof FirstScreenTexts, string> = {
  title: 'web.home.title',
  quoteList: 'web.home.quote_list',
  columnName: 'web.home.column_name',
  columnPrice: 'web.home.column_price',
  columnChange: 'web.home.column_change',
  delayed: 'web.live_guard.delayed',
  closed: 'web.trade.market_closed',
  tradeTitle: 'web.trade.title',
  chooseLanguage: 'web.home.choose_language',
  alerts: 'web.alerts.title',
  search: 'web.home.search',
  instruments: 'web.trade.instruments',
  connecting: 'web.connection.connecting',
  categories: 'web.home.categories',
  allCategories: 'web.home.all_categories',
  tabs: 'web.tabs.label',
  tabQuotes: 'web.tabs.quotes',
  tabTrade: 'web.tabs.trade',
  tabOrder: 'web.tabs.order',
  tabRank: 'web.tabs.documentary',
  tabUser: 'web.tabs.personal_center',
};

function textAt(messages: unknown, key: string): string {
  let at = messages;
  for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  if (typeof at !== 'string') throw new Error(`locale text ${key} is missing`);
  return at;
}

/** Every language's texts of the first screen, by the language's code, from `localesDir`. */
export function firstScreenTexts(localesDir: string): Record<string, FirstScreenTexts> {
  const texts: Record<string, FirstScreenTexts> = {};
  for (const language of LANGUAGES) {
    const file = join(localesDir, `${language}.json`);
    const messages: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const entries = Object.entries(KEYS).map(([name, key]) => [name, textAt(messages, key)]);
    texts[language] = Object.fromEntries(entries) as FirstScreenTexts;
  }
  return texts;
}

/**
 * The build's file: every language's texts, the paths of the icons the screen shows, and
 * each language's texts chunk of the app (`languageChunks`), which the page preloads.
 */
export function firstScreenFile(
  localesDir: string,
  languageChunks: Record<string, string>,
): FirstScreenTextsFile {
  const icons = Object.fromEntries(FIRST_SCREEN_ICONS.map((name) => [name, ICON_PATHS[name]]));
  return {
    icons: icons as FirstScreenTextsFile['icons'],
    texts: firstScreenTexts(localesDir),
    languageChunks,
  };
}

export function firstScreenTextsFile(localesDir: string): Plugin {
  return {
    name: 'pipstream:first-screen-texts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = languageChunks(bundle as unknown as Record<string, OutputChunkLike>);
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_TEXTS_FILE,
        source: JSON.stringify(firstScreenFile(localesDir, chunks)),
      });
    },
  };
}
