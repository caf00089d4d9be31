import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { initialFiles, initialJs, preloadedTexts } from './initial-js.js';

const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  'src/Trade.tsx': { file: 'assets/Trade.js', isDynamicEntry: true, imports: ['_uplot.js'] },
  '_uplot.js': { file: 'assets/uplot.js' },
  '_style.css': { file: 'assets/index.css' },
};

describe('initialFiles', () => {
  it('follows static imports from the entries, once each, and keeps only scripts', () => {
    expect(initialFiles(MANIFEST)).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/shared.js',
    ]);
  });
});

describe('preloadedTexts', () => {
  it('finds the language texts chunk among the page’s preloads', () => {
    const page =
      '<link rel="modulepreload" crossorigin href="/assets/first-screen-a.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/lang/hk-b.js">';
    expect(preloadedTexts(page)).toBe('assets/lang/hk-b.js');
    expect(preloadedTexts('<link rel="stylesheet" href="/assets/lang/x.css">')).toBeUndefined();
  });
});

describe('initialJs', () => {
  const dist = mkdtempSync(join(tmpdir(), 'initial-js-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sums the gzipped sizes of the initial files and the preloaded texts', () => {
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets', 'lang'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(
      join(dist, 'index.html'),
      '<link rel="modulepreload" crossorigin href="/assets/lang/hk.js">',
    );
    const bodies: Record<string, string> = {
      'assets/index.js': 'console.log("index");'.repeat(50),
      'assets/vendor.js': 'export const v = 1;'.repeat(100),
      'assets/shared.js': 'export const s = 2;',
      'assets/Trade.js': 'x'.repeat(10_000),
      'assets/lang/hk.js': 'export const web = {"a":"甲"};'.repeat(20),
      'assets/lang/fr.js': 'export const web = {"a":"b"};'.repeat(20),
    };
    for (const [file, body] of Object.entries(bodies)) writeFileSync(join(dist, file), body);
    const files = ['assets/index.js', 'assets/vendor.js', 'assets/shared.js', 'assets/lang/hk.js'];
    const expected = files.reduce(
      (sum, file) => sum + gzipSync(bodies[file] as string, { level: 9 }).byteLength,
      0,
    );
    expect(initialJs(dist)).toEqual({ kb: expected / 1024, files });
  });
});
