import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * A file descriptor to write stdout to, instead of a pipe: nginx opens `/dev/stdout` by name,
   * which fails on the socket Node gives a child for a pipe but works on a file.
   */
  readonly stdoutFd?: number;
}

/**
 * Starts `command` with `args`, its environment being PATH plus `env` only, so nothing of the
 * test runner's environment leaks into it.
 */
export function start(name: string, command: string, args: string[], options: StartOptions = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', options.stdoutFd ?? 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const started: Started = {
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
  return started;
}

/** Resolves with the first capture of `pattern` in the process's stdout. */
export async function printed(process: Started, pattern: RegExp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(process.stdout());
    if (match?.[1]) return match[1];
    if (!process.running || Date.now() > deadline) {
      throw new Error(
        `${process.name} did not print ${pattern}\nstdout: ${process.stdout()}\nstderr: ${process.stderr()}`,
      );
    }
    await sleep(25);
  }
}

/**
 * Stops `process` by its PID: `signal` first, SIGKILL when it has not exited within
 * `graceMs`. Resolves how it ended.
 */
export async function stop(process: Started, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000) {
  if (!process.running) return process.exited;
  globalThis.process.kill(process.pid, signal);
  const timer = setTimeout(() => {
    if (process.running) globalThis.process.kill(process.pid, 'SIGKILL');
  }, graceMs);
  const how = await process.exited;
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
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls `read` until `accept` takes its value, or fails after `timeoutMs` naming `what` (text,
 * or a function giving it then, e.g. with a process's output) and the last value read.
 * Resolves the accepted value.
 */
export async function until<T>(
  what: string | (() => string),
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let failure: unknown;
  for (;;) {
    try {
      last = await read();
      failure = undefined;
      if (accept(last)) return last;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      const seen = failure === undefined ? JSON.stringify(last) : String(failure);
      const described = typeof what === 'string' ? what : what();
      throw new Error(`${described}: not within ${timeoutMs} ms (last: ${seen})`);
    }
    await sleep(50);
  }
}
