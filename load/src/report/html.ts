/**
 * The HTML report: one self-contained file — uPlot, its stylesheet, the page's script
 * (assets/report.js) and the data inlined — that opens from a disk or a CI artifact with no
 * network: throughput and latency over time, and each latency's percentile curve.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeHistogram, percentileCurve, quantilesOf } from '../histogram.js';
import type { Figures } from '../result/figures.js';
import type { Result } from '../result/schema.js';
import { type Section, saturationNote, summarySections } from './summary.js';

const require = createRequire(import.meta.url);
/** From src/report or dist/report alike. */
const PAGE_SCRIPT = new URL('../../assets/report.js', import.meta.url);
const PAGE_STYLE = new URL('../../assets/report.css', import.meta.url);

/** What the page's script draws. Latencies in ms; null where a second had none. */
export interface PageData {
  readonly series: {
    /** Seconds since the start of the window. */
    readonly t: number[];
    readonly frames: number[];
    readonly answers: number[];
    readonly failed: number[];
    readonly open: number[];
    readonly addedP50: (number | null)[];
    readonly addedP99: (number | null)[];
    readonly restP50: (number | null)[];
    readonly restP99: (number | null)[];
  };
  /** Percentile curves (histogram.ts): the sockets' and the REST routes'. */
  readonly sockets: readonly Curve[];
  readonly rest: readonly Curve[];
}

export interface Curve {
  readonly name: string;
  readonly x: number[];
  readonly y: number[];
}

/** Every second of the window, the ones with nothing recorded included (as zeros and gaps). */
export function pageData(result: Result): PageData {
  const first = Math.floor(result.startedAt / 1000);
  const last = Math.max(first, ...result.series.map((second) => second.at));
  const byAt = new Map(result.series.map((second) => [second.at, second]));
  const series: PageData['series'] = {
    t: [],
    frames: [],
    answers: [],
    failed: [],
    open: [],
    addedP50: [],
    addedP99: [],
    restP50: [],
    restP99: [],
  };
  let open = 0;
  for (let at = first; at <= last; at++) {
    const second = byAt.get(at);
    const added = second ? quantilesOf(decodeHistogram(second.added)) : undefined;
    const rest = second ? quantilesOf(decodeHistogram(second.rest)) : undefined;
    const orNull = (value: number | undefined) =>
      value === undefined || Number.isNaN(value) ? null : value;
    // A second with nothing recorded keeps the sockets open before it.
    if (second && second.open > 0) open = second.open;
    series.t.push(at - first);
    series.frames.push(second?.frames ?? 0);
    series.answers.push(second?.answers ?? 0);
    series.failed.push(second?.failed ?? 0);
    series.open.push(second ? second.open : open);
    series.addedP50.push(orNull(added?.p50));
    series.addedP99.push(orNull(added?.p99));
    series.restP50.push(orNull(rest?.p50));
    series.restP99.push(orNull(rest?.p99));
  }
  const curve = (name: string, encoded: string): Curve => ({
    name,
    ...percentileCurve(decodeHistogram(encoded)),
  });
  const routes = Object.entries(result.rest);
  return {
    series,
    sockets: [
      curve('added latency', result.frames.added),
      curve('time to first tick', result.sockets.firstTick),
    ],
    rest: routes.map(([name, route]) => curve(name, route.latency)),
  };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function sectionHtml(section: Section): string {
  const head = section.head
    ? `<thead><tr>${section.head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead>`
    : '';
  const rows = section.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  const kind = section.head ? 'grid' : 'pairs';
  return `<section><h2>${escapeHtml(section.title)}</h2><table class="${kind}">${head}<tbody>${rows}</tbody></table></section>`;
}

/** Inline script text: nothing in it may close the script element. */
const inlineScript = (text: string) => text.replace(/<\/script/gi, '<\\/script');

export function reportHtml(result: Result, figures: Figures, headline: string): string {
  const uplot = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
  const uplotStyle = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const data = JSON.stringify(pageData(result)).replace(/</g, '\\u003c');
  const note = saturationNote(figures);
  const plots = [
    ['throughput', 'Throughput: frames and REST answers a second'],
    ['open', 'Sockets open'],
    ['latency', 'Latency over time: p50 and p99 of each second (ms)'],
    ['socket-curves', 'Socket latency by percentile (ms)'],
    ['rest-curves', 'REST latency by percentile (ms)'],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pipstream-load · ${escapeHtml(result.target)}</title>
<style>${uplotStyle}</style>
<style>${readFileSync(PAGE_STYLE, 'utf8')}</style>
</head>
<body>
<header><h1>pipstream-load</h1><p>${escapeHtml(headline)}</p>${
    note ? `<p class="saturated">${escapeHtml(note)}</p>` : ''
  }</header>
<main>
${plots.map(([id, title]) => `<section class="plot"><h2>${escapeHtml(title ?? '')}</h2><div id="${id}"></div></section>`).join('\n')}
${summarySections(figures).map(sectionHtml).join('\n')}
</main>
<script id="load-data" type="application/json">${data}</script>
<script>${inlineScript(uplot)}</script>
<script>${inlineScript(readFileSync(PAGE_SCRIPT, 'utf8'))}</script>
</body>
</html>
`;
}
