/**
 * A build plugin: every language's texts of the first screen, in one small file beside the
 * page (`first-screen.json`), so the gateway can paint the quotes list into the page in the
 * visitor's language without reading the locale files or running React. The words are the
 * locale files' own, the very keys the app shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREEN_TEXTS_FILE, type FirstScreenTexts, LANGUAGES } from '@pipstream/protocol';
import type { Plugin } from 'vite';

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

export function firstScreenTextsFile(localesDir: string): Plugin {
  return {
    name: 'pipstream:first-screen-texts',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_TEXTS_FILE,
        source: JSON.stringify(firstScreenTexts(localesDir)),
      });
    },
  };
}
