/**
 * A build plugin: `<link rel="modulepreload">` in `index.html` for the default language's texts,
 * a visitor's first. The app's first render waits for its language's texts (i18n/index.ts), so
 * their chunk is fetched beside the entry rather than once the entry has run. The gateway
 * swaps the link for the visitor's own language in the page it paints, finding each language's
 * chunk in the first screen's file (scripts/first-screen-texts.ts).
 */
import type { Plugin } from 'vite';
import { languageOfModule } from '../src/service-worker/requests.ts';
import { type OutputChunkLike, preloadPlugin } from './preload-first-screen.ts';

/** Each language's texts chunk in a build output, by the language's code. */
export function languageChunks(
  bundle: Readonly<Record<string, OutputChunkLike>>,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const item of Object.values(bundle)) {
    const language = item.type === 'chunk' ? languageOfModule(item.facadeModuleId) : undefined;
    if (language) files[language] = item.fileName;
  }
  return files;
}

/**
 * The plugin: `language`'s texts chunk preloaded.
 *
 * @throws when `language` has no chunk: the first render would wait a round trip unseen.
 */
export function preloadLanguage(language: string): Plugin {
  return preloadPlugin('pipstream:preload-language', (bundle) => {
    const file = languageChunks(bundle)[language];
    if (!file) throw new Error(`preload-language: no texts chunk for ${language}`);
    return [file];
  });
}
