/**
 * Recovery: 1 000 clients on the gateway holding 300 KLINE topics between
 * them (and DAY_MARKET each), fed by the fan-out benchmark's feeder at 10 ticks/s. Three
 * faults:
 * - a clean drop — the feeder terminates every upstream socket and keeps listening: time
 *   until every client has, on every topic it holds, a frame the feeder sent after the drop
 *   (the snapshot a resubscription brings repeats pre-drop values: it does not count);
 * - a killed upstream — the feeder drops every socket and stops listening for 3 s, so every
 *   retry meanwhile is refused, then listens again on its port: time from the restart until
 *   every client has a frame sent after it on every topic;
 * - a silent upstream — the feeder stops answering pings and sending, TCP left open: time
 *   until the gateway lets that connection go.
 * The baseline is what the gateway's own settings imply for both (figures.ts).
 */
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
// The source of the built constant the gateway runs with: the package does not export it.
import { DEFAULT_PONG_DEADLINE_MS, loadConfig, PUBLIC_BACKOFF } from '@pipstream/gateway';
import { MAX_MISSED_PONGS } from '@pipstream/protocol';
import { type Feeder, startFeeder } from '../fanout/feeder.js';
import { wallClockMs } from '../fanout/frame-keys.js';
import { type LoadPool, startLoadPool } from '../fanout/load-pool.js';
import { gatewayEnv, gatewayMetrics, type RunningServer, startServer } from '../fanout/servers.js';
import type { Benchmark, BenchResult } from '../lib/results.js';
import { round } from '../lib/stats.js';
import {
  clientTopics,
  type DropRun,
  impliedTimings,
  type KillRun,
  lossesByReason,
  markdownOf,
  type RecoverySettings,
  type SilentRun,
  summarize,
} from './figures.js';

interface Plan {
  readonly clients: number;
  readonly topics: number;
  readonly drops: number;
  /** Upstream kills, each `outageMs` long. */
  readonly kills: number;
  readonly outageMs: number;
  /** 0: skipped (each takes 11–16 s by design). */
  readonly silences: number;
  /** Calm time after each recovery, so the next fault starts from a settled gateway. */
  readonly settleMs: number;
  /** Steady ticking before the first drop, to read the gateway's event-loop delay unfaulted. */
  readonly steadyMs: number;
}

const FULL: Plan = {
  clients: 1000,
  topics: 300,
  drops: 5,
  kills: 3,
  outageMs: 3000,
  silences: 3,
  settleMs: 500,
  steadyMs: 2000,
};
const QUICK: Plan = {
  clients: 100,
  topics: 300,
  drops: 1,
  kills: 1,
  outageMs: 3000,
  silences: 0,
  settleMs: 300,
  steadyMs: 500,
};

const FEED = { instruments: 300, ticksPerFrame: 16, ticksPerSecond: 10 } as const;
/** Longest wait for a recovery before it is reported as not happening. */
const DEADLINE_MS = 10_000;
const SILENT_DEADLINE_MS = 40_000;

/**
 * Resolves with the `at` of the next `event` of the feeder, or rejects after `timeoutMs`. The
 * promise counts as handled from the start: it is awaited later, perhaps after a failure.
 */
function nextEvent(feeder: Feeder, event: 'open' | 'close', timeoutMs: number): Promise<number> {
  const next = once(feeder.events, event, { signal: AbortSignal.timeout(timeoutMs) }).then(
    ([at]) => at as number,
  );
  next.catch(() => {});
  return next;
}

/** Resolves with the time the feeder's connections hold `count` topics (again). */
function resubscribed(feeder: Feeder, count: number, timeoutMs: number): Promise<number> {
  if (feeder.topicsHeld() >= count) return Promise.resolve(wallClockMs());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      feeder.events.off('sub', onSub);
      reject(new Error(`recovery: ${count} topics not held within ${timeoutMs} ms`));
    }, timeoutMs);
    function onSub(_topic: string, at: number) {
      if (feeder.topicsHeld() < count) return;
      clearTimeout(timer);
      feeder.events.off('sub', onSub);
      resolve(at);
    }
    feeder.events.on('sub', onSub);
  });
}

