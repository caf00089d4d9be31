/**
 * The benchmark's side of the load clients: a few processes (load-clients.ts) sharing the
 * sockets between them, so that receiving never competes with the server inside one process.
 */
import { cpuSeconds } from '../lib/processes.js';
import { LatencyHistogram, median } from '../lib/stats.js';
import { startWorker, type Worker } from '../lib/workers.js';
import type { LastKeys } from './feeder.js';
import type { LoadCommand, LoadReply } from './load-commands.js';

const LOAD_CLIENTS = new URL('./load-clients.ts', import.meta.url);

/** Handshakes in flight per process: a burst of thousands would overflow the accept queue. */
const CONCURRENCY = 64;

export interface ConnectOptions {
  /** The browser heartbeat (gateway) or none (raw ws). */
  readonly ping: boolean;
  /** Keep every DAY_MARKET arrival for `report`. */
  readonly record: boolean;
  /** Offer permessage-deflate, as browsers do (default: offer nothing). */
  readonly deflate?: boolean;
}

/** Splits `items` into `parts` runs of near-equal length, in order. */
export function split<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, part) => {
    const from = Math.floor((items.length * part) / parts);
    return items.slice(from, Math.floor((items.length * (part + 1)) / parts));
  });
}

/** Starts `processes` load-client processes and waits until each listens for commands. */
export async function startLoadPool(processes: number) {
  const workers: Worker<LoadCommand, LoadReply>[] = [];
  const stop = () => Promise.all(workers.map((worker) => worker.stop()));
  try {
    for (let i = 0; i < processes; i++) workers.push(startWorker(LOAD_CLIENTS));
    await Promise.all(workers.map((worker) => worker.next('ready', 30_000)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    /**
     * Opens one socket per entry of `topics` (each entry: that socket's topics) at `url`,
     * shared among the processes. Resolves with the sockets open and the handshakes failed.
     */
    async connect(url: string, topics: readonly (readonly string[])[], options: ConnectOptions) {
      const shares = split(topics, workers.length);
      workers.forEach((worker, i) => {
        worker.send({
          type: 'connect',
          url,
          topics: shares[i] ?? [],
          concurrency: CONCURRENCY,
          deflate: false,
          ...options,
        });
      });
      const replies = await Promise.all(workers.map((worker) => worker.next('connect', 120_000)));
      return {
        open: replies.reduce((sum, r) => sum + r.open, 0),
        failed: replies.reduce((sum, r) => sum + r.failed, 0),
        ms: Math.max(...replies.map((r) => r.ms)),
      };
    },

    /**
     * Counts and latencies of the frames sent at `sentAt` ([key, send time] pairs) that
     * arrived by `until` (wallClockMs).
     */
    async report(sentAt: readonly (readonly [number, number])[], until: number) {
      for (const worker of workers) worker.send({ type: 'report', sentAt, until });
      const replies = await Promise.all(workers.map((worker) => worker.next('report', 60_000)));
      const latency = new LatencyHistogram();
      const closes: Record<string, number> = {};
      for (const reply of replies) {
        latency.merge(reply.latency);
        for (const [code, count] of Object.entries(reply.closes)) {
          closes[code] = (closes[code] ?? 0) + count;
        }
      }
      return {
        received: replies.reduce((sum, r) => sum + r.received, 0),
        open: replies.reduce((sum, r) => sum + r.open, 0),
        latency,
        closes,
      };
    },

    /**
     * Starts watching for frames newer than `after` and resolves once every process watches;
     * `fresh` then resolves when every socket had one on each of its topics (or the deadline).
     */
    async watchFresh(after: LastKeys, deadlineMs: number) {
      for (const worker of workers) worker.send({ type: 'fresh', after, deadlineMs });
      await Promise.all(workers.map((worker) => worker.next('armed', 10_000)));
      const fresh = Promise.all(workers.map((w) => w.next('fresh', deadlineMs + 10_000))).then(
        (replies) => {
          const freshAt = replies.flatMap((r) => r.freshAt);
          const stale = replies.reduce((sum, r) => sum + r.stale, 0);
          return {
            /** When the last socket had fresh frames on all its topics; NaN if one never did. */
            at: stale > 0 ? Number.NaN : Math.max(...freshAt),
            /** When half the sockets had. */
            medianAt: median(freshAt),
            stale,
            watched: replies.reduce((sum, r) => sum + r.watched, 0),
          };
        },
      );
      fresh.catch(() => {}); // The caller awaits it, perhaps only after failing elsewhere.
      return { fresh };
    },

    /** CPU seconds the client processes have used so far, together. */
    cpuSeconds: () => workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid), 0),

    /** CPU seconds each client process has used so far. */
    cpuSecondsEach: () => workers.map((worker) => cpuSeconds(worker.pid)),

    /** Drops every socket of every process. */
    async disconnect() {
      for (const worker of workers) worker.send({ type: 'disconnect' });
      await Promise.all(workers.map((worker) => worker.next('disconnect', 30_000)));
    },

    stop,
  };
}

export type LoadPool = Awaited<ReturnType<typeof startLoadPool>>;
