/**
 * Fan-out: N browser-like clients subscribed to DAY_MARKET at 10 frames/s of
 * ~2 KB, through the gateway with every client compressing (permessage-deflate, as browsers
 * offer it), through the gateway with no client compressing, and through a raw ws relay of
 * the same feed, runs interleaved. Each run
 * starts a fresh feeder and server (the client processes serve every run) and measures, in
 * order: server RSS with no client (after a first wave of clients came and went), RSS with N
 * idle clients, the upstream connections the
 * feeder sees, then after a warm-up a window of frames: frames delivered (by key; a frame
 * counts if it arrives by the end of the drain after the window), server CPU, and send →
 * receipt latency of the delivered frames.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostBusyBetween, judgeSaturation, readHostCpu } from '@pipstream/load/saturation';
import { waitFor } from '../../protocol/src/test-support/index.js';
import { cpuSeconds, rssBytes, writtenBytes } from '../lib/processes.js';
import type { Benchmark, BenchResult } from '../lib/results.js';
import { round } from '../lib/stats.js';
import { startFeeder } from './feeder.js';
import {
  compareAt,
  marginalRssKiB,
  markdownOf,
  type RunFigures,
  type RunKind,
  runFigures,
} from './figures.js';
import { wallClockMs } from './frame-keys.js';
import { type LoadPool, startLoadPool } from './load-pool.js';
import { createBenchMarket } from './market.js';
import { gatewayMetrics, type RunningServer, startServer } from './servers.js';
import { type WindowPlan, windowFrames } from './window.js';

interface Plan {
  readonly clients: readonly number[];
  readonly runs: number;
  /** Idle time before each RSS reading. */
  readonly settleMs: number;
  readonly warmupMs: number;
  /** The measured window: its shortest length and the deliveries it holds (window.ts). */
  readonly window: WindowPlan;
  /** Time after the last tick for late frames to arrive. */
  readonly drainMs: number;
  /** Load-client processes sharing the sockets. */
  readonly processes: number;
}

const FULL: Plan = {
  clients: [1000, 5000],
  runs: 5,
  settleMs: 300,
  // A fresh server is still compiling its hot paths (on its own CPU time) for a while.
  warmupMs: 1000,
  // 2 s at 5 000 clients, 5 s at 1 000.
  window: { minMs: 2000, minDeliveries: 50_000 },
  drainMs: 1000,
  processes: 2,
};

const QUICK: Plan = {
  clients: [200],
  runs: 1,
  settleMs: 200,
  warmupMs: 300,
  window: { minMs: 1000, minDeliveries: 0 },
  drainMs: 300,
  processes: 2,
};

/** Clients of the wave connected and closed before a run's RSS is read (at most N). */
const WARMUP_CLIENTS = 1000;

/** 60 instruments, 16 ticks a frame (~2 KB), 10 frames a second. */
const FEED = { instruments: 60, ticksPerFrame: 16, ticksPerSecond: 10 } as const;

/** A server's graceful shutdown is not measured: this long, then SIGKILL. */
const STOP_GRACE_MS = 1000;

/** The soft limit on open files: the server holds one per client. */
function openFileLimit(): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1] ?? 1024);
}

