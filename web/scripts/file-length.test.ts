/**
 * A module of the app over 400 lines says why on its first line, so the next engineer knows it
 * was kept whole on purpose (the code style's small modules with one job).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MOST_LINES = 400;
const REASON = /^\/\/ Over 400 lines: \S/;

/** The modules in `texts` (path → text) over the length with no reason on their first line. */
export function longWithoutReason(texts: Readonly<Record<string, string>>): string[] {
  return Object.entries(texts)
    .filter(([, text]) => text.split('\n').length - 1 > MOST_LINES && !REASON.test(text))
    .map(([path]) => path)
    .sort();
}

function sources(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      continue;
    found[relative(SRC, path)] = readFileSync(path, 'utf8');
  }
  return found;
}

describe('module length', () => {
  it('has a reason at the top of every module over 400 lines', () => {
    expect(longWithoutReason(sources())).toEqual([]);
  });

  it('names a long module without its reason, not a short one or one that says why', () => {
    const long = 'x\n'.repeat(MOST_LINES + 1);
    expect(
      longWithoutReason({
        'a.ts': long,
        'b.ts': `// Over 400 lines: one chart, one closure.\n${long}`,
        'c.ts': 'x\n'.repeat(MOST_LINES),
      }),
    ).toEqual(['a.ts']);
  });
});
