/**
 * Worker processes a benchmark talks to while they run (load clients, for instance): like
 * `processes.ts`'s `start`, but with an IPC channel for commands and replies. Started with
 * tsx so a worker can be a TypeScript file; always stopped by its PID, also on error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A reply a worker sends: a plain object with a `type`. */
export interface WorkerMessage {
  readonly type: string;
}

/** A running worker: its PID, how to command it, how to wait for its replies, how to stop it. */
export interface Worker<Command, Reply extends WorkerMessage> {
  readonly child: ChildProcess;
  readonly pid: number;
  send(command: Command): void;
  /**
   * The first reply of `type` not taken yet (replies wait in order until someone asks).
   * Rejects after `timeoutMs`, or when the worker exits first.
   */
  next<T extends Reply['type']>(type: T, timeoutMs?: number): Promise<Extract<Reply, { type: T }>>;
  /** What it wrote to stdout and stderr lately (for error messages). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<{ stop(): Promise<void> }>();

/** tsx's loader, resolved once from the bench workspace rather than from the cwd. */
const TSX = import.meta.resolve('tsx');

/** Starts `script` (a .ts file) in a Node process with an IPC channel and `env` added. */
export function startWorker<Command, Reply extends WorkerMessage>(
  script: URL,
  env: Readonly<Record<string, string>> = {},
): Worker<Command, Reply> {
  const child = spawn(process.execPath, ['--import', TSX, fileURLToPath(script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${script.pathname}`);
  const pid = child.pid;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const inbox: Reply[] = [];
  const waiters = new Set<{ type: string; resolve(reply: Reply): void; reject(e: Error): void }>();
  child.on('message', (message: Reply) => {
    for (const waiter of waiters) {
      if (waiter.type !== message.type) continue;
      waiters.delete(waiter);
      waiter.resolve(message);
      return;
    }
    inbox.push(message);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      const error = new Error(
        `worker ${pid} exited (${signal ?? code}) while a reply was awaited:\n${output}`,
      );
      for (const waiter of waiters) waiter.reject(error);
      waiters.clear();
      resolve();
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;

  const worker: Worker<Command, Reply> = {
    child,
    pid,
    send(command) {
      if (alive() && child.connected) child.send(command as object);
    },
    next(type, timeoutMs = 60_000) {
      const queued = inbox.findIndex((reply) => reply.type === type);
      if (queued >= 0) {
        const [reply] = inbox.splice(queued, 1);
        return Promise.resolve(reply as Extract<Reply, { type: typeof type }>);
      }
      if (!alive()) return Promise.reject(new Error(`worker ${pid} has exited:\n${output}`));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`worker ${pid}: no "${type}" within ${timeoutMs} ms\n${output}`));
        }, timeoutMs);
        const waiter = {
          type,
          resolve: (reply: Reply) => {
            clearTimeout(timer);
            resolve(reply as Extract<Reply, { type: typeof type }>);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    output: () => output,
    async stop(graceMs = 5_000) {
      running.delete(worker);
      if (!alive()) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (alive()) process.kill(pid, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(worker);
  return worker;
}

/** Stops every worker `startWorker` began that is still running (a benchmark's `finally`). */
export async function stopWorkers(): Promise<void> {
  await Promise.all([...running].map((worker) => worker.stop()));
}