async function measureRun(
  kind: RunKind,
  clients: number,
  plan: Plan,
  poolStarting: Promise<LoadPool>,
): Promise<RunFigures> {
  const feeder = await startFeeder(FEED);
  let server: RunningServer | undefined;
  let pool: LoadPool | undefined;
  const gateway = kind !== 'raw';
  try {
    // The same gateway, as shipped, for both gateway runs: only its clients differ.
    server = await startServer(gateway ? 'gateway' : 'raw', feeder);
    const { pid } = server.process;
    pool = await poolStarting;

    const topics = gateway ? ['DAY_MARKET'] : [];
    // Both servers get the browser heartbeat (the raw one answers it too): the gateway must
    // answer it by protocol, and each `ping` read and `pong` written costs the server CPU —
    // left out of the baseline, 1 000 clients' pings were most of the gap in msg per CPU-second.
    const { wsUrl } = server;
    const started = pool;
    const wave = (count: number) =>
      started.connect(
        wsUrl,
        Array.from({ length: count }, () => topics),
        { ping: true, record: true, deflate: kind === 'compressed' },
      );
    // A first wave, connected and closed before RSS is read: a fresh process grows its heap
    // once for its first connections (the young generation fills with handshake garbage up to
    // its full size), which is no cost of an idle connection.
    await wave(Math.min(clients, WARMUP_CLIENTS));
    await started.disconnect();
    await sleep(plan.settleMs);
    const rssBeforeBytes = rssBytes(pid);
    const connected = await wave(clients);
    await waitFor(
      () => feeder.holders('DAY_MARKET') > 0,
      'fanout: DAY_MARKET subscribed upstream',
      10_000,
      20,
    );
    await sleep(plan.settleMs);
    const rssIdleBytes = rssBytes(pid);
    const upstreamConnections = feeder.openConnections();
    const upstreamGauge = gateway ? (await gatewayMetrics(server)).upstreamPublic : null;

    // The window is counted in frames, not in ms: every run measures the same frames.
    const perMs = FEED.ticksPerSecond / 1000;
    const frames = windowFrames(plan.window, clients, FEED.ticksPerSecond);
    feeder.start();
    await feeder.ticks(plan.warmupMs * perMs);
    feeder.clearLog();
    const cpuAtStart = cpuSeconds(pid);
    const writtenAtStart = writtenBytes(pid);
    const clientCpuAtStart = pool.cpuSeconds();
    const eachClientAtStart = pool.cpuSecondsEach();
    const hostAtStart = readHostCpu();
    const ticksFrom = performance.now();
    await feeder.ticks(frames);
    feeder.stop();
    // The load clients judged over the ticks, as the load tool judges its generators: busy
    // clients read frames late, and the lateness would pass for the server's.
    const ticksSeconds = (performance.now() - ticksFrom) / 1000;
    const eachClient = pool.cpuSecondsEach();
    const generators = judgeSaturation(
      eachClient.map((seconds, i) => ({
        name: `client process ${i + 1}`,
        cpuSeconds: seconds - (eachClientAtStart[i] ?? 0),
        wallSeconds: ticksSeconds,
      })),
      hostBusyBetween(hostAtStart, readHostCpu()),
    );
    const sentAt = [...feeder.sentAt];
    await sleep(plan.drainMs);
    const deadline = wallClockMs();
    const cpu = cpuSeconds(pid) - cpuAtStart;
    const written = writtenBytes(pid) - writtenAtStart;
    const clientCpu = pool.cpuSeconds() - clientCpuAtStart;
    const conflated = gateway ? (await gatewayMetrics(server)).conflated : null;

    const report = await pool.report(sentAt, deadline);
    return runFigures({
      kind,
      clients,
      connected: connected.open,
      ticks: sentAt.length,
      received: report.received,
      windowSeconds: frames / FEED.ticksPerSecond,
      cpuSeconds: cpu,
      clientCpuSeconds: clientCpu,
      generators,
      writtenBytes: written,
      p50Ms: report.latency.quantile(0.5),
      p99Ms: report.latency.quantile(0.99),
      rssBeforeBytes,
      rssIdleBytes,
      upstreamConnections,
      upstreamGauge,
      closes: report.closes,
      conflated,
    });
  } finally {
    try {
      await pool?.disconnect();
    } finally {
      await server?.process.stop(STOP_GRACE_MS);
      await feeder.close();
    }
  }
}

