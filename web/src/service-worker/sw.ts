/**
 * The service worker: the app opens with no signal. It precaches the app shell (the page, every
 * script and style of the build, English's texts, icons) and keeps the chosen language's chunk;
 * it never answers the API, the socket or uploads (NOT_APP_PATH), so no account's answer is ever
 * stored here.
 *
 * The pages the gateway paints with its last quotes (`/`, `/trade`) come from the network first,
 * so a repeat visit gets today's prices in its first byte; this worker never keeps such a page
 * (a kept one would show old prices as if fresh). When the network fails, or is slow, the
 * precached page answers and the app opens on the device copy, every price with its age.
 *
 * A new version installs in the background and waits: it takes over when every tab of the app
 * is closed, so a trader's open screen never changes under them (the page says a new version
 * is ready: app/service-worker.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  isPaintedPath,
  KEEP_LANGUAGE,
  type KeepLanguageMessage,
  LANGUAGE_CACHE,
  languageOfChunk,
  NOT_APP_PATH,
  PAINTED_PAGE_TIMEOUT_SECONDS,
} from './requests.js';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
};

/** The app's page as built (its skeleton, no quotes): precached, so it opens with no signal. */
const SHELL = '/index.html';

// The painted page is asked for while this worker starts (a navigation preload), and the
// network's answer is the only one used: nothing is ever kept (`cacheWillUpdate`), and where a
// kept copy would be read — the network failed, or took longer than the timeout — the shell
// answers instead (`cachedResponseWillBeUsed`).
navigationPreload.enable();
const paintedPage = new NetworkFirst({
  networkTimeoutSeconds: PAINTED_PAGE_TIMEOUT_SECONDS,
  plugins: [
    {
      cacheWillUpdate: async () => null,
      cachedResponseWillBeUsed: async () => matchPrecache(SHELL),
    },
  ],
});
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    isPaintedPath(url.pathname),
  paintedPage,
);

// After the painted pages' route: the precache would answer `/` with its index.html.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every other page of the app, at any path (`/orders`, `/mine/wallet`), is the shell; the
// paths of the API and operations are left to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL), { denylist: [NOT_APP_PATH] }));

// A language's texts from the cache when kept, else from the network without keeping them:
// the page fetches other languages' too (the shell preloads the default language's), and
// only the one the page names is kept (below). English is precached with the shell.
const isLanguageChunk = (url: URL) =>
  url.origin === self.location.origin && languageOfChunk(url.pathname) !== undefined;
registerRoute(
  ({ url }) => isLanguageChunk(url),
  new CacheFirst({ cacheName: LANGUAGE_CACHE, plugins: [{ cacheWillUpdate: async () => null }] }),
);

// One language at a time: the texts of a language chosen later replace the last one's.
const languages = new CacheFirst({
  cacheName: LANGUAGE_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 1 })],
});

// The chosen language, named by the page once its texts are in (a first visit's before this
// worker controlled the page).
self.addEventListener('message', (event) => {
  const message = event.data as Partial<KeepLanguageMessage> | null;
  if (message?.type !== KEEP_LANGUAGE || !Array.isArray(message.urls)) return;
  const urls = message.urls
    .filter((raw): raw is string => typeof raw === 'string')
    .map((raw) => new URL(raw, self.location.origin))
    .filter(isLanguageChunk);
  event.waitUntil(
    Promise.all(urls.map((url) => languages.handle({ event, request: url.href }))).then(
      () => undefined,
    ),
  );
});
