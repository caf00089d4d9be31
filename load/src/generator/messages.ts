/**
 * The IPC conversation between a run (run.ts) and its generator processes (process.ts).
 * A generator says `ready`, gets its `plan`, then `references` as the reference socket
 * receives frames; it sends `progress` every second, and its `result` once its window is over
 * (at the plan's end, or earlier on `stop`).
 */
import type { RestPlan } from '../rest/runner.js';
import type { Result } from '../result/schema.js';
import type { BrowserPlan } from '../sockets/browser.js';
import type { ReferenceFrame } from '../sockets/delivery.js';

/** After the window, frames still in flight get this long to arrive before the sockets close. */
export const DRAIN_MS = 1000;

export interface GeneratorPlan {
  readonly name: string;
  readonly socketUrl: string;
  readonly origin: string;
  readonly deflate: boolean;
  readonly gapMs: number;
  readonly lateMs: number;
  readonly browsers: readonly BrowserPlan[];
  /** Browsers this generator opens a second. */
  readonly rampPerSecond: number;
  readonly rest: RestPlan | null;
  /** The window, wall-clock ms: opening starts at `startAt`, the load ends at `endAt`. */
  readonly startAt: number;
  readonly endAt: number;
  /** For the result file. */
  readonly target: string;
  readonly referenceUrl: string;
  readonly scenario: Readonly<Record<string, unknown>>;
}

export type ToGenerator =
  | { readonly type: 'plan'; readonly plan: GeneratorPlan }
  | { readonly type: 'references'; readonly frames: readonly ReferenceFrame[] }
  /** End the window now (Ctrl-C): drain, close and send the result. */
  | { readonly type: 'stop' };

export interface Progress {
  readonly open: number;
  readonly browsersConnected: number;
  readonly reconnects: number;
  readonly refused: number;
  readonly frames: number;
  readonly gaps: number;
  readonly answers: number;
  readonly failed: number;
  readonly cpuSeconds: number;
}

export type FromGenerator =
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly progress: Progress }
  | { readonly type: 'result'; readonly result: Result }
  | { readonly type: 'failed'; readonly message: string };
