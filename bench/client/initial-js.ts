/**
 * The initial JavaScript of the web build, gzipped: the entry chunk and every chunk it imports
 * statically (what `/` loads before any route chunk). The same count as web/scripts/
 * report-size.mjs, which `npm run build:web` prints but which exports nothing to reuse.
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

/** The initial JavaScript of the build in `distDir`, gzipped at level 9, in KB, with its files. */
export function initialJs(distDir: string): { kb: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const files = initialFiles(manifest);
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength,
    0,
  );
  return { kb: bytes / 1024, files };
}
