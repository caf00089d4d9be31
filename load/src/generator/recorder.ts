/**
 * What one generator counts while it runs, and the result file it becomes (result/schema.ts):
 * counters and live histograms, and the same by wall-clock second for the plots.
 */
import { createHistogram, encodeHistogram, type Histogram, recordMs } from '../histogram.js';
import { RESULT_FORMAT, type Result, type RouteResult } from '../result/schema.js';
import type { FrameKind } from '../sockets/frames.js';

interface SecondTally {
  open: number;
  frames: number;
  expected: number;
  delivered: number;
  answers: number;
  failed: number;
  readonly added: Histogram;
  readonly rest: Histogram;
}

interface RouteTally {
  answers: number;
  readonly statuses: Record<string, number>;
  readonly refused: Record<string, number>;
  readonly errors: Record<string, number>;
  readonly latency: Histogram;
}

function bump(counts: Record<string, number>, label: string, by = 1): void {
  counts[label] = (counts[label] ?? 0) + by;
}

const secondOf = (atMs: number) => Math.floor(atMs / 1000);

/** Counts of one generator (or of the reference socket: only the socket counts are used). */
export class Recorder {
  browsersConnected = 0;
  connections = 0;
  reconnects = 0;
  readonly refused: Record<string, number> = {};
  readonly closed: Record<string, number> = {};
  upstreamDown = 0;
  upstreamUp = 0;
  loginsAccepted = 0;
  readonly loginsRefused: Record<string, number> = {};
  readonly notOpen: Record<string, number> = {};
  readonly firstTick = createHistogram();
  gaps = 0;
  readonly gapLength = createHistogram();
  framesReceived = 0;
  readonly byKind: Record<string, number> = {};
  expected = 0;
  delivered = 0;
  unmatched = 0;
  readonly added = createHistogram();
  readonly routes = new Map<string, RouteTally>();
  private readonly seconds = new Map<number, SecondTally>();

  private second(atMs: number): SecondTally {
    const at = secondOf(atMs);
    let tally = this.seconds.get(at);
    if (!tally) {
      tally = {
        open: 0,
        frames: 0,
        expected: 0,
        delivered: 0,
        answers: 0,
        failed: 0,
        added: createHistogram(),
        rest: createHistogram(),
      };
      this.seconds.set(at, tally);
    }
    return tally;
  }

  private route(name: string): RouteTally {
    let tally = this.routes.get(name);
    if (!tally) {
      tally = { answers: 0, statuses: {}, refused: {}, errors: {}, latency: createHistogram() };
      this.routes.set(name, tally);
    }
    return tally;
  }

  /** A handshake succeeded: the browser's first, or a reconnection. */
  connected(first: boolean): void {
    this.connections++;
    if (first) this.browsersConnected++;
    else this.reconnects++;
  }

  frame(kind: FrameKind, atMs: number): void {
    this.framesReceived++;
    bump(this.byKind, kind);
    this.second(atMs).frames++;
  }

  /** A reference frame a subscribed socket should have had: delivered (with its delay) or not. */
  settled(refAtMs: number, addedMs: number | undefined): void {
    const second = this.second(refAtMs);
    this.expected++;
    second.expected++;
    if (addedMs === undefined) return;
    this.delivered++;
    second.delivered++;
    recordMs(this.added, addedMs);
    recordMs(second.added, addedMs);
  }

  gap(lengthMs: number): void {
    this.gaps++;
    recordMs(this.gapLength, lengthMs);
  }

  login(code: number): void {
    if (code === 1) this.loginsAccepted++;
    else bump(this.loginsRefused, String(code));
  }

  /** Sockets open at `atMs`: the second's last reading stands. */
  open(atMs: number, open: number): void {
    this.second(atMs).open = open;
  }

  /** A REST answer: its HTTP status, its envelope's refusal code if any, its time. */
  answer(route: string, status: number, ms: number, refusal: string | undefined, atMs: number) {
    const tally = this.route(route);
    const second = this.second(atMs);
    tally.answers++;
    second.answers++;
    bump(tally.statuses, String(status));
    if (refusal !== undefined) bump(tally.refused, refusal);
    if (refusal !== undefined || status < 200 || status > 299) second.failed++;
    recordMs(tally.latency, ms);
    recordMs(second.rest, ms);
  }

  /** A REST request that got no answer: a connection error's code, or `timeout`. */
  requestFailed(route: string, label: string, atMs: number): void {
    bump(this.route(route).errors, label);
    this.second(atMs).failed++;
  }

  /** Totals for the progress line. */
  totals() {
    let answers = 0;
    let failed = 0;
    for (const route of this.routes.values()) {
      answers += route.answers;
      const errors = Object.values(route.errors).reduce((sum, n) => sum + n, 0);
      const refused = Object.values(route.refused).reduce((sum, n) => sum + n, 0);
      const non2xx = Object.entries(route.statuses)
        .filter(([status]) => !status.startsWith('2'))
        .reduce((sum, [, n]) => sum + n, 0);
      failed += errors + refused + non2xx;
    }
    return {
      browsersConnected: this.browsersConnected,
      reconnects: this.reconnects,
      refused: Object.values(this.refused).reduce((sum, n) => sum + n, 0),
      frames: this.framesReceived,
      gaps: this.gaps,
      answers,
      failed,
    };
  }

  toResult(
    meta: Pick<
      Result,
      'target' | 'referenceUrl' | 'startedAt' | 'endedAt' | 'interrupted' | 'machines' | 'scenario'
    > & { planned: number },
  ): Result {
    const rest: Record<string, RouteResult> = {};
    for (const [name, tally] of [...this.routes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      rest[name] = {
        answers: tally.answers,
        statuses: tally.statuses,
        refused: tally.refused,
        errors: tally.errors,
        latency: encodeHistogram(tally.latency),
      };
    }
    return {
      format: RESULT_FORMAT,
      target: meta.target,
      referenceUrl: meta.referenceUrl,
      startedAt: Math.round(meta.startedAt),
      endedAt: Math.round(meta.endedAt),
      interrupted: meta.interrupted,
      parts: 1,
      machines: meta.machines,
      sockets: {
        planned: meta.planned,
        browsersConnected: this.browsersConnected,
        connections: this.connections,
        reconnects: this.reconnects,
        refused: this.refused,
        closed: this.closed,
        upstreamDown: this.upstreamDown,
        upstreamUp: this.upstreamUp,
        loginsAccepted: this.loginsAccepted,
        loginsRefused: this.loginsRefused,
        notOpen: this.notOpen,
        firstTick: encodeHistogram(this.firstTick),
        gaps: this.gaps,
        gapLength: encodeHistogram(this.gapLength),
      },
      frames: {
        received: this.framesReceived,
        byKind: this.byKind,
        expected: this.expected,
        delivered: this.delivered,
        unmatched: this.unmatched,
        added: encodeHistogram(this.added),
      },
      reference: { received: 0, connections: 0, reconnects: 0 },
      rest,
      series: [...this.seconds.entries()]
        .sort(([a], [b]) => a - b)
        .map(([at, tally]) => ({
          at,
          open: tally.open,
          frames: tally.frames,
          expected: tally.expected,
          delivered: tally.delivered,
          answers: tally.answers,
          failed: tally.failed,
          added: encodeHistogram(tally.added),
          rest: encodeHistogram(tally.rest),
        })),
      scenario: meta.scenario,
    };
  }
}

export { bump };
