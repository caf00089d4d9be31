/**
 * Builds the baseline page with esbuild (the one tsx runs on) into a temporary folder: React in
 * production mode, minified, as a team would ship it.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** A built baseline page. */
export interface BaselineBuild {
  /** The folder holding `index.html` and `app.js`. */
  readonly dir: string;
  /** Its script gzipped at level 9, KB: beside the app's initial JavaScript. */
  readonly scriptKB: number;
  /** Removes the folder. */
  remove(): Promise<void>;
}

/** Builds the page into a new temporary folder. */
export async function buildBaseline(): Promise<BaselineBuild> {
  const dir = await mkdtemp(join(tmpdir(), 'pipstream-baseline-'));
  try {
    await build({
      entryPoints: [join(HERE, 'app.ts')],
      outfile: join(dir, 'app.js'),
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    await copyFile(join(HERE, 'index.html'), join(dir, 'index.html'));
    const script = await readFile(join(dir, 'app.js'));
    return {
      dir,
      scriptKB: gzipSync(script, { level: 9 }).byteLength / 1024,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
