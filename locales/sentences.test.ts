import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';

type Tree = { readonly [key: string]: string | Tree };

function text(language: string, key: string): string {
  let node: string | Tree = JSON.parse(
    readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8'),
  ) as Tree;
  for (const part of key.split('.')) node = (node as Tree)[part] as string | Tree;
  if (typeof node !== 'string') throw new Error(`${language}.json has no text ${key}`);
  return node;
}

/** Sentence ends written twice: the full stops of the languages' scripts. */
const DOUBLED_STOP = /([.。।။])\1/u;

describe('texts put inside other texts', () => {
  it.each(LANGUAGES)(
    '%s: an order confirmation with its stops off ends its sentence once',
    (language) => {
      const off = text(language, 'web.trade.confirm_off');
      const sentence = text(language, 'web.trade.confirm_order').replace(
        /\{\{\s*(\w+)\s*\}\}/g,
        (_whole, name: string) => (name === 'stopLoss' || name === 'takeProfit' ? off : 'X'),
      );
      expect(sentence).not.toMatch(DOUBLED_STOP);
    },
  );
});
