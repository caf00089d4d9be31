/**
 * The run's side of its generator processes: started with an IPC channel, told their plans,
 * fed reference frames, asked to stop, and always ended by their PID — also when the run
 * fails half-way.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Result } from '../result/schema.js';
import type { ReferenceFrame } from '../sockets/delivery.js';
import type { FromGenerator, GeneratorPlan, Progress } from './messages.js';

/** From the sources (tests, a developer's tsx) the child runs TypeScript through tsx too. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = fileURLToPath(new URL(`./process.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url));
const READY_WITHIN_MS = 30_000;

export interface Generator {
  readonly pid: number;
  /** The latest progress it sent. */
  progress: Progress | undefined;
}

export interface GeneratorPool {
  readonly generators: readonly Generator[];
  start(plans: readonly GeneratorPlan[]): void;
  references(frames: readonly ReferenceFrame[]): void;
  stop(): void;
  /** Each generator's result, once its window is over; rejects if one fails or exits. */
  results(timeoutMs: number): Promise<Result[]>;
  /** Lets every process leave (they exit once the channel closes); kills laggards by PID. */
  close(): Promise<void>;
  /** Ends every process still running, by its PID. */
  kill(): void;
}

/** How long a generator may take to leave once told. */
const LEAVE_WITHIN_MS = 5000;

export async function startGenerators(count: number): Promise<GeneratorPool> {
  const children: ChildProcess[] = [];
  const generators: Generator[] = [];
  const results: Promise<Result>[] = [];
  const kill = () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(child.pid, 'SIGKILL');
      }
    }
  };
  try {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const child = fork(ENTRY, [], {
        execArgv: FROM_SOURCE ? ['--import', import.meta.resolve('tsx')] : [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      if (child.pid === undefined) throw new Error('a generator process did not start');
      children.push(child);
      const generator: Generator = { pid: child.pid, progress: undefined };
      generators.push(generator);
      const exited = new Promise<never>((_, reject) => {
        child.once('exit', (code, signal) =>
          reject(new Error(`generator ${i + 1} (pid ${child.pid}) exited (${signal ?? code})`)),
        );
      });
      exited.catch(() => {});
      ready.push(
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`generator ${i + 1} was not ready in ${READY_WITHIN_MS} ms`)),
            READY_WITHIN_MS,
          );
          child.on('message', (message: FromGenerator) => {
            if (message.type !== 'ready') return;
            clearTimeout(timer);
            resolve();
          });
          exited.catch((error: unknown) => {
            clearTimeout(timer);
            reject(error);
          });
        }),
      );
      const result = new Promise<Result>((resolve, reject) => {
        child.on('message', (message: FromGenerator) => {
          if (message.type === 'progress') generator.progress = message.progress;
          if (message.type === 'result') resolve(message.result);
          if (message.type === 'failed')
            reject(new Error(`generator ${i + 1} failed: ${message.message}`));
        });
        exited.catch(reject);
      });
      result.catch(() => {});
      results.push(result);
    }
    await Promise.all(ready);
  } catch (error) {
    kill();
    throw error;
  }
  const sendAll = (message: object) => {
    for (const child of children) if (child.connected) child.send(message);
  };
  return {
    generators,
    start(plans) {
      for (const [i, plan] of plans.entries()) children[i]?.send({ type: 'plan', plan });
    },
    references(frames) {
      if (frames.length > 0) sendAll({ type: 'references', frames });
    },
    stop() {
      sendAll({ type: 'stop' });
    },
    async results(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result from the generators in ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([Promise.all(results), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const gone = children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else child.once('exit', () => resolve());
          }),
      );
      for (const child of children) if (child.connected) child.disconnect();
      const timer = setTimeout(kill, LEAVE_WITHIN_MS);
      await Promise.all(gone);
      clearTimeout(timer);
    },
    kill,
  };
}
