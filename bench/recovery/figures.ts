/**
 * The recovery benchmark's pure parts: which topics each client holds, what the gateway's
 * configuration implies for the two recoveries (the baseline the figures are read against),
 * and the medians and Targets of the measured ones.
 */
import { klineTopic } from '@pipstream/protocol';
import { table } from '../lib/results.js';
import { median, round } from '../lib/stats.js';

/**
 * Each client's topics: DAY_MARKET, as every quote screen holds, plus the 1-minute KLINE of
 * one or more instruments, dealt round so that together the clients hold every one of
 * `codes` (with fewer clients than codes, each holds several).
 */
export function clientTopics(clients: number, codes: readonly string[]): string[][] {
  const perClient = Math.ceil(codes.length / clients);
  return Array.from({ length: clients }, (_, client) => {
    const charts = new Set<string>();
    for (let k = 0; k < perClient; k++) {
      const code = codes[(client + k * clients) % codes.length] as string;
      charts.add(klineTopic(code, '1min'));
    }
    return ['DAY_MARKET', ...charts];
  });
}

/** The timings the gateway's settings stand for. */
export interface RecoverySettings {
  /** Upstream ping interval (gateway config `heartbeatMs`). */
  readonly heartbeatMs: number;
  /** Missed pongs in a row tolerated (protocol MAX_MISSED_PONGS). */
  readonly maxMissedPongs: number;
  /** Time after its ping when a pong counts as missed (gateway DEFAULT_PONG_DEADLINE_MS). */
  readonly pongDeadlineMs: number;
  /** Ceiling of the public connection's first reconnect delay (full jitter). */
  readonly firstRetryMs: number;
  /** Ceiling of its every later delay (the gateway's PUBLIC_BACKOFF.maxMs). */
  readonly retryCeilingMs: number;
  /** Time between two ticks of the feed. */
  readonly tickMs: number;
}

/**
 * What the settings imply. A clean drop: a reconnect after a delay uniform in
 * [0, firstRetryMs), then connect and resubscribe, then the next tick — a fresh tick by about
 * firstRetryMs + tickMs at worst, plus the handshake. A killed upstream restarting after a few
 * seconds: the retries failed meanwhile have grown the delay to its ceiling, so the first try
 * after the restart comes within retryCeilingMs, and a fresh tick by retryCeilingMs + tickMs.
 * A silent upstream: a pong is missed `pongDeadlineMs` after its ping, and the gateway lets go
 * at the (maxMissedPongs + 1)th miss in a row — the first unanswered ping goes out anywhere
 * within one interval of the silence.
 */
export function impliedTimings(settings: RecoverySettings) {
  const { heartbeatMs, maxMissedPongs, pongDeadlineMs, firstRetryMs, retryCeilingMs, tickMs } =
    settings;
  return {
    dropToFreshMs: { from: 0, to: firstRetryMs + tickMs },
    restartToFreshMs: { from: 0, to: retryCeilingMs + tickMs },
    silentDetectionMs: {
      from: maxMissedPongs * heartbeatMs + pongDeadlineMs,
      to: (maxMissedPongs + 1) * heartbeatMs + pongDeadlineMs,
    },
  };
}

/** The recovery Targets, and those for a killed upstream's restart. */
export const TARGETS = {
  dropToFreshMs: 1000,
  silentDetectionMs: 15_000,
  restartToFreshMs: 1500,
} as const;

/** One clean drop: times from the drop (ms). */
export interface DropRun {
  /** Upstream connections the feeder dropped. */
  readonly dropped: number;
  /** Until the gateway's new upstream connection opened. */
  readonly reconnectMs: number;
  /** Until it held every topic again. */
  readonly resubscribedMs: number;
  /** Until every client had a frame sent after the drop on every one of its topics. */
  readonly freshMs: number;
  /** Until half the clients had. */
  readonly medianClientFreshMs: number;
  /** Clients that had not, by the deadline. */
  readonly stale: number;
  readonly watched: number;
}

/** One killed upstream: down `downMs`, then times from its restart (ms). */
export interface KillRun {
  /** Upstream connections dropped by the kill. */
  readonly dropped: number;
  /** From the kill to the restart: nothing listened on the upstream's port. */
  readonly downMs: number;
  /** Until the gateway's new upstream connection opened. */
  readonly reconnectMs: number;
  /** Until it held every topic again. */
  readonly resubscribedMs: number;
  /** Until every client had a frame sent after the restart on every one of its topics. */
  readonly freshMs: number;
  /** Until half the clients had. */
  readonly medianClientFreshMs: number;
  /** Clients that had not, by the deadline. */
  readonly stale: number;
  readonly watched: number;
}

/** One silent upstream: times from the moment the feeder went silent (ms). */
export interface SilentRun {
  /** How long after one of the gateway's heartbeats the silence began. */
  readonly phaseMs: number;
  /** Until the gateway let the silent connection go. */
  readonly detectedMs: number;
  /** Until its next connection opened. */
  readonly reconnectMs: number;
}

