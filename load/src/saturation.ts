/**
 * Whether a load generator measured its target or itself. A generator whose process is busy
 * most of the time reads every frame and answer late by its own queue, and a machine whose
 * cores are all busy makes every process on it wait: either way the latencies it reports
 * are partly its own, and reading them as the server's is the mistake this module prevents.
 * The load tool (pipstream-load) and the fan-out benchmark judge their runs with it alike.
 */
import { cpus } from 'node:os';

/**
 * Past this share of one core a generator's event loop is rarely idle: a frame that arrives
 * waits behind the ones before it, and the wait is read as latency.
 */
export const GENERATOR_BUSY_LIMIT = 0.85;

/** Past this share of all its cores busy, the machine's processes wait for a core. */
export const HOST_BUSY_LIMIT = 0.95;

/** One generator process's CPU time over a window of wall time. */
export interface GeneratorCpu {
  readonly name: string;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
}

export interface Saturation {
  /** Each generator's CPU share of one core over its window. */
  readonly shares: readonly { readonly name: string; readonly share: number }[];
  /** Cores the generators used together, on average. */
  readonly coresUsed: number;
  /** Share of the machine's cores busy with anything, when measured. */
  readonly hostBusy: number | null;
  readonly saturated: boolean;
  /** Why the run is saturated, in a sentence; null when it is not. */
  readonly reason: string | null;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** Judges one machine's generators (and the machine itself, when its busy share is known). */
export function judgeSaturation(
  generators: readonly GeneratorCpu[],
  hostBusy: number | null = null,
): Saturation {
  const shares = generators.map(({ name, cpuSeconds, wallSeconds }) => ({
    name,
    share: wallSeconds > 0 ? cpuSeconds / wallSeconds : 0,
  }));
  const coresUsed = shares.reduce((sum, { share }) => sum + share, 0);
  const busy = shares.filter(({ share }) => share >= GENERATOR_BUSY_LIMIT);
  const reasons: string[] = [];
  if (busy.length > 0) {
    const named = busy.map(({ name, share }) => `${name} ${percent(share)}`).join(', ');
    reasons.push(
      `${busy.length === 1 ? 'a generator was' : 'generators were'} busy ≥ ${percent(GENERATOR_BUSY_LIMIT)} of a core (${named})`,
    );
  }
  if (hostBusy !== null && hostBusy >= HOST_BUSY_LIMIT) {
    reasons.push(`the machine's cores were ${percent(hostBusy)} busy`);
  }
  return {
    shares,
    coresUsed,
    hostBusy,
    saturated: reasons.length > 0,
    reason: reasons.length > 0 ? reasons.join('; ') : null,
  };
}

/** A reading of the machine's CPU time counters (all cores together), in ms. */
export interface HostCpuReading {
  readonly busyMs: number;
  readonly totalMs: number;
}

export function readHostCpu(): HostCpuReading {
  let busyMs = 0;
  let totalMs = 0;
  for (const { times } of cpus()) {
    const busy = times.user + times.nice + times.sys + times.irq;
    busyMs += busy;
    totalMs += busy + times.idle;
  }
  return { busyMs, totalMs };
}

/** Share of all cores busy between two readings; null when no time passed between them. */
export function hostBusyBetween(before: HostCpuReading, after: HostCpuReading): number | null {
  const total = after.totalMs - before.totalMs;
  if (total <= 0) return null;
  return Math.min(1, Math.max(0, (after.busyMs - before.busyMs) / total));
}
