import { describe, expect, it } from 'vitest';
import { firstScreenFiles, isSourceModule, type OutputChunkLike } from './preload-first-screen.js';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  isEntry = false,
): OutputChunkLike => ({ type: 'chunk', fileName, facadeModuleId, imports, isEntry });

/** A build like Vite's: an entry with shared chunks, a lazy screen and a lazy client. */
const BUNDLE: Record<string, OutputChunkLike> = {
  'assets/index-a.js': chunk(
    'assets/index-a.js',
    '/app/web/index.html',
    ['assets/react-b.js'],
    true,
  ),
  'assets/react-b.js': chunk('assets/react-b.js', null),
  'assets/Home-c.js': chunk('assets/Home-c.js', '/app/web/src/screens/home/Home.tsx', [
    'assets/react-b.js',
    'assets/Row-d.js',
  ]),
  'assets/Row-d.js': chunk('assets/Row-d.js', null, ['assets/Logo-e.js']),
  'assets/Logo-e.js': chunk('assets/Logo-e.js', null),
  'assets/client-f.js': chunk('assets/client-f.js', '/app/web/src/api/client.ts', [
    'assets/Logo-e.js',
  ]),
  'assets/Trade-g.js': chunk('assets/Trade-g.js', '/app/web/src/screens/trade/Trade.tsx'),
  'assets/index-h.css': { type: 'asset', fileName: 'assets/index-h.css' },
};

describe('firstScreenFiles', () => {
  it('lists each source’s chunk and its static imports once, minus what the entry loads', () => {
    expect(firstScreenFiles(BUNDLE, ['src/screens/home/Home.tsx', 'src/api/client.ts'])).toEqual([
      'assets/Home-c.js',
      'assets/Row-d.js',
      'assets/Logo-e.js',
      'assets/client-f.js',
    ]);
  });

  it('leaves out the chunks of screens that were not named', () => {
    expect(firstScreenFiles(BUNDLE, ['src/api/client.ts'])).toEqual([
      'assets/client-f.js',
      'assets/Logo-e.js',
    ]);
  });

  it('finds a source merged into a group chunk by the modules that chunk holds', () => {
    const grouped: Record<string, OutputChunkLike> = {
      ...BUNDLE,
      'assets/first-screen-x.js': {
        ...chunk('assets/first-screen-x.js', null, ['assets/react-b.js']),
        moduleIds: ['/app/web/src/ui/Tabs.tsx', '/app/web/src/screens/news/News.tsx'],
      },
    };
    expect(firstScreenFiles(grouped, ['src/screens/news/News.tsx'])).toEqual([
      'assets/first-screen-x.js',
    ]);
  });

  it('refuses a source without a chunk of its own', () => {
    expect(() => firstScreenFiles(BUNDLE, ['src/screens/gone/Gone.tsx'])).toThrow(
      'no chunk for src/screens/gone/Gone.tsx',
    );
  });
});

describe('isSourceModule', () => {
  const sources = ['src/screens/home/Home.tsx', 'src/api/first-client.ts'];

  it('matches a listed source by its path under web, with either separator', () => {
    expect(isSourceModule('/repo/web/src/screens/home/Home.tsx', sources)).toBe(true);
    expect(isSourceModule('C:\\repo\\web\\src\\api\\first-client.ts', sources)).toBe(true);
  });

  it('leaves out other modules, also those whose name only ends the same', () => {
    expect(isSourceModule('/repo/web/src/screens/home/QuoteRow.tsx', sources)).toBe(false);
    expect(isSourceModule('/repo/web/src/screens/other/src/api/first-client.ts', sources)).toBe(
      false,
    );
  });
});