async function dropOnce(feeder: Feeder, pool: LoadPool, topics: number): Promise<DropRun> {
  // Right after a tick, hold the feed while the clients learn which keys are old.
  await feeder.ticks(1);
  feeder.pause(true);
  const { fresh } = await pool.watchFresh(feeder.lastKeys(), DEADLINE_MS);
  const reconnected = nextEvent(feeder, 'open', DEADLINE_MS);
  const droppedAt = wallClockMs();
  const dropped = feeder.dropAll();
  feeder.pause(false);
  const reconnectAt = await reconnected;
  const resubscribedAt = await resubscribed(feeder, topics, DEADLINE_MS);
  const result = await fresh;
  return {
    dropped,
    reconnectMs: reconnectAt - droppedAt,
    resubscribedMs: resubscribedAt - droppedAt,
    freshMs: result.at - droppedAt,
    medianClientFreshMs: result.medianAt - droppedAt,
    stale: result.stale,
    watched: result.watched,
  };
}

async function killOnce(
  feeder: Feeder,
  pool: LoadPool,
  topics: number,
  outageMs: number,
): Promise<KillRun> {
  await feeder.ticks(1);
  feeder.pause(true);
  const { fresh } = await pool.watchFresh(feeder.lastKeys(), outageMs + DEADLINE_MS);
  const killedAt = wallClockMs();
  const dropped = await feeder.kill();
  feeder.pause(false);
  await sleep(outageMs);
  const reconnected = nextEvent(feeder, 'open', DEADLINE_MS);
  await feeder.revive();
  const restartedAt = wallClockMs();
  const reconnectAt = await reconnected;
  const resubscribedAt = await resubscribed(feeder, topics, DEADLINE_MS);
  const result = await fresh;
  return {
    dropped,
    downMs: restartedAt - killedAt,
    reconnectMs: reconnectAt - restartedAt,
    resubscribedMs: resubscribedAt - restartedAt,
    freshMs: result.at - restartedAt,
    medianClientFreshMs: result.medianAt - restartedAt,
    stale: result.stale,
    watched: result.watched,
  };
}

/**
 * Silences the upstream `phaseMs` after one of the gateway's heartbeats (which beat every
 * `heartbeatMs` from its connection's opening): when the silence falls within the interval
 * decides how long detection takes, so the runs spread it evenly over the interval.
 */
async function silenceOnce(
  feeder: Feeder,
  topics: number,
  heartbeatMs: number,
  phaseMs: number,
): Promise<SilentRun> {
  const intoInterval = (wallClockMs() - feeder.lastOpenAt()) % heartbeatMs;
  await sleep((phaseMs - intoInterval + heartbeatMs) % heartbeatMs);
  const closed = nextEvent(feeder, 'close', SILENT_DEADLINE_MS);
  const reopened = nextEvent(feeder, 'open', SILENT_DEADLINE_MS + DEADLINE_MS);
  const silentAt = wallClockMs();
  feeder.silence();
  const detectedAt = await closed;
  const reconnectAt = await reopened;
  await resubscribed(feeder, topics, DEADLINE_MS);
  return { phaseMs, detectedMs: detectedAt - silentAt, reconnectMs: reconnectAt - silentAt };
}

/** The gateway's settings as its own config reads them from the environment it is given. */
function settingsOf(env: Record<string, string>): RecoverySettings {
  return {
    heartbeatMs: loadConfig(env).heartbeatMs,
    maxMissedPongs: MAX_MISSED_PONGS,
    // The gateway caps the deadline at half its heartbeat.
    pongDeadlineMs: Math.min(DEFAULT_PONG_DEADLINE_MS, loadConfig(env).heartbeatMs / 2),
    firstRetryMs: PUBLIC_BACKOFF.baseMs,
    retryCeilingMs: PUBLIC_BACKOFF.maxMs,
    tickMs: 1000 / FEED.ticksPerSecond,
  };
}

async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const feeder = await startFeeder(FEED);
  let pool: LoadPool | undefined;
  let server: RunningServer | undefined;
  try {
    // Both start at once; whichever started is stopped below even if the other failed.
    const [poolStart, serverStart] = await Promise.allSettled([
      startLoadPool(2),
      startServer('gateway', feeder),
    ]);
    if (poolStart.status === 'fulfilled') pool = poolStart.value;
    if (serverStart.status === 'fulfilled') server = serverStart.value;
    if (poolStart.status === 'rejected') throw poolStart.reason;
    if (serverStart.status === 'rejected') throw serverStart.reason;
    return await measure(plan, feeder, poolStart.value, serverStart.value);
  } finally {
    await pool?.stop();
    await server?.process.stop();
    await feeder.close();
  }
}

