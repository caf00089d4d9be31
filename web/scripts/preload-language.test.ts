import en from '@pipstream/locales/en.json';
import hk from '@pipstream/locales/hk.json';
import { DEFAULT_LANGUAGE, FIRST_SCREEN_TEXTS_FILE, LANGUAGES } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { OutputChunkLike } from './preload-first-screen.js';
import { languageChunks } from './preload-language.js';
import { readBuilt } from './test-support.js';

const chunk = (fileName: string, facadeModuleId: string | null): OutputChunkLike => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
});

describe('languageChunks', () => {
  it('names each language’s texts chunk by the locale file it was built from', () => {
    const bundle: Record<string, OutputChunkLike> = {
      'assets/index-a.js': chunk('assets/index-a.js', '/app/web/index.html'),
      'assets/lang/hk-b.js': chunk('assets/lang/hk-b.js', '/app/locales/hk.json'),
      'assets/lang/spa-c.js': chunk('assets/lang/spa-c.js', 'C:\\app\\locales\\spa.json'),
      'assets/Home-d.js': chunk('assets/Home-d.js', '/app/web/src/screens/home/Home.tsx'),
      'assets/index-e.css': { type: 'asset', fileName: 'assets/index-e.css' },
    };
    expect(languageChunks(bundle)).toEqual({
      hk: 'assets/lang/hk-b.js',
      spa: 'assets/lang/spa-c.js',
    });
  });
});

describe('the build', () => {
  const chunks: Record<string, string> = JSON.parse(
    readBuilt(FIRST_SCREEN_TEXTS_FILE),
  ).languageChunks;
  const manifest: Record<string, { file: string; isEntry?: boolean }> = JSON.parse(
    readBuilt('.vite/manifest.json'),
  );

  it('has a texts chunk for every language, none of them in the entry', () => {
    expect(Object.keys(chunks).sort()).toEqual([...LANGUAGES].sort());
    const entries = Object.values(manifest).filter((item) => item.isEntry);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const code = readBuilt(entry.file);
      expect(code, entry.file).not.toContain(en.web.errors.screen_failed);
      expect(code, entry.file).not.toContain(hk.web.errors.screen_failed);
    }
  });

  it('preloads the default language’s texts beside the entry, and no other language’s', () => {
    const page = readBuilt('index.html');
    const preloaded = [...page.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    const texts = preloaded.filter((file) => Object.values(chunks).includes(file ?? ''));
    expect(texts).toEqual([chunks[DEFAULT_LANGUAGE]]);
  });

  it('has the service worker keep English’s texts with the shell, and no other language’s', () => {
    const worker = readBuilt('sw.js');
    for (const [language, file] of Object.entries(chunks)) {
      expect(worker.includes(file), language).toBe(language === 'en');
    }
  });
});
