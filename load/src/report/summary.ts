/**
 * The summary of a result as sections of rows: the terminal table (table.ts) and the HTML page
 * (html.ts) print the same ones.
 */
import type { Quantiles } from '../histogram.js';
import { formatCount, formatMs, formatShare } from '../options/units.js';
import type { Figures, RouteFigures } from '../result/figures.js';

export interface Section {
  readonly title: string;
  /** Column heads; a section without them is label / value pairs. */
  readonly head?: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const count = (n: number) => formatCount(n);
const perSecond = (n: number) => `${formatCount(n, n < 100 ? 1 : 0)}/s`;
const quantiles = (q: Quantiles) =>
  q.count === 0
    ? '–'
    : `p50 ${formatMs(q.p50)} · p90 ${formatMs(q.p90)} · p99 ${formatMs(q.p99)} · max ${formatMs(q.max)}`;

/** `http 429 × 3, 1012 × 2`, or `0`. */
function byLabel(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return '0';
  const parts = entries.sort(([, a], [, b]) => b - a).map(([label, n]) => `${label} × ${count(n)}`);
  return `${count(total)} (${parts.join(', ')})`;
}

function routeRow(name: string, route: RouteFigures): string[] {
  const { latency } = route;
  return [
    name,
    count(route.answers),
    perSecond(route.perSecond),
    formatMs(latency.p50),
    formatMs(latency.p90),
    formatMs(latency.p99),
    formatMs(latency.max),
    count(route.non2xx),
    count(route.refused),
    count(route.errors),
  ];
}

export function summarySections(figures: Figures): Section[] {
  const { sockets, frames, rest } = figures;
  const sections: Section[] = [
    {
      title: 'sockets',
      rows: [
        ['opened / planned', `${count(sockets.browsersConnected)} / ${count(sockets.planned)}`],
        ['peak open', count(sockets.peakOpen)],
        ['not open at the end', byLabel(sockets.notOpenBy)],
        ['handshakes refused', byLabel(sockets.refusedBy)],
        ['closed by the server', byLabel(sockets.closedBy)],
        ['reconnections', count(sockets.reconnects)],
        ['time to first tick', quantiles(sockets.firstTick)],
        [
          'logins accepted / refused',
          `${count(sockets.loginsAccepted)} / ${byLabel(sockets.loginsRefusedBy)}`,
        ],
        [
          'upstream lost / back (as told)',
          `${count(sockets.upstreamDown)} / ${count(sockets.upstreamUp)}`,
        ],
      ],
    },
    {
      title: 'frames',
      rows: [
        ['received', `${count(frames.received)} (${perSecond(frames.perSecond)})`],
        [
          'delivered',
          frames.expected === 0
            ? '– (no reference frame)'
            : `${formatShare(frames.deliveredShare)} (${count(frames.delivered)} of ${count(frames.expected)})`,
        ],
        ['added latency', quantiles(frames.added)],
        ['unmatched', count(frames.unmatched)],
        [
          'gaps',
          sockets.gaps === 0 ? '0' : `${count(sockets.gaps)} (${quantiles(sockets.gapLength)})`,
        ],
      ],
    },
  ];
  const routes = Object.entries(rest.routes);
  if (routes.length > 0) {
    sections.push({
      title: 'REST',
      head: [
        'route',
        'answers',
        'rate',
        'p50',
        'p90',
        'p99',
        'max',
        'non-2xx',
        'refused',
        'errors',
      ],
      rows: [...routes.map(([name, route]) => routeRow(name, route)), routeRow('all', rest.all)],
    });
  }
  sections.push({
    title: 'generators',
    head: ['host', 'cores', 'host busy', 'generators (CPU of one core)', 'saturated'],
    rows: figures.machines.map(({ host, cores, saturation }) => [
      host,
      String(cores),
      saturation.hostBusy === null ? '–' : `${Math.round(saturation.hostBusy * 100)} %`,
      saturation.shares.map(({ name, share }) => `${name} ${Math.round(share * 100)} %`).join(', '),
      saturation.reason ?? 'no',
    ]),
  });
  sections.push({
    title: 'reference socket',
    rows: [
      ['to', figures.reference.url],
      ['frames received', count(figures.reference.received)],
      ['reconnections', count(figures.reference.reconnects)],
    ],
  });
  return sections;
}

/** Below this share of the rate asked for, the REST mix did not keep up. */
const REST_SHORTFALL = 0.9;

/**
 * What to say when the REST mix answered well below the rate asked for: autocannon's
 * connections each wait for an answer before the next request, so slow answers cap the rate.
 */
export function restShortfallNote(figures: Figures, askedRate: number): string | undefined {
  const { perSecond } = figures.rest.all;
  if (askedRate <= 0 || !(perSecond < askedRate * REST_SHORTFALL)) return undefined;
  return (
    `REST: ${formatCount(perSecond, 1)} answers a second of the ${formatCount(askedRate)} asked for — ` +
    'each connection waits for its answer before the next request: more --rest-connections reach the rate.'
  );
}

/**
 * What to say when a generator was saturated: its figures carry its own delays, and more
 * generators (or machines, merged) are needed.
 */
export function saturationNote(figures: Figures): string | undefined {
  const reasons = figures.machines.flatMap(({ host, saturation }) =>
    saturation.reason ? [`${host}: ${saturation.reason}`] : [],
  );
  if (reasons.length === 0) return undefined;
  return [
    `saturated: ${reasons.join('; ')}.`,
    'The latencies above include the generators’ own waiting: one generator machine is not enough',
    'for this load. Run pipstream-load on more machines, each with a share of --sockets and',
    '--rest-rate, and add their --json files with `pipstream-load merge`.',
  ].join('\n');
}
