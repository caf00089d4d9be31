/**
 * A build plugin: a script in `index.html`'s head that starts the live worker before the entry
 * chunk loads (see src/live/early-worker.ts for why). It names the worker's built file, which
 * only the build knows; the entry takes the worker from the global the script sets, or starts
 * its own when there is none (the dev server, a browser without module workers).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { EARLY_WORKER_GLOBAL } from '../src/live/early-worker.ts';

/** The script that starts `file` (a path under the site's root) as the module worker `name`. */
export function earlyWorkerScript(file: string, name: string): string {
  const url = JSON.stringify(`/${file}`);
  const options = JSON.stringify({ type: 'module', name });
  // A failure here only means the entry starts the worker itself.
  return `try{window[${JSON.stringify(EARLY_WORKER_GLOBAL)}]=new Worker(${url},${options})}catch(e){}`;
}

/** The built file of the worker: one file of the bundle whose name matches `pattern`. */
export function workerFile(files: readonly string[], pattern: RegExp): string {
  const matches = files.filter((file) => pattern.test(file));
  if (matches.length !== 1) {
    throw new Error(`expected one worker file matching ${pattern}, found ${matches.length}`);
  }
  return matches[0] as string;
}

/** The plugin: `pattern` finds the worker's file among the build's outputs. */
export function startWorkerEarly(pattern: RegExp, name: string): Plugin {
  return {
    name: 'pipstream:early-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const file = workerFile(Object.keys(context.bundle ?? {}), pattern);
        // First in the head: an inline script after a stylesheet would wait for it to load.
        return [
          { tag: 'script', children: earlyWorkerScript(file, name), injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
