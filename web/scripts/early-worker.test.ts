import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_WORKER_GLOBAL } from '../src/live/early-worker.js';
import { earlyWorkerScript, workerFile } from './early-worker.js';
import { DIST, readBuilt } from './test-support.js';

describe('earlyWorkerScript', () => {
  it('starts the file as a named module worker under the global the entry reads', () => {
    const script = earlyWorkerScript('assets/live.worker-abc.js', 'live');
    const scope: Record<string, unknown> = {};
    const started: unknown[][] = [];
    class RecordingWorker {
      constructor(...args: unknown[]) {
        started.push(args);
      }
    }
    new Function('window', 'Worker', script)(scope, RecordingWorker);
    expect(started).toEqual([['/assets/live.worker-abc.js', { type: 'module', name: 'live' }]]);
    expect(scope[EARLY_WORKER_GLOBAL]).toBeInstanceOf(RecordingWorker);
  });

  it('leaves the page running when the browser cannot start it', () => {
    const script = earlyWorkerScript('assets/live.worker-abc.js', 'live');
    const scope: Record<string, unknown> = {};
    const refusing = () => {
      throw new TypeError('module workers are not supported');
    };
    expect(() => new Function('window', 'Worker', script)(scope, refusing)).not.toThrow();
    expect(EARLY_WORKER_GLOBAL in scope).toBe(false);
  });
});

describe('workerFile', () => {
  const pattern = /^assets\/live\.worker-[\w-]+\.js$/;

  it('finds the one file of the worker', () => {
    const files = ['index.html', 'assets/index-a.js', 'assets/live.worker-B_c1.js'];
    expect(workerFile(files, pattern)).toBe('assets/live.worker-B_c1.js');
  });

  it('refuses a build with none or several, rather than start the wrong script', () => {
    expect(() => workerFile(['assets/index-a.js'], pattern)).toThrow(/found 0/);
    expect(() =>
      workerFile(['assets/live.worker-a.js', 'assets/live.worker-b.js'], pattern),
    ).toThrow(/found 2/);
  });
});

describe('the production build', () => {
  it('starts the live worker first in the page’s head, from a file the build has', () => {
    const html = readBuilt('index.html');
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script[^>]*>([^<]*)<\/script>/g)];
    const early = scripts[0]?.[1] ?? '';
    expect(early).toContain(EARLY_WORKER_GLOBAL);
    // Before any stylesheet: an inline script after one waits for it.
    expect(head.indexOf(early)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    const file = /new Worker\("\/([^"]+)"/.exec(early)?.[1] ?? '';
    expect(file).toMatch(/^assets\/live\.worker-[\w-]+\.js$/);
    expect(existsSync(join(DIST, file))).toBe(true);
  });
});
