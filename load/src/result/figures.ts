/**
 * The figures that decide capacity, derived from a result's counts and histograms: what the
 * summary table, the HTML page and the thresholds read. Nothing here is stored, so a merged
 * result's figures are computed the same way as a single run's.
 */
import { decodeHistogram, type Quantiles, quantilesOf } from '../histogram.js';
import { judgeSaturation, type Saturation } from '../saturation.js';
import { addRoutes } from './merge.js';
import type { Result, RouteResult } from './schema.js';

export interface RouteFigures {
  readonly answers: number;
  readonly perSecond: number;
  readonly latency: Quantiles;
  /** Answers with an HTTP status outside 2xx. */
  readonly non2xx: number;
  /** 2xx answers whose envelope refused the call (code ≠ 1). */
  readonly refused: number;
  /** Requests without an answer (connection errors and time-outs). */
  readonly errors: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly refusedBy: Readonly<Record<string, number>>;
  readonly errorsBy: Readonly<Record<string, number>>;
}

export interface MachineFigures {
  readonly host: string;
  readonly cores: number;
  readonly saturation: Saturation;
}

export interface Figures {
  readonly seconds: number;
  readonly interrupted: boolean;
  readonly sockets: {
    readonly planned: number;
    readonly browsersConnected: number;
    readonly connections: number;
    readonly reconnects: number;
    readonly refused: number;
    readonly refusedBy: Readonly<Record<string, number>>;
    readonly closed: number;
    readonly closedBy: Readonly<Record<string, number>>;
    readonly peakOpen: number;
    readonly upstreamDown: number;
    readonly upstreamUp: number;
    readonly loginsAccepted: number;
    readonly loginsRefusedBy: Readonly<Record<string, number>>;
    readonly notOpenBy: Readonly<Record<string, number>>;
    readonly firstTick: Quantiles;
    readonly gaps: number;
    readonly gapLength: Quantiles;
  };
  readonly frames: {
    readonly received: number;
    readonly perSecond: number;
    readonly byKind: Readonly<Record<string, number>>;
    readonly expected: number;
    readonly delivered: number;
    /** delivered / expected; NaN when nothing was expected (no reference frame). */
    readonly deliveredShare: number;
    readonly unmatched: number;
    readonly added: Quantiles;
  };
  readonly rest: {
    readonly all: RouteFigures;
    readonly routes: Readonly<Record<string, RouteFigures>>;
  };
  readonly machines: readonly MachineFigures[];
  readonly saturated: boolean;
  readonly reference: {
    readonly url: string;
    readonly received: number;
    readonly reconnects: number;
  };
}

const sum = (counts: Readonly<Record<string, number>>) =>
  Object.values(counts).reduce((total, value) => total + value, 0);

const quantiles = (encoded: string) => quantilesOf(decodeHistogram(encoded));

function routeFigures(route: RouteResult, seconds: number): RouteFigures {
  const non2xx = Object.entries(route.statuses)
    .filter(([status]) => !/^2\d\d$/.test(status))
    .reduce((total, [, value]) => total + value, 0);
  return {
    answers: route.answers,
    perSecond: seconds > 0 ? route.answers / seconds : Number.NaN,
    latency: quantiles(route.latency),
    non2xx,
    refused: sum(route.refused),
    errors: sum(route.errors),
    statuses: route.statuses,
    refusedBy: route.refused,
    errorsBy: route.errors,
  };
}

export function figuresOf(result: Result): Figures {
  const seconds = Math.max(0, (result.endedAt - result.startedAt) / 1000);
  const { sockets, frames } = result;
  const machines = result.machines.map((machine) => ({
    host: machine.host,
    cores: machine.cores,
    saturation: judgeSaturation(machine.generators, machine.hostBusy),
  }));
  return {
    seconds,
    interrupted: result.interrupted,
    sockets: {
      planned: sockets.planned,
      browsersConnected: sockets.browsersConnected,
      connections: sockets.connections,
      reconnects: sockets.reconnects,
      refused: sum(sockets.refused),
      refusedBy: sockets.refused,
      closed: sum(sockets.closed),
      closedBy: sockets.closed,
      peakOpen: Math.max(0, ...result.series.map((second) => second.open)),
      upstreamDown: sockets.upstreamDown,
      upstreamUp: sockets.upstreamUp,
      loginsAccepted: sockets.loginsAccepted,
      loginsRefusedBy: sockets.loginsRefused,
      notOpenBy: sockets.notOpen,
      firstTick: quantiles(sockets.firstTick),
      gaps: sockets.gaps,
      gapLength: quantiles(sockets.gapLength),
    },
    frames: {
      received: frames.received,
      perSecond: seconds > 0 ? frames.received / seconds : Number.NaN,
      byKind: frames.byKind,
      expected: frames.expected,
      delivered: frames.delivered,
      deliveredShare: frames.expected > 0 ? frames.delivered / frames.expected : Number.NaN,
      unmatched: frames.unmatched,
      added: quantiles(frames.added),
    },
    rest: {
      all: routeFigures(addRoutes(Object.values(result.rest)), seconds),
      routes: Object.fromEntries(
        Object.entries(result.rest).map(([name, route]) => [name, routeFigures(route, seconds)]),
      ),
    },
    machines,
    saturated: machines.some((machine) => machine.saturation.saturated),
    reference: {
      url: result.referenceUrl,
      received: result.reference.received,
      reconnects: result.reference.reconnects,
    },
  };
}
