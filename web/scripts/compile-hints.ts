/**
 * A build plugin for V8's explicit compile hint (Chrome ≥ 136): a script whose first line is
 * the magic comment `//# allFunctionsCalledOnLoad` has every function compiled while it streams
 * in, on a background thread. Without it V8 only pre-parses a function body and compiles it at
 * its first call, on the thread that runs it. Other engines read the line as a comment.
 *
 * Where it pays: the live worker, which runs all of its bundle as it starts, so the first
 * screen's answers are checked sooner, and the first screen's chunk. Not the entry: its eager
 * compile holds the entry's start back by about as much as it saves later (bench/README.md).
 */
import type { Plugin } from 'vite';

/** The magic comment V8 reads on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What the plugin reads and writes of a build output: code, maps and asset sources. */
export interface BundleItemLike {
  readonly type: 'chunk' | 'asset';
  readonly fileName: string;
  readonly isEntry?: boolean;
  readonly name?: string;
  code?: string;
  map?: { mappings: string } | null;
  source?: string | Uint8Array;
}

/** The chunk's description that picks it: its name and whether it is an entry. */
export type ChunkChoice = (chunk: { readonly name: string; readonly isEntry: boolean }) => boolean;

/** A source map's JSON moved one line down, for a line added above the code it maps. */
function mapOneLineDown(json: string): string {
  const map = JSON.parse(json) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  return JSON.stringify(map);
}

/**
 * Puts the hint on the first line of every chunk `runsAtStart` picks, its source map (object
 * and file) moved down a line. Code a screen may never call is left to lazy compilation.
 */
export function addCompileHints(
  bundle: Record<string, BundleItemLike>,
  runsAtStart: ChunkChoice,
): string[] {
  const hinted: string[] = [];
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk' || item.code === undefined) continue;
    if (!runsAtStart({ name: item.name ?? '', isEntry: item.isEntry ?? false })) continue;
    if (item.code.startsWith(COMPILE_HINT)) continue;
    item.code = `${COMPILE_HINT}\n${item.code}`;
    if (item.map) item.map.mappings = `;${item.map.mappings}`;
    const mapFile = bundle[`${item.fileName}.map`];
    if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
      mapFile.source = mapOneLineDown(mapFile.source);
    }
    hinted.push(item.fileName);
  }
  return hinted;
}

/**
 * The plugin. It runs after Vite's own output work (minification would drop the comment, and
 * the entry's preload list is put at the chunk's top), so the hint stays the first line.
 */
export function compileHints(runsAtStart: ChunkChoice): Plugin {
  return {
    name: 'pipstream:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle as unknown as Record<string, BundleItemLike>, runsAtStart);
      },
    },
  };
}
