/**
 * Child processes of a test or a benchmark: started with a known environment, their output
 * captured, waited for on free 127.0.0.1 ports, and stopped by their PID (never by name).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { sleep } from './wait.js';

/** A process the test started: its output so far, and how it ended. */
export interface Started {
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number;
  stdout(): string;
  stderr(): string;
  /** The exit code (or the signal's name when a signal ended it). */
  readonly exited: Promise<number | string>;
  readonly running: boolean;
}

export interface StartOptions {
  /** Added to the environment, which is otherwise PATH alone (or all of ours: `inherit`). */
  readonly env?: Readonly<Record<string, string>>;
  /** Start from this process's whole environment rather than PATH alone. */
  readonly inherit?: boolean;
  readonly cwd?: string;
  /**
   * A file descriptor to write stdout to, instead of a pipe: nginx opens `/dev/stdout` by name,
   * which fails on the socket Node gives a child for a pipe but works on a file.
   */
  readonly stdoutFd?: number;
}

/** The last part of each stream kept: enough to explain a failure, bounded for long runs. */
const KEPT_CHARS = 1 << 20;

/**
 * Starts `command` with `args`, its environment being PATH plus `env` only (unless `inherit`),
 * so nothing of the test runner's environment leaks into it.
 */
export function start(
  name: string,
  command: string,
  args: readonly string[],
  options: StartOptions = {},
): Started {
  const base = options.inherit ? process.env : { PATH: process.env.PATH ?? '' };
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...base, ...options.env },
    stdio: ['ignore', options.stdoutFd ?? 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-KEPT_CHARS);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-KEPT_CHARS);
  });
  let running = child.exitCode === null && child.signalCode === null;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return {
    name,
    child,
    pid: child.pid,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    get running() {
      return running;
    },
  };
}

/** Resolves with the first capture of `pattern` in the process's stdout. */
export async function printed(started: Started, pattern: RegExp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(started.stdout());
    if (match?.[1]) return match[1];
    if (!started.running || Date.now() > deadline) {
      throw new Error(
        `${started.name} did not print ${pattern}\nstdout: ${started.stdout()}\nstderr: ${started.stderr()}`,
      );
    }
    await sleep(25);
  }
}

/**
 * Stops `started` by its PID: `signal` first, SIGKILL when it has not exited within
 * `graceMs`. Resolves how it ended.
 */
export async function stop(started: Started, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000) {
  if (!started.running) return started.exited;
  process.kill(started.pid, signal);
  const timer = setTimeout(() => {
    if (started.running) process.kill(started.pid, 'SIGKILL');
  }, graceMs);
  const how = await started.exited;
  clearTimeout(timer);
  return how;
}

/** A TCP port free on 127.0.0.1 right now (for a program that cannot be told port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
