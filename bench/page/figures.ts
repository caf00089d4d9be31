/** The page benchmark’s arithmetic: medians of the runs and the ratio aimed at. */
import { median } from '../lib/stats.js';

/** The two pages measured: the painted `/` and the build's static `index.html` it replaces. */
export const PAGES = ['painted', 'static'] as const;
export type PageName = (typeof PAGES)[number];

export interface PageRun {
  readonly run: number;
  readonly page: PageName;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
}

/** The aim: the painted page serves at least half the static page's requests per second. */
export const PAINTED_VS_STATIC_AIM = 0.5;

export function summarisePages(runs: readonly PageRun[]) {
  const of = (page: PageName) => runs.filter((run) => run.page === page);
  const rate = (page: PageName) => median(of(page).map((run) => run.requestsPerSecond));
  const p99 = (page: PageName) => median(of(page).map((run) => run.p99Ms));
  const painted = rate('painted');
  const plain = rate('static');
  const ratio = plain > 0 ? painted / plain : 0;
  return {
    paintedRequestsPerSecond: Math.round(painted),
    staticRequestsPerSecond: Math.round(plain),
    paintedP99Ms: p99('painted'),
    staticP99Ms: p99('static'),
    paintedVsStatic: Number(ratio.toFixed(3)),
    aim: PAINTED_VS_STATIC_AIM,
    met: ratio >= PAINTED_VS_STATIC_AIM,
    non2xx: runs.reduce((total, run) => total + run.non2xx, 0),
  };
}
