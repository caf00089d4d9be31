/**
 * `lighthouse`: Lighthouse's mobile audit of `/` served by the built gateway, with the built
 * mock behind it, on 127.0.0.1. Median of 5 in the full run (its TBT swings by ±100 ms from run
 * to run on a shared machine); the quick run audits once, for
 * performance and accessibility only.
 */

import { startStack } from '../client/stack.js';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { table } from '../lib/results.js';
import { round } from '../lib/stats.js';
import { audit } from './audit.js';
import { fontNote, visitorFontInstalled } from './fonts.js';
import { type AuditFigures, auditFigures, medianFigures, TARGETS } from './scores.js';

/** The mock's own tick rate: the page a visitor opens on an ordinary day. */
const TICK_MS = 500;
const ALL = ['performance', 'accessibility', 'best-practices'] as const;

function markdown(figures: AuditFigures, runs: number, fonts: string): string {
  const verdict = (score: number, target: number) => (score >= target ? 'met' : 'not met');
  const failing = figures.failingAccessibility;
  return [
    `Lighthouse ${runs === 1 ? '(one run)' : `(median of ${runs})`}, mobile (its default: simulated slow 4G and 4× CPU), \`/\` as a visitor. ${fonts}`,
    '',
    table(
      ['category', 'score', 'target', 'verdict'],
      [
        [
          'performance',
          figures.performance,
          `≥ ${TARGETS.performance}`,
          verdict(figures.performance, TARGETS.performance),
        ],
        [
          'accessibility',
          figures.accessibility,
          `≥ ${TARGETS.accessibility}`,
          verdict(figures.accessibility, TARGETS.accessibility),
        ],
        ['best practices', round(figures.bestPractices), '–', '–'],
      ],
    ),
    '',
    table(
      ['FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
      [
        [
          round(figures.fcpMs, 0),
          round(figures.lcpMs, 0),
          round(figures.tbtMs, 0),
          round(figures.cls),
        ],
      ],
    ),
    '',
    failing.length === 0
      ? 'No accessibility audit failed.'
      : [
          'Accessibility audits that failed (to fix):',
          '',
          ...failing.map(({ id, title }) => `- \`${id}\`: ${title}`),
        ].join('\n'),
  ].join('\n');
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const runs = quick ? 1 : 5;
  const categories = quick ? ALL.slice(0, 2) : ALL;
  const stack = await startStack({ tickMs: TICK_MS });
  try {
    const url = `${stack.baseUrl}/`;
    const each: AuditFigures[] = [];
    for (let i = 0; i < runs; i++) each.push(auditFigures(await audit(url, categories)));
    const figures = medianFigures(each);
    const visitorFont = visitorFontInstalled();
    const summary = {
      performance: figures.performance,
      accessibility: figures.accessibility,
      bestPractices: round(figures.bestPractices),
      fcpMs: round(figures.fcpMs, 0),
      lcpMs: round(figures.lcpMs, 0),
      tbtMs: round(figures.tbtMs, 0),
      cls: round(figures.cls),
      performanceTarget: figures.performance >= TARGETS.performance ? 'met' : 'not met',
      accessibilityTarget: figures.accessibility >= TARGETS.accessibility ? 'met' : 'not met',
      failingAccessibility: figures.failingAccessibility.map(({ id }) => id),
      visitorFont,
    };
    return {
      name: 'lighthouse',
      quick,
      params: { url: '/', runs, categories, formFactor: 'mobile', tickMs: TICK_MS },
      summary,
      runs: each,
      markdown: markdown(figures, runs, fontNote(visitorFont)),
    };
  } finally {
    await stack.close();
  }
}

export const benchmark: Benchmark = { name: 'lighthouse', run };
