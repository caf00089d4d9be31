/**
 * A build plugin: `<link rel="modulepreload">` in `index.html` for chunks the entry loads
 * lazily but the first screen needs at once. Vite writes those links only for the entry's
 * static imports; without them each lazy chunk is fetched when the one before it has run.
 */
import type { Plugin } from 'vite';

/** What the plugin reads of a build output: Rollup/Rolldown's chunk fields. */
export interface OutputChunkLike {
  readonly type: 'chunk' | 'asset';
  readonly fileName: string;
  readonly isEntry?: boolean;
  readonly facadeModuleId?: string | null;
  /** The modules the chunk holds: a module grouped into a shared chunk is not its facade. */
  readonly moduleIds?: readonly string[];
  readonly imports?: readonly string[];
}

/**
 * The files to preload for `sources` (paths under the project, `src/…`): each source's chunk
 * and every chunk it imports statically, in that order, without the entry chunks and their
 * static imports (already preloaded by Vite).
 *
 * @throws when a source has no chunk of its own: a renamed screen must not silently lose its
 *   preload.
 */
export function firstScreenFiles(
  bundle: Readonly<Record<string, OutputChunkLike>>,
  sources: readonly string[],
): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: readonly OutputChunkLike[]) => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunkLike | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports ?? []) visit(byFile.get(file));
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const loaded = closure(chunks.filter((chunk) => chunk.isEntry));
  const isSource = (source: string) => (id: string | null | undefined) =>
    id?.replaceAll('\\', '/').endsWith(`/${source}`) === true;
  const roots = sources.map((source) => {
    const matches = isSource(source);
    const chunk =
      chunks.find((item) => matches(item.facadeModuleId)) ??
      chunks.find((item) => item.moduleIds?.some(matches));
    if (!chunk) throw new Error(`preload-first-screen: no chunk for ${source}`);
    return chunk;
  });
  return [...closure(roots)].filter((file) => !loaded.has(file) && file.endsWith('.js'));
}

/** Whether module `id` (a path, either separator) is one of `sources` (`src/…` under web). */
export function isSourceModule(id: string, sources: readonly string[]): boolean {
  const path = id.replaceAll('\\', '/');
  return sources.some((source) => path.endsWith(`/web/${source}`));
}

/**
 * A plugin that adds `<link rel="modulepreload">` for the files `filesOf` picks in the build
 * output, after Vite's own links, in the built `index.html` only.
 */
export function preloadPlugin(
  name: string,
  filesOf: (bundle: Readonly<Record<string, OutputChunkLike>>) => readonly string[],
): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const bundle = context.bundle as unknown as Record<string, OutputChunkLike>;
        return filesOf(bundle).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/** The plugin: the first screen's chunks preloaded. */
export function preloadFirstScreen(sources: readonly string[]): Plugin {
  return preloadPlugin('pipstream:preload-first-screen', (bundle) =>
    firstScreenFiles(bundle, sources),
  );
}
