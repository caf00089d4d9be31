/**
 * A build plugin: the theme is set before the first paint. The Content-Security-Policy allows
 * no inline script, so `paintTheme` (state/theme-choice.ts) becomes a tiny file of its own
 * under `assets/` (hashed, so cached for good) and a classic `<script>` in the head runs it:
 * the browser paints nothing before a head script has run, so a light theme never shows a
 * dark frame first, nor the reverse.
 */
import type { Plugin } from 'vite';
import { PREFERS_LIGHT, paintTheme, THEME_KEY } from '../src/state/theme-choice.ts';

/** The script's text: the function's source, called with the key and the media query. */
export function themeScript(): string {
  return `(${paintTheme.toString()})(${JSON.stringify(THEME_KEY)},${JSON.stringify(PREFERS_LIGHT)});\n`;
}

/** The name the script's asset is emitted under (hashed in the output). */
const ASSET_NAME = 'theme.js';

export function themeBeforePaint(): Plugin {
  let devScript = '';
  return {
    name: 'pipstream:theme-before-paint',
    buildStart() {
      if (this.meta.watchMode) return;
      this.emitFile({ type: 'asset', name: ASSET_NAME, source: themeScript() });
    },
    configureServer(server) {
      devScript = '/@pipstream/theme.js';
      server.middlewares.use(devScript, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(themeScript());
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (item) => item.type === 'asset' && item.names.includes(ASSET_NAME),
        );
        const src = asset ? `/${asset.fileName}` : devScript;
        if (!src) return [];
        return [{ tag: 'script', attrs: { src }, injectTo: 'head' }];
      },
    },
  };
}
