/**
 * The load generator's contract: the schedule the benchmark hands to the load process, and the
 * one line per measurement it prints back.
 *
 * autocannon runs in a child process of its own (`load-process.ts`), not in the benchmark's
 * process nor in a worker thread: it gets an event loop to itself, competes for the machine's
 * 2 cores as one more process, and is the very same for all three targets. The whole
 * interleaved schedule goes to one child, started once, so that no measurement pays for
 * starting Node, tsx and autocannon.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { start } from '../lib/processes.js';

/** One measurement: warm up, then load `url` for `durationSeconds` and sample CPU around it. */
export interface LoadJob {
  /** Echoed back in the measurement (`run:call:target`). */
  readonly id: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  /** Load before the measured window (JIT, pools, caches); its figures are dropped. */
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  /** The processes whose CPU time is sampled around the measured window, by role. */
  readonly cpuPids: Readonly<Record<string, readonly number[]>>;
}

/** What the load process prints for a job: one JSON line. */
export interface LoadMeasurement {
  readonly id: string;
  /** Answers received in the measured window (any status). */
  readonly requests: number;
  readonly seconds: number;
  /** autocannon's latency quantiles in ms (of the 2xx answers). */
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Connection errors, timeouts included. */
  readonly errors: number;
  readonly timeouts: number;
  /** CPU seconds each role's processes used in the measured window. */
  readonly cpuSeconds: Readonly<Record<string, number>>;
  /** CPU seconds the load process itself used in the measured window. */
  readonly loaderCpuSeconds: number;
}

/** The parts of an autocannon result a measurement keeps. */
export type LoadResult = Pick<autocannon.Result, 'duration' | 'non2xx' | 'errors' | 'timeouts'> & {
  readonly requests: Pick<autocannon.Result['requests'], 'total'>;
  readonly latency: Pick<autocannon.Result['latency'], 'p50' | 'p99'>;
};

/** A job's measurement from autocannon's result and the CPU seconds sampled around it. */
export function measurementOf(
  id: string,
  result: LoadResult,
  cpuSeconds: Readonly<Record<string, number>>,
  loaderCpuSeconds: number,
): LoadMeasurement {
  return {
    id,
    requests: result.requests.total,
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuSeconds,
    loaderCpuSeconds,
  };
}

const LOAD_PROCESS = fileURLToPath(new URL('./load-process.ts', import.meta.url));
/** tsx's loader by absolute URL: the child finds it whatever the working directory. */
const TSX = import.meta.resolve('tsx');

/** The load process, started ahead of its schedule. */
export interface Loader {
  /**
   * Hands `jobs` over and resolves one measurement per job, in order; `onLine` sees each as it
   * arrives. Rejects past `timeoutMs` or when the process fails. Once only.
   */
  run(
    jobs: readonly LoadJob[],
    timeoutMs: number,
    onLine?: (measurement: LoadMeasurement) => void,
  ): Promise<LoadMeasurement[]>;
  /** Stops the process by its PID if it still runs, and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts the load process before the schedule is known, so that loading Node, tsx and
 * autocannon overlaps with starting the targets. It waits for its schedule in a file: written
 * elsewhere, then renamed into place, so that it never reads half of one.
 */
export async function startLoader(): Promise<Loader> {
  const dir = await mkdtemp(join(tmpdir(), 'pipstream-bench-load-'));
  const jobsFile = join(dir, 'jobs.json');
  const loader = start(process.execPath, ['--import', TSX, LOAD_PROCESS, jobsFile]);
  const measurements: LoadMeasurement[] = [];
  let onLine: (measurement: LoadMeasurement) => void = () => {};
  const lines = createInterface({ input: loader.child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return;
    const measurement = JSON.parse(line) as LoadMeasurement;
    measurements.push(measurement);
    onLine(measurement);
  });
  // 'close', not 'exit': by then its output has been read to the last line.
  const closed = new Promise<number | null>((resolve) => loader.child.once('close', resolve));

  return {
    async run(jobs, timeoutMs, callback = () => {}) {
      onLine = callback;
      await writeFile(`${jobsFile}.part`, JSON.stringify(jobs));
      await rename(`${jobsFile}.part`, jobsFile);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the load process took over ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      const exitCode = await Promise.race([closed, late]).finally(() => clearTimeout(timer));
      if (exitCode !== 0 || measurements.length !== jobs.length) {
        throw new Error(
          `the load process exited with ${exitCode} after ${measurements.length} of ${jobs.length} measurements:\n${loader.output()}`,
        );
      }
      return measurements;
    },
    async stop() {
      await loader.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
