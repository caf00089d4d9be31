/**
 * The load process (see load.ts for why a child process): waits for its schedule in the file
 * named by argv[2], then runs each job with autocannon's programmatic API — a warm-up whose
 * figures are dropped, then the measured window with CPU sampled around it — and prints one
 * measurement per line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuSeconds } from '../lib/processes.js';
import { type LoadJob, measurementOf } from './load.js';

/** autocannon ends a run on its next sample tick: every 100 ms, not every second (default). */
const SAMPLE_MS = 100;

function load(job: LoadJob, seconds: number) {
  return autocannon({
    url: job.url,
    headers: { ...job.headers },
    connections: job.connections,
    duration: seconds,
    sampleInt: SAMPLE_MS,
  });
}

/** CPU seconds used so far by each role's processes. */
function cpuByRole(job: LoadJob): Record<string, number> {
  return Object.fromEntries(
    Object.entries(job.cpuPids).map(([role, pids]) => [
      role,
      pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    ]),
  );
}

/** How long the schedule may take to arrive: the targets start meanwhile. */
const SCHEDULE_WAIT_MS = 120_000;

async function schedule(file: string): Promise<LoadJob[]> {
  const deadline = Date.now() + SCHEDULE_WAIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) {
      throw new Error(`no schedule in ${file} after ${SCHEDULE_WAIT_MS} ms`);
    }
    await sleep(20);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as LoadJob[];
}

async function main() {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: load-process.ts <schedule.json>');
  const jobs = await schedule(file);
  for (const job of jobs) {
    if (job.warmupSeconds > 0) await load(job, job.warmupSeconds);
    const before = cpuByRole(job);
    const loaderBefore = process.cpuUsage();
    const result = await load(job, job.durationSeconds);
    const loaderUsed = process.cpuUsage(loaderBefore);
    const after = cpuByRole(job);
    const cpu = Object.fromEntries(
      Object.keys(after).map((role) => [role, (after[role] ?? 0) - (before[role] ?? 0)]),
    );
    const loaderCpuSeconds = (loaderUsed.user + loaderUsed.system) / 1e6;
    console.log(JSON.stringify(measurementOf(job.id, result, cpu, loaderCpuSeconds)));
  }
}

await main();
