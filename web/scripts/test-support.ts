/** For tests of what the build writes: `web/dist`, made by `npm run build:web` (as `npm test` does first). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The text of `file` (a path under web/dist); a clear error when the build is missing. */
export function readBuilt(file: string): string {
  const path = join(DIST, file);
  if (!existsSync(path)) throw new Error(`web/dist lacks ${file}: run npm run build:web`);
  return readFileSync(path, 'utf8');
}
