import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, FIRST_SCREEN_TEXTS_FILE } from '@pipstream/protocol';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/compile-hints.ts';
import { firstScreenTextsFile } from './scripts/first-screen-texts.ts';
import { precompress } from './scripts/precompress.ts';
import { isSourceModule, preloadFirstScreen } from './scripts/preload-first-screen.ts';
import { preloadLanguage } from './scripts/preload-language.ts';
import { themeBeforePaint } from './scripts/theme-before-paint.ts';
import { FALLBACK_LANGUAGE } from './src/i18n/languages.ts';
import { isLanguageModule, LANGUAGE_DIR, languageOfChunk } from './src/service-worker/requests.ts';

/** The first screen's code: the home screen, without the protocol and zod. */
const HOME_SCREEN = ['src/screens/home/Home.tsx'];

/** The chunk that holds the first screen's code. */
const FIRST_SCREEN_CHUNK = 'first-screen';

/** Where the dev server sends API, socket and upload requests: the mock upstream or a gateway. */
const backend = process.env.PIPSTREAM_API || 'http://127.0.0.1:9100';

export default defineConfig({
  plugins: [
    react(),
    // The light or dark palette is chosen before the first paint (a script of its own: the CSP).
    themeBeforePaint(),
    // `/`'s lazy chunks are fetched beside the entry rather than one after another.
    preloadFirstScreen(HOME_SCREEN),
    // The first render waits for its language's texts: the default language's chunk is fetched
    // beside the entry too (the gateway's painted page names the visitor's own).
    preloadLanguage(DEFAULT_LANGUAGE),
    // The first screen's chunk runs almost in full before the first quote: compiled in the
    // background while it streams in (see scripts/compile-hints.ts; the entry is not).
    compileHints((chunk) => chunk.name === FIRST_SCREEN_CHUNK),
    // The service worker (src/service-worker/sw.ts) with the list of files it precaches: the
    // app shell. Registered by the page itself once the first screen has shown.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script: every browser that has service workers runs it.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{html,js,css,json,png,svg}'],
        // News pictures come with the news.
        globIgnores: ['news/**', '**/*.{br,gz}', FIRST_SCREEN_TEXTS_FILE],
        // Each language is kept only once chosen, but English always: it shows when the
        // chosen language's texts cannot be loaded (offline before they were kept).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => {
              const language = languageOfChunk(`/${entry.url}`);
              return language === undefined || language === FALLBACK_LANGUAGE;
            }),
            warnings: [],
          }),
        ],
      },
    }),
    // The first screen's texts in every language: the gateway paints the quotes into the page.
    firstScreenTextsFile(fileURLToPath(new URL('../locales', import.meta.url))),
    precompress(),
  ],
  resolve: {
    // Workspace packages are read from their TypeScript sources, never from a stale build.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    host: true,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/v1/api': { target: backend, changeOrigin: true },
      '/v1/ws': { target: backend, changeOrigin: true, ws: true },
      '/uploads': { target: backend, changeOrigin: true },
      // Not /manifest.json: the app's own (web/public) is served, as the gateway serves it.
    },
  },
  worker: {
    format: 'es',
    // The live worker runs all of its bundle as it starts.
    plugins: () => [compileHints((chunk) => chunk.isEntry)],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Low-end phones run older Chrome and WebView builds: keep the syntax they all parse.
    target: 'es2020',
    // scripts/report-size.mjs reads it to find the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      output: {
        // Few requests before the first screen: on a phone's HTTP/1.1 connections (six at most
        // per host) each small chunk costs a round trip, and many chunks queue behind one
        // another. The entry and everything it imports statically make one chunk; the home
        // screen, which `/` loads at once, one more (preloaded by index.html).
        // The REST client, with the protocol and zod, loads after the first screen: its reads
        // are checked in the live worker (api/index.ts).
        // Each language's texts under a folder of their own: the service worker keeps only the
        // chosen one (src/service-worker/requests.ts).
        chunkFileNames: (chunk) =>
          isLanguageModule(chunk.facadeModuleId)
            ? `${LANGUAGE_DIR}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'entry', tags: ['$initial'], priority: 2 },
            { name: FIRST_SCREEN_CHUNK, test: (id) => isSourceModule(id, HOME_SCREEN) },
          ],
        },
      },
      treeshake: {
        // The protocol's modules only declare (schemas, routes, functions): importing its
        // language list must not drag every schema, and zod, into the first chunk.
        moduleSideEffects: [{ test: /[\\/]protocol[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