async function measure(
  plan: Plan,
  feeder: Feeder,
  pool: LoadPool,
  server: RunningServer,
): Promise<BenchResult> {
  const topics = clientTopics(plan.clients, feeder.codes.slice(0, plan.topics));
  const held = plan.topics + 1;
  // Connected before the feed starts: 1 000 snapshots of 300 quotes would slow the handshakes.
  const connected = await pool.connect(server.wsUrl, topics, { ping: true, record: false });
  await resubscribed(feeder, held, DEADLINE_MS);
  feeder.start();
  await sleep(plan.settleMs);
  // Each scrape resets the gateway's event-loop delay histogram: the next one covers what came
  // after it — a steady stretch first, then the drops.
  await gatewayMetrics(server);
  await sleep(plan.steadyMs);
  const steady = await gatewayMetrics(server);

  const drops: DropRun[] = [];
  for (let i = 0; i < plan.drops; i++) {
    drops.push(await dropOnce(feeder, pool, held));
    console.error(`[recovery] drop ${i + 1}/${plan.drops}: ${JSON.stringify(drops.at(-1))}`);
    await sleep(plan.settleMs);
  }
  const duringDrops = await gatewayMetrics(server);
  const kills: KillRun[] = [];
  for (let i = 0; i < plan.kills; i++) {
    kills.push(await killOnce(feeder, pool, held, plan.outageMs));
    console.error(`[recovery] kill ${i + 1}/${plan.kills}: ${JSON.stringify(kills.at(-1))}`);
    await sleep(plan.settleMs);
  }
  const settings = settingsOf(gatewayEnv(feeder, 0));
  const silences: SilentRun[] = [];
  for (let i = 0; i < plan.silences; i++) {
    const phaseMs = (settings.heartbeatMs * (i + 0.5)) / plan.silences;
    silences.push(await silenceOnce(feeder, held, settings.heartbeatMs, phaseMs));
    console.error(
      `[recovery] silent ${i + 1}/${plan.silences}: ${JSON.stringify(silences.at(-1))}`,
    );
    await sleep(plan.settleMs);
  }

  const { from, to } = impliedTimings(settings).silentDetectionMs;
  const skipped =
    plan.silences === 0
      ? `quick run: by design detection takes ${from / 1000}–${to / 1000} s (see the full run)`
      : undefined;
  const summary = summarize(drops, kills, silences, settings, skipped);
  const losses = lossesByReason(server.process.output());
  const { conflated, slowCloses } = await gatewayMetrics(server);
  const described =
    `${connected.open} clients on the gateway holding ${held} topics (DAY_MARKET and ` +
    `${plan.topics} KLINE); feed at ${FEED.ticksPerSecond} ticks/s; gateway heartbeat ` +
    `${settings.heartbeatMs} ms, a pong missed ${settings.pongDeadlineMs} ms after its ping, ` +
    `${settings.maxMissedPongs} missed pongs tolerated, first retry within ` +
    `${settings.firstRetryMs} ms, later ones within ${settings.retryCeilingMs} ms. Gateway ` +
    `logged upstream losses: ` +
    `${JSON.stringify(losses)}. Its event-loop delay, ticking steadily: p99 ` +
    `${round(steady.eventLoopLagMs.p99, 0)} ms, max ${round(steady.eventLoopLagMs.max, 0)} ms; ` +
    `during the drops: p99 ${round(duringDrops.eventLoopLagMs.p99, 0)} ms, max ` +
    `${round(duringDrops.eventLoopLagMs.max, 0)} ms.`;
  return {
    name: 'recovery',
    quick: plan === QUICK,
    params: { ...plan, feed: FEED, settings, connected },
    summary: {
      ...summary,
      upstreamLossesLogged: losses,
      gateway: {
        conflated,
        slowCloses,
        eventLoopLagMs: {
          steady: {
            p99: round(steady.eventLoopLagMs.p99, 1),
            max: round(steady.eventLoopLagMs.max, 1),
          },
          duringDrops: {
            p99: round(duringDrops.eventLoopLagMs.p99, 1),
            max: round(duringDrops.eventLoopLagMs.max, 1),
          },
        },
      },
    },
    runs: [
      ...drops.map((d) => ({ fault: 'drop', ...d })),
      ...kills.map((k) => ({ fault: 'kill', ...k })),
      ...silences.map((s) => ({ fault: 'silent', ...s })),
    ],
    markdown: markdownOf(summary, described),
  };
}

export const benchmark: Benchmark = { name: 'recovery', run };
