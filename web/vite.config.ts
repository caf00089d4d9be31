import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { preloadFirstScreen } from './scripts/preload-first-screen.ts';

/** Where the dev server sends API, socket and upload requests: the mock upstream or a gateway. */
const backend = process.env.PIPSTREAM_API || 'http://127.0.0.1:9100';

export default defineConfig({
  plugins: [
    react(),
    // What `/` needs before its first quote, fetched beside the entry rather than one lazy
    // chunk after another: the home screen, the startup check and the first screen's client.
    preloadFirstScreen([
      'src/screens/home/Home.tsx',
      'src/app/startup.ts',
      'src/api/first-client.ts',
    ]),
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
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Low-end phones run older Chrome and WebView builds: keep the syntax they all parse.
    target: 'es2020',
    // scripts/report-size.mjs reads it to find the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The protocol's modules only declare (schemas, routes, functions): importing its
        // language list must not drag every schema, and zod, into the first chunk.
        moduleSideEffects: [{ test: /[\\/]protocol[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
