/**
 * The initial JavaScript of the web build, gzipped: the entry chunk, every chunk it imports
 * statically, and the texts chunk of the language the built page preloads (what a visitor in
 * the default language loads before `/`'s first render, which waits for its texts). The same
 * count as web/scripts/report-size.mjs, which `npm run build:web` prints but which exports
 * nothing to reuse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The part of a Vite build manifest entry this reads. */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/** Files of the entries and of every chunk reachable from them through static imports. */
export function initialFiles(manifest: Readonly<Record<string, ManifestChunk>>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true);
}

/** The language texts chunk (`assets/lang/…`) the built page `html` preloads, if any. */
export function preloadedTexts(html: string): string | undefined {
  const preloads = html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g);
  return [...preloads].map((match) => match[1]).find((file) => file?.startsWith('assets/lang/'));
}

/** The initial JavaScript of the build in `distDir`, gzipped at level 9, in KB, with its files. */
export function initialJs(distDir: string): { kb: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const texts = preloadedTexts(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const files = [...initialFiles(manifest), ...(texts ? [texts] : [])];
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength,
    0,
  );
  return { kb: bytes / 1024, files };
}
