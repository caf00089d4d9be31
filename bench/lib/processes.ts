/**
 * Child processes of a benchmark: started on free 127.0.0.1 ports, waited for, and always
 * stopped by their PID (never by name), also when the benchmark fails half-way.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  freePort,
  start as startProcess,
  stop as stopProcess,
} from '../../protocol/src/test-support/index.js';

export { freePort };

/** A started child process: its PID, its output so far, and how to stop it. */
export interface Started {
  readonly child: ChildProcess;
  readonly pid: number;
  /** What it wrote to stdout, then to stderr (for error messages). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<Started>();

let guarded = false;

/**
 * Once per process: if the benchmark itself ends early (Ctrl-C, a kill, a crash), its children
 * are killed by PID on the way out rather than left listening on the machine.
 */
function guardExit(): void {
  if (guarded) return;
  guarded = true;
  process.once('exit', () => {
    for (const started of running) {
      try {
        process.kill(started.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/**
 * Starts `command args` with `env` added to this process's environment (the shared `start`,
 * remembered so that `stopAll` and an early exit stop it).
 */
export function start(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Started {
  const process_ = startProcess(basename(command), command, args, { env, inherit: true });
  guardExit();
  const started: Started = {
    child: process_.child,
    pid: process_.pid,
    // The last 64 KB of each is enough to explain a failure.
    output: () => `${process_.stdout().slice(-65_536)}${process_.stderr().slice(-65_536)}`,
    async stop(graceMs = 5_000) {
      running.delete(started);
      await stopProcess(process_, 'SIGTERM', graceMs);
    },
  };
  running.add(started);
  return started;
}

/** Stops every process `start` began that is still running (a benchmark's `finally`). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((started) => started.stop()));
}

/** Waits until `url` answers 2xx, or throws after `timeoutMs` with the process's output. */
export async function waitForHttp(url: string, owner?: Started, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (owner && (owner.child.exitCode !== null || owner.child.signalCode !== null)) {
      throw new Error(`${url}: the process exited:\n${owner.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms\n${owner?.output() ?? ''}`);
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return (user + system) / CLOCK_TICKS;
}

/** Resident memory of a process in bytes, from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kib === undefined ? Number.NaN : Number(kib) * 1024;
}

/**
 * Bytes a process has handed to write(2) and its kin so far (sockets included), from
 * /proc/<pid>/io: for a server that logs nothing, what it put on the wire.
 */
export function writtenBytes(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const bytes = /^wchar:\s+(\d+)/m.exec(io)?.[1];
  return bytes === undefined ? Number.NaN : Number(bytes);
}

/** Every live process below `root` (children, theirs, …), with its command name. */
export function descendants(root: number): { pid: number; command: string }[] {
  const parents = new Map<number, number[]>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      const pid = Number(entry);
      commands.set(pid, stat.slice(stat.indexOf('(') + 1, close));
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: { pid: number; command: string }[] = [];
  const queue = [...(parents.get(root) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    found.push({ pid, command: commands.get(pid) ?? '' });
    queue.push(...(parents.get(pid) ?? []));
  }
  return found;
}
