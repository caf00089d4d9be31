import { describe, expect, it } from 'vitest';
import {
  docsAnchorsCited,
  headingAnchors,
  isNamedFile,
  linesCiting,
  OUTSIDE_CITATIONS,
  repositoryFiles,
  sectionOf,
  sourceFilesNamed,
  textOf,
} from './references.js';

/**
 * Folders whose files are not held to the rule yet: the web app's sources are being moved to
 * it by the web half of the same change, which takes `web/src/` off this list (so the rule then
 * covers every file).
 */
const NOT_YET_CHECKED = ['web/src/'];

describe('the repository stands alone', () => {
  const files = repositoryFiles();

  it('finds the files it checks', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/product.md');
    expect(files).toContain('gateway/src/realtime/hub.ts');
    expect(files.some((file) => file.includes('node_modules/'))).toBe(false);
  });

  it('cites no document outside the repository', () => {
    const checked = files.filter((file) => !NOT_YET_CHECKED.some((dir) => file.startsWith(dir)));
    const citations = checked.flatMap((file) => {
      const text = textOf(file);
      return text === undefined ? [] : linesCiting(file, text, OUTSIDE_CITATIONS);
    });
    expect(citations.map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
  });

  it('cites only headings that exist in docs/product.md and docs/architecture.md', () => {
    const anchorsOf = new Map(
      ['docs/product.md', 'docs/architecture.md'].map((page) => [
        page,
        headingAnchors(textOf(page) ?? ''),
      ]),
    );
    const cited = files.flatMap((file) => {
      const text = textOf(file);
      return text === undefined ? [] : docsAnchorsCited(file, text);
    });
    const broken = cited.filter(({ page, anchor }) => !anchorsOf.get(page)?.has(anchor));
    expect(
      broken.map(({ file, line, page, anchor }) => `${file}:${line}: ${page}#${anchor}`),
    ).toEqual([]);
  });
});

/**
 * The README and the architecture page walk a tick through the code file by file; a file
 * moved or renamed without them would send a reader to nothing.
 */
describe("the tick's path names files that exist", () => {
  const files = repositoryFiles();
  it.each([
    ['README.md', 'The path of a tick'],
    ['docs/architecture.md', 'Tick path'],
  ])('%s, "%s"', (page, title) => {
    const section = sectionOf(textOf(page) ?? '', title);
    expect(section, `${page} has a section "${title}"`).toBeDefined();
    const named = sourceFilesNamed(section ?? '');
    expect(section).toContain('gateway/src/');
    expect(section).toContain('web/src/');
    expect(named.length).toBeGreaterThanOrEqual(10);
    expect(named.filter((name) => !isNamedFile(name, files))).toEqual([]);
  });
});

describe('sectionOf and sourceFilesNamed', () => {
  const page = [
    '# Title',
    '## Path',
    'See `web/src/live/store.ts`, then `core.ts` and `protocol/src/arithmetic/*`.',
    '### Detail',
    'And `browser.ts` twice: `browser.ts`; not `npm test`.',
    '## Next',
    '`elsewhere.ts`',
  ].join('\n');

  it('reads a section down to the next heading of its level, and its files', () => {
    expect(sourceFilesNamed(sectionOf(page, 'Path') ?? '')).toEqual([
      'web/src/live/store.ts',
      'core.ts',
      'browser.ts',
    ]);
    expect(sectionOf(page, 'Missing')).toBeUndefined();
  });

  it('finds a file by its path or by its tail', () => {
    const files = ['web/src/live/store.ts', 'gateway/src/realtime/browser.ts'];
    expect(isNamedFile('web/src/live/store.ts', files)).toBe(true);
    expect(isNamedFile('live/store.ts', files)).toBe(true);
    expect(isNamedFile('state/store.ts', files)).toBe(false);
    expect(isNamedFile('rowser.ts', files)).toBe(false);
  });
});

describe('linesCiting', () => {
  // The names in capitals, built so that this file cites nothing.
  const spec = 'spec'.toUpperCase();
  const design = 'design'.toUpperCase();

  it('names the file and line of each citation', () => {
    const text = ['// fine', `// see ${spec} §4`, 'x'].join('\n');
    expect(linesCiting('a.ts', text, OUTSIDE_CITATIONS)).toEqual([
      { file: 'a.ts', line: 2, text: `// see ${spec} §4` },
    ]);
  });

  it('finds the folder and both sheets however a citation goes on', () => {
    const lines = [
      `// ${['..', 'shared'].join('/')}/notes`,
      `// as ${spec} links are written`,
      `// ${spec}.md, routes`,
      `// ${design}'s web rules`,
      `// (${design}.md)`,
      '// a spec, the design, SPECTRUM, DESIGNER, specs/shared',
    ];
    expect(linesCiting('a.ts', lines.join('\n'), OUTSIDE_CITATIONS).map((c) => c.line)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });
});

describe('headingAnchors', () => {
  it('makes the anchors GitHub makes', () => {
    const page = [
      '# Pipstream: the product',
      '## Routes',
      "## The mock upstream's catalogue",
      '## Every screen, in every language',
      '### Fan-out',
      '## `code` and more',
      '```',
      '## not a heading inside a fence',
      '```',
      '## Routes',
    ].join('\n');
    expect([...headingAnchors(page)]).toEqual([
      'pipstream-the-product',
      'routes',
      'the-mock-upstreams-catalogue',
      'every-screen-in-every-language',
      'fan-out',
      'code-and-more',
      'routes-1',
    ]);
  });
});

describe('docsAnchorsCited', () => {
  // Anchors written as `md${HASH}…`, so that this file cites no heading of the real pages.
  const HASH = '#';
  const cited = (file: string, text: string) =>
    docsAnchorsCited(file, text).map((c) => `${c.page}${HASH}${c.anchor}`);

  it('finds docs anchors in code, and bare page anchors only within docs/', () => {
    const code = `/** The rule: docs/product.md${HASH}some-rule and docs/architecture.md${HASH}a-part. */`;
    expect(cited('web/a.ts', code)).toEqual([
      `docs/product.md${HASH}some-rule`,
      `docs/architecture.md${HASH}a-part`,
    ]);
    expect(cited('web/a.ts', `see product.md${HASH}some-rule`)).toEqual([]);
    expect(cited('web/README.md', `[layers](../docs/architecture.md${HASH}a-part)`)).toEqual([
      `docs/architecture.md${HASH}a-part`,
    ]);
    expect(cited('docs/architecture.md', `[limits](product.md${HASH}some-rule)`)).toEqual([
      `docs/product.md${HASH}some-rule`,
    ]);
  });
});
