/**
 * Prints the initial JavaScript of the production build, gzipped: the entry chunk, every chunk
 * it imports statically, and the texts chunk of the language the built page preloads (the
 * default's): what a visitor in the default language loads before `/`'s first render, which
 * waits for its texts. Route chunks and other languages' texts load on demand and are listed
 * apart. Reads Vite's build manifest and the built page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The aim for the initial JavaScript, gzipped. */
const BUDGET_KB = 120;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzippedBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Every chunk reachable from the entries through static imports. */
function initialChunks() {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

/** The language texts chunk the built page preloads (scripts/preload-language.ts). */
function preloadedTexts() {
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = [...page.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)];
  const files = preloads.map((match) => match[1]).filter((file) => file.startsWith('assets/lang/'));
  if (files.length !== 1) throw new Error(`the page preloads ${files.length} texts chunks, not 1`);
  return files[0];
}

const texts = preloadedTexts();
const initial = [...initialChunks(), texts];
const initialSet = new Set(initial);
const lazy = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !initialSet.has(file));

let total = 0;
console.log(
  "\nInitial JavaScript (entry, its static imports, the default language's texts), gzipped:",
);
for (const file of initial) {
  const size = gzippedBytes(file);
  total += size;
  const what = file === texts ? `${file} (texts)` : file;
  console.log(`  ${what.padEnd(48)} ${kb(size).padStart(7)} KB`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(7)} KB (aim: ≤ ${BUDGET_KB} KB)`);

const lazyTotal = lazy.reduce((sum, file) => sum + gzippedBytes(file), 0);
console.log(`On demand: ${lazy.length} chunks, ${kb(lazyTotal)} KB gzipped in all.`);

// Web Worker bundles are emitted beside the chunks but are not in the manifest's graph.
const chunkFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
for (const name of readdirSync(join(dist, 'assets'))) {
  const file = `assets/${name}`;
  if (file.endsWith('.js') && !chunkFiles.has(file)) {
    console.log(
      `Worker bundle (off the main thread): ${file}, ${kb(gzippedBytes(file))} KB gzipped.`,
    );
  }
}

if (total > BUDGET_KB * 1024) {
  console.warn(`Warning: the initial JavaScript is over the ${BUDGET_KB} KB aim.`);
}
