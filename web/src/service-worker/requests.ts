/**
 * What the service worker keeps and what it never touches, shared by the build (vite.config.ts),
 * the service worker (sw.ts) and the page that registers it (app/service-worker.ts).
 */

/** Where the build writes each language's texts, one chunk per language (`fr-….js`). */
export const LANGUAGE_DIR = 'assets/lang';

/** The cache of the chosen language's chunk (the rest of the shell is precached). */
export const LANGUAGE_CACHE = 'pipstream-language';

/** The page asks the service worker to keep its language's chunk: `{ type, urls }`. */
export const KEEP_LANGUAGE = 'pipstream:keep-language';

export interface KeepLanguageMessage {
  readonly type: typeof KEEP_LANGUAGE;
  readonly urls: readonly string[];
}

/**
 * Paths the app does not own: the API, the socket, uploads and operations. A navigation to one
 * goes to the network, never to the app's page; no answer of theirs is ever kept (they carry an
 * account's data, and a price must never be shown from a cache as if live).
 */
export const NOT_APP_PATH = /^\/(api|v1|uploads|__control|healthz|readyz|metrics)(\/|$)/;

/**
 * The paths whose page the gateway paints with its last quotes (gateway/src/web/first-screen):
 * the quotes list (`/`) and a trade screen (`/trade?id=…`). A navigation to one asks the
 * network first; every other page of the app is the precached shell.
 */
const PAINTED_PATHS: ReadonlySet<string> = new Set(['/', '/trade']);

/** Whether a navigation to `path` can get a page painted with the gateway's quotes. */
export function isPaintedPath(path: string): boolean {
  return PAINTED_PATHS.has(path);
}

/**
 * How long a painted page may take before the precached shell answers instead (it answers at
 * once when the network fails): the shell opens on the device copy, every price with its age.
 */
export const PAINTED_PAGE_TIMEOUT_SECONDS = 2;

const LANGUAGE_CHUNK = new RegExp(`^/${LANGUAGE_DIR}/([a-z]+)-[\\w-]{8}\\.js$`);

/** The language code of a language chunk's path (`/assets/lang/fr-AbCd1234.js` → `fr`). */
export function languageOfChunk(path: string): string | undefined {
  return LANGUAGE_CHUNK.exec(path)?.[1];
}

/** Among loaded resources' URLs, those of `language`'s chunk (same origin only). */
export function languageChunkUrls(urls: readonly string[], language: string, origin: string) {
  return urls.filter((raw) => {
    const url = new URL(raw, origin);
    return url.origin === origin && languageOfChunk(url.pathname) === language;
  });
}

const LANGUAGE_MODULE = /[\\/]locales[\\/]([a-z]+)\.json$/;

/** The language code of a module of the build (an absolute path) that is a language's texts. */
export function languageOfModule(id: string | null | undefined): string | undefined {
  return id == null ? undefined : LANGUAGE_MODULE.exec(id)?.[1];
}

/** Whether a module of the build (an absolute path) is a language's texts. */
export function isLanguageModule(id: string | null | undefined): boolean {
  return languageOfModule(id) !== undefined;
}
