import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MIN_BYTES,
  precompressFile,
  precompressibleFiles,
  shouldPrecompress,
} from './precompress.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('shouldPrecompress', () => {
  it('takes text files from the size where compression pays', () => {
    expect(shouldPrecompress('index-AbCd12_9.js', MIN_BYTES)).toBe(true);
    expect(shouldPrecompress('index.html', 5000)).toBe(true);
    expect(shouldPrecompress('index-AbCd12_9.css', MIN_BYTES - 1)).toBe(false);
  });

  it('leaves images other than SVG, and siblings already written, alone', () => {
    expect(shouldPrecompress('icons/192.png', 50_000)).toBe(false);
    expect(shouldPrecompress('index-AbCd12_9.js.br', 50_000)).toBe(false);
    expect(shouldPrecompress('index-AbCd12_9.js.gz', 50_000)).toBe(false);
  });
});

describe('precompressFile', () => {
  it('writes .br and .gz siblings that decompress to the file', () => {
    const file = join(dir, 'index-AbCd12_9.js');
    const text = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;
    writeFileSync(file, text);

    expect(precompressFile(file)).toEqual(['.br', '.gz']);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
    expect(readFileSync(`${file}.br`).byteLength).toBeLessThan(text.length / 3);
  });

  it('writes no sibling that would be larger than the file', () => {
    const file = join(dir, 'noise.json');
    // Random bytes do not compress: both siblings would only add their headers.
    writeFileSync(file, Buffer.from(Array.from({ length: 2048 }, () => (Math.random() * 256) | 0)));

    expect(precompressFile(file)).toEqual([]);
  });
});

describe('precompressibleFiles', () => {
  it('finds the text files of the build in every folder', () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), 'x'.repeat(MIN_BYTES));
    writeFileSync(join(dir, 'assets', 'index-AbCd12_9.js'), 'x'.repeat(MIN_BYTES));
    writeFileSync(join(dir, 'assets', 'tiny-AbCd12_9.js'), 'x');
    writeFileSync(join(dir, 'assets', 'logo.png'), 'x'.repeat(MIN_BYTES));

    expect(precompressibleFiles(dir).sort()).toEqual([
      join(dir, 'assets', 'index-AbCd12_9.js'),
      join(dir, 'index.html'),
    ]);
  });
});
