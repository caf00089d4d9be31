/**
 * The service worker: the app opens with no signal. It precaches the app shell (the page, every
 * script and style of the build, icons) and keeps the chosen language's chunk; it never answers
 * the API, the socket or uploads (NOT_APP_PATH), so no account's answer is ever stored here.
 *
 * A new version installs in the background and waits: it takes over when every tab of the app
 * is closed, so a trader's open screen never changes under them (the page says a new version
 * is ready: app/service-worker.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  KEEP_LANGUAGE,
  type KeepLanguageMessage,
  LANGUAGE_CACHE,
  languageOfChunk,
  NOT_APP_PATH,
} from './requests.js';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app, at any path (`/trade`, `/mine/wallet`), is index.html; the paths of
// the API and operations are left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [NOT_APP_PATH] }),
);

// One language at a time: the texts of a language chosen later replace the last one's.
const languages = new CacheFirst({
  cacheName: LANGUAGE_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 1 })],
});
const isLanguageChunk = (url: URL) =>
  url.origin === self.location.origin && languageOfChunk(url.pathname) !== undefined;
registerRoute(({ url }) => isLanguageChunk(url), languages);

// The language the page loaded before this worker controlled it (a first visit).
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
