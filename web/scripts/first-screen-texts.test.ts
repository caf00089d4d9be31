import { fileURLToPath } from 'node:url';
import { FIRST_SCREEN_ICONS, firstScreenTextsFileSchema, LANGUAGES } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS } from '../src/ui/icon-paths.ts';
import { firstScreenFile } from './first-screen-texts.ts';

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));

/** Each language's texts chunk, as the build names them. */
const CHUNKS = Object.fromEntries(
  LANGUAGES.map((language) => [language, `assets/lang/${language}-AbCd1234.js`]),
);

describe('the first screen’s file', () => {
  const file = firstScreenFile(LOCALES, CHUNKS);

  it('is what the gateway reads: every language, every text, none empty', () => {
    expect(firstScreenTextsFileSchema.parse(file)).toEqual(file);
    expect(file.languageChunks).toEqual(CHUNKS);
    expect(Object.keys(file.texts).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, texts] of Object.entries(file.texts)) {
      for (const [name, text] of Object.entries(texts)) {
        expect(text.trim(), `${language} ${name}`).not.toBe('');
      }
    }
  });

  it('carries the very paths the app’s icons draw', () => {
    for (const name of FIRST_SCREEN_ICONS) expect(file.icons[name]).toBe(ICON_PATHS[name]);
  });
});
