/**
 * Adds results into one: counts add, histograms add bucket by bucket, seconds line up on the
 * wall clock. Every figure is derived from those (figures.ts), so the merge of the results of
 * several generators or machines reports exactly what one generator would have reported over
 * all their samples: the same counts and the same percentiles.
 */
import { addEncoded } from '../histogram.js';
import type { Machine, Result, RouteResult, Second } from './schema.js';

type Counts = Readonly<Record<string, number>>;

function addCounts(all: readonly Counts[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const counts of all) {
    for (const [label, value] of Object.entries(counts)) sum[label] = (sum[label] ?? 0) + value;
  }
  return sum;
}

const total = <T>(items: readonly T[], read: (item: T) => number) =>
  items.reduce((sum, item) => sum + read(item), 0);

/** The distinct values of `values`, in order, joined: one target reads as itself. */
const joined = (values: readonly string[]) => [...new Set(values)].join(' + ');

/** One route's answers from several parts — or several routes' answers as one. */
export function addRoutes(parts: readonly RouteResult[]): RouteResult {
  return {
    answers: total(parts, (part) => part.answers),
    statuses: addCounts(parts.map((part) => part.statuses)),
    refused: addCounts(parts.map((part) => part.refused)),
    errors: addCounts(parts.map((part) => part.errors)),
    latency: addEncoded(parts.map((part) => part.latency)),
  };
}

function mergeRoutes(all: readonly Readonly<Record<string, RouteResult>>[]) {
  const names = [...new Set(all.flatMap((routes) => Object.keys(routes)))].sort();
  return Object.fromEntries(
    names.map((name) => [name, addRoutes(all.flatMap((routes) => routes[name] ?? []))]),
  );
}

function mergeSeries(all: readonly (readonly Second[])[]): Second[] {
  const byAt = new Map<number, Second[]>();
  for (const series of all) {
    for (const second of series) byAt.set(second.at, [...(byAt.get(second.at) ?? []), second]);
  }
  return [...byAt.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, seconds]) => ({
      at,
      open: total(seconds, (s) => s.open),
      frames: total(seconds, (s) => s.frames),
      expected: total(seconds, (s) => s.expected),
      delivered: total(seconds, (s) => s.delivered),
      answers: total(seconds, (s) => s.answers),
      failed: total(seconds, (s) => s.failed),
      added: addEncoded(seconds.map((s) => s.added)),
      rest: addEncoded(seconds.map((s) => s.rest)),
    }));
}

/** Generators of one host together; the host's busy share is the highest any part saw. */
function mergeMachines(all: readonly Machine[]): Machine[] {
  const byHost = new Map<string, Machine>();
  for (const machine of all) {
    const known = byHost.get(machine.host);
    if (!known) {
      byHost.set(machine.host, { ...machine, generators: [...machine.generators] });
      continue;
    }
    const busy = [known.hostBusy, machine.hostBusy].filter((b): b is number => b !== null);
    byHost.set(machine.host, {
      host: machine.host,
      cores: Math.max(known.cores, machine.cores),
      hostBusy: busy.length === 0 ? null : Math.max(...busy),
      generators: [...known.generators, ...machine.generators],
    });
  }
  return [...byHost.values()];
}

export function mergeResults(results: readonly Result[]): Result {
  const [first] = results;
  if (!first) throw new Error('nothing to merge');
  const sockets = results.map((result) => result.sockets);
  const frames = results.map((result) => result.frames);
  const references = results.map((result) => result.reference);
  return {
    format: first.format,
    target: joined(results.map((result) => result.target)),
    referenceUrl: joined(results.map((result) => result.referenceUrl)),
    startedAt: Math.min(...results.map((result) => result.startedAt)),
    endedAt: Math.max(...results.map((result) => result.endedAt)),
    interrupted: results.some((result) => result.interrupted),
    parts: total(results, (result) => result.parts),
    machines: mergeMachines(results.flatMap((result) => result.machines)),
    sockets: {
      planned: total(sockets, (s) => s.planned),
      browsersConnected: total(sockets, (s) => s.browsersConnected),
      connections: total(sockets, (s) => s.connections),
      reconnects: total(sockets, (s) => s.reconnects),
      refused: addCounts(sockets.map((s) => s.refused)),
      closed: addCounts(sockets.map((s) => s.closed)),
      upstreamDown: total(sockets, (s) => s.upstreamDown),
      upstreamUp: total(sockets, (s) => s.upstreamUp),
      loginsAccepted: total(sockets, (s) => s.loginsAccepted),
      loginsRefused: addCounts(sockets.map((s) => s.loginsRefused)),
      notOpen: addCounts(sockets.map((s) => s.notOpen)),
      firstTick: addEncoded(sockets.map((s) => s.firstTick)),
      gaps: total(sockets, (s) => s.gaps),
      gapLength: addEncoded(sockets.map((s) => s.gapLength)),
    },
    frames: {
      received: total(frames, (f) => f.received),
      byKind: addCounts(frames.map((f) => f.byKind)),
      expected: total(frames, (f) => f.expected),
      delivered: total(frames, (f) => f.delivered),
      unmatched: total(frames, (f) => f.unmatched),
      added: addEncoded(frames.map((f) => f.added)),
    },
    reference: {
      received: total(references, (r) => r.received),
      connections: total(references, (r) => r.connections),
      reconnects: total(references, (r) => r.reconnects),
    },
    rest: mergeRoutes(results.map((result) => result.rest)),
    series: mergeSeries(results.map((result) => result.series)),
    scenario: first.scenario,
  };
}
