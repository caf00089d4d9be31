/**
 * What keeps the repository standing alone: its files cite its own docs, never documents
 * outside it, and every `docs/<page>.md#anchor` they cite names a heading that exists.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

const upper = (word: string) => word.toUpperCase();

/**
 * Citations of documents that lived beside the repository, not in it: a folder next to the
 * clone and the product sheet and design notes it held, by name in capitals however the
 * citation goes on (section mark, `.md`, a possessive). Spelled in pieces so that this file
 * does not cite them.
 */
export const OUTSIDE_CITATIONS: readonly RegExp[] = [
  new RegExp(['\\.\\.', 'shared'].join('/')),
  new RegExp(`\\b${upper('spec')}\\b`),
  new RegExp(`\\b${upper('design')}\\b`),
];

/** One line of a file that cites something. */
export interface Citation {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The lines of `text` (a file's content) that match one of `needles`. */
export function linesCiting(file: string, text: string, needles: readonly RegExp[]): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    if (needles.some((needle) => needle.test(line))) {
      found.push({ file, line: index + 1, text: line.trim() });
    }
  });
  return found;
}

/**
 * The anchor a heading gets on GitHub (and in most Markdown renderers): lower case, everything
 * but letters, digits, spaces, `-` and `_` dropped, spaces turned into `-`; a repeated
 * heading's anchor gets `-1`, `-2`… Code formatting marks are dropped with the punctuation.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * A `docs/<page>.md#<anchor>` cited in a file (also as `../docs/…` from a subfolder), or
 * `<page>.md#<anchor>` within `docs/`.
 */
export interface AnchorCitation extends Citation {
  /** The page's path from the repository root, e.g. `docs/product.md`. */
  readonly page: string;
  readonly anchor: string;
}

const DOCS_ANCHOR =
  /(?:^|[^\w/.-])((?:\.\.\/)*(?:docs\/)?(product|architecture)\.md)#([\p{L}\p{N}_-]+)/gu;

/**
 * Every anchor into `docs/product.md` or `docs/architecture.md` that `text` cites. A bare
 * `product.md#…` counts only inside `docs/` (a link from one page to the other).
 */
export function docsAnchorsCited(file: string, text: string): AnchorCitation[] {
  const inDocs = file.startsWith('docs/');
  const found: AnchorCitation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(DOCS_ANCHOR)) {
      const [, written = '', page = '', anchor = ''] = match;
      if (!written.includes('docs/') && !inDocs) continue;
      found.push({ file, line: index + 1, text: line.trim(), page: `docs/${page}.md`, anchor });
    }
  });
  return found;
}

/** True for a path inside `node_modules` or a `dist` build folder. */
function isGenerated(path: string): boolean {
  return path.split('/').some((part) => part === 'node_modules' || part === 'dist');
}

/**
 * The repository's files, as paths from its root: those git tracks, or, where there is no git
 * checkout (an unpacked archive), every file outside dot-folders. Never `node_modules` or
 * `dist`.
 */
export function repositoryFiles(root = REPO): string[] {
  let paths: string[];
  try {
    paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    paths = walk(root, root);
  }
  return paths.filter((path) => !isGenerated(path)).sort();
}

function walk(root: string, folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') {
      continue;
    }
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...walk(root, path));
    else if (entry.isFile()) files.push(relative(root, path).split('\\').join('/'));
  }
  return files;
}

/** A file's text, or `undefined` for a binary file or one deleted from the working tree. */
export function textOf(path: string, root = REPO): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    return undefined;
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

/**
 * The lines of `markdown` under the heading `title` (its text, without the `#`s), up to the
 * next heading of the same level or higher; `undefined` when there is no such heading.
 */
export function sectionOf(markdown: string, title: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex(
    (line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s+/, '') === title,
  );
  if (start < 0) return undefined;
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => {
    const marks = /^(#{1,6})\s/.exec(line)?.[1];
    return marks !== undefined && marks.length <= level;
  });
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}

/** Source files that `text` names in code spans (`live/store.ts`, `core.ts`); globs left out. */
export function sourceFilesNamed(text: string): string[] {
  const names = [...text.matchAll(/`([\w./-]+\.tsx?)`/g)].map(([, name = '']) => name);
  return [...new Set(names)];
}

/**
 * Whether `name` (a path from the root, or its tail from some folder down) is one of `files`:
 * a doc may write `web/src/live/store.ts` once and `live/store.ts` after it.
 */
export function isNamedFile(name: string, files: readonly string[]): boolean {
  return files.some((file) => file === name || file.endsWith(`/${name}`));
}