/** One line per run on stderr, so a long run shows it is alive. */
function logRun(run: RunFigures, index: number, plan: Plan) {
  const figures = [
    `${round(run.messagesPerSecond, 0)} msg/s`,
    `delivered ${round(run.delivered, 5)}`,
    `${round(run.messagesPerCpuSecond, 0)} msg/CPU-s`,
    `p50 ${run.p50Ms} ms`,
    `p99 ${run.p99Ms} ms`,
    `${round(run.rssPerConnectionKiB, 2)} KiB/conn`,
    `${round(run.bytesPerMessage, 0)} B/msg`,
    `upstream ${run.upstreamConnections}`,
    `server ${round(run.cpuSeconds, 2)} / clients ${round(run.clientCpuSeconds, 2)} CPU-s`,
    `clients ${run.generators.shares.map(({ share }) => `${Math.round(share * 100)} %`).join(' ')} of a core`,
    ...(run.generators.saturated ? [`SATURATED: ${run.generators.reason}`] : []),
    ...(run.conflated === null ? [] : [`conflated ${run.conflated}`]),
  ];
  console.error(
    `[fanout] ${run.kind} × ${run.clients} run ${index + 1}/${plan.runs}: ${figures.join(', ')}`,
  );
}

async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const needed = Math.max(...plan.clients) + 200;
  if (openFileLimit() < needed) {
    throw new Error(`fanout needs ${needed} open files per process: raise \`ulimit -n\``);
  }
  const runs: RunFigures[] = [];
  // One set of client processes serves every run, subject and baseline alike; they start while
  // the first server does.
  const pool = startLoadPool(plan.processes);
  pool.catch(() => {}); // Awaited in the first run; this only keeps Node from calling it unhandled.
  try {
    for (const clients of plan.clients) {
      for (let index = 0; index < plan.runs; index++) {
        // Interleaved: the subjects, then the baseline, so all see the same machine weather.
        for (const kind of ['compressed', 'gateway', 'raw'] as const) {
          const figures = await measureRun(kind, clients, plan, pool);
          logRun(figures, index, plan);
          runs.push(figures);
        }
      }
    }
  } finally {
    await pool.then(
      (started) => started.stop(),
      () => undefined,
    );
  }
  const comparisons = plan.clients.map((clients) => compareAt(clients, runs));
  const marginal = marginalRssKiB(runs);
  const params = {
    ...plan,
    feed: FEED,
    frameBytes: createBenchMarket(FEED).dayMarket(Date.now()).length,
    gatewayConfig: 'defaults, MAX_CONNECTIONS_PER_IP=1000000, LOG_LEVEL=warn',
    compressingClients: 'ws offering `permessage-deflate; client_max_window_bits`, as Chromium',
  };
  const windows = plan.clients
    .map((clients) => {
      const seconds = windowFrames(plan.window, clients, FEED.ticksPerSecond) / FEED.ticksPerSecond;
      return `${seconds} s at ${clients}`;
    })
    .join(', ');
  const described =
    `${plan.runs} run(s) each of the gateway with every client compressing (permessage-deflate ` +
    `offered as Chromium offers it; "compressed"), the same gateway with no client compressing ` +
    `("gateway") and raw ws, interleaved; ${FEED.ticksPerSecond} DAY_MARKET ` +
    `frames/s of ${params.frameBytes} bytes; ${plan.warmupMs / 1000} s warm-up, measured ${windows} clients, ` +
    `${plan.drainMs / 1000} s drain; clients in ${plan.processes} processes, each sending the ` +
    `browser heartbeat to either server (a first one at open; compressing clients compress it, ` +
    `as Chromium does); RSS per connection read after a first wave of up to ` +
    `${WARMUP_CLIENTS} clients came and went. A compressing client's inflation is done once per ` +
    `distinct frame per client process (shared-inflation.ts of @pipstream/load): the server's work is unchanged.`;
  return {
    name: 'fanout',
    quick,
    params,
    summary: {
      ...Object.fromEntries(comparisons.map((c) => [`clients${c.clients}`, c])),
      ...(marginal && { marginalRssPerConnectionKiB: marginal }),
    },
    runs,
    markdown: markdownOf(comparisons, marginal, described),
  };
}

export const benchmark: Benchmark = { name: 'fanout', run };