/** How many times the gateway logged `upstream lost`, by reason (its warn-level JSON logs). */
export function lossesByReason(log: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of log.split('\n')) {
    if (!line.includes('"msg":"upstream lost"')) continue;
    const reason = /"reason":"([a-z-]+)"/.exec(line)?.[1] ?? 'unknown';
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** Medians, Targets and the configuration's expectation, for the summary line and the table. */
export function summarize(
  drops: readonly DropRun[],
  kills: readonly KillRun[],
  silences: readonly SilentRun[],
  settings: RecoverySettings,
  silentSkipped: string | undefined,
) {
  const implied = impliedTimings(settings);
  const fresh = median(drops.map((d) => d.freshMs));
  const detected = median(silences.map((s) => s.detectedMs));
  // Every restart must meet the Target, not their median: the slowest one is the figure.
  const restartFresh = Math.max(...kills.map((k) => k.freshMs));
  return {
    drop: {
      runs: drops.length,
      freshMs: round(fresh, 0),
      medianClientFreshMs: round(median(drops.map((d) => d.medianClientFreshMs)), 0),
      reconnectMs: round(median(drops.map((d) => d.reconnectMs)), 0),
      resubscribedMs: round(median(drops.map((d) => d.resubscribedMs)), 0),
      staleClients: drops.reduce((sum, d) => sum + d.stale, 0),
      configImpliesMs: implied.dropToFreshMs,
      target: `≤ ${TARGETS.dropToFreshMs} ms`,
      met: verdict(fresh <= TARGETS.dropToFreshMs && drops.every((d) => d.stale === 0)),
    },
    restart: {
      runs: kills.length,
      downMs: round(median(kills.map((k) => k.downMs)), 0),
      freshMs: round(restartFresh, 0),
      medianClientFreshMs: round(median(kills.map((k) => k.medianClientFreshMs)), 0),
      reconnectMs: round(median(kills.map((k) => k.reconnectMs)), 0),
      resubscribedMs: round(median(kills.map((k) => k.resubscribedMs)), 0),
      staleClients: kills.reduce((sum, k) => sum + k.stale, 0),
      configImpliesMs: implied.restartToFreshMs,
      target: `≤ ${TARGETS.restartToFreshMs} ms`,
      met: verdict(
        kills.length > 0 &&
          restartFresh <= TARGETS.restartToFreshMs &&
          kills.every((k) => k.stale === 0),
      ),
    },
    silent: silentSkipped
      ? { skipped: silentSkipped }
      : {
          runs: silences.length,
          detectedMs: round(detected, 0),
          phasesMs: silences.map((s) => round(s.phaseMs, 0)),
          reconnectMs: round(median(silences.map((s) => s.reconnectMs)), 0),
          configImpliesMs: implied.silentDetectionMs,
          target: `≤ ${TARGETS.silentDetectionMs} ms`,
          met: verdict(detected <= TARGETS.silentDetectionMs),
        },
  };
}

export type RecoverySummary = ReturnType<typeof summarize>;

/** SUMMARY.md's recovery table. */
export function markdownOf(summary: RecoverySummary, described: string): string {
  const { drop, restart, silent } = summary;
  const range = (r: { from: number; to: number }) => `${r.from}–${r.to} ms`;
  const rows: unknown[][] = [
    [
      `clean drop → fresh tick on every client (${drop.runs} drops, median)`,
      `${drop.freshMs} ms`,
      `reconnect ${drop.reconnectMs} ms, resubscribed ${drop.resubscribedMs} ms, half the clients fresh ${drop.medianClientFreshMs} ms, stale clients ${drop.staleClients}`,
      range(drop.configImpliesMs),
      drop.target,
      drop.met,
    ],
    [
      `upstream killed ${restart.downMs} ms, restarted → fresh tick on every client (${restart.runs} kills, slowest)`,
      `${restart.freshMs} ms`,
      `after the restart: reconnect ${restart.reconnectMs} ms, resubscribed ${restart.resubscribedMs} ms, half the clients fresh ${restart.medianClientFreshMs} ms, stale clients ${restart.staleClients}`,
      range(restart.configImpliesMs),
      restart.target,
      restart.met,
    ],
    'skipped' in silent
      ? ['silent upstream → detected', 'skipped', silent.skipped, '', '', '']
      : [
          `silent upstream → detected (${silent.runs} runs, median)`,
          `${silent.detectedMs} ms`,
          `silent from ${silent.phasesMs.join(', ')} ms after a heartbeat; reconnect ${silent.reconnectMs} ms`,
          range(silent.configImpliesMs),
          silent.target,
          silent.met,
        ],
  ];
  return [
    described,
    '',
    table(['figure', 'ms', 'detail (medians)', 'config implies', 'target', ''], rows),
  ].join('\n');
}
