/**
 * What the lighthouse benchmark reads from a Lighthouse report (LHR): the category scores, the
 * key metrics and the accessibility audits that failed, and their medians over runs. Pure.
 */
import { median } from '../lib/stats.js';

/** The part of a Lighthouse result (`runnerResult.lhr`) this reads. */
export interface LighthouseReport {
  readonly categories: Readonly<
    Record<string, { readonly score: number | null; readonly auditRefs: readonly { id: string }[] }>
  >;
  readonly audits: Readonly<
    Record<
      string,
      {
        readonly title: string;
        readonly score: number | null;
        readonly scoreDisplayMode: string;
        readonly numericValue?: number;
      }
    >
  >;
}

/** One audit's figures: scores 0–100, times in ms. */
export interface AuditFigures {
  readonly performance: number;
  readonly accessibility: number;
  /** `NaN` when the run left the category out (the quick run). */
  readonly bestPractices: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Accessibility audits that did not pass, by id, with their titles. */
  readonly failingAccessibility: readonly { readonly id: string; readonly title: string }[];
}

/** Whether an audit counts and did not pass (informative, manual and n/a ones never fail). */
function failed(audit: LighthouseReport['audits'][string] | undefined): boolean {
  if (!audit || audit.score === null) return false;
  return (
    (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') && audit.score < 1
  );
}

/** The figures of one report. */
export function auditFigures(report: LighthouseReport): AuditFigures {
  const score = (id: string) => {
    const value = report.categories[id]?.score;
    return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
  };
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const accessibilityRefs = report.categories.accessibility?.auditRefs ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failingAccessibility: accessibilityRefs
      .filter(({ id }) => failed(report.audits[id]))
      .map(({ id }) => ({ id, title: report.audits[id]?.title ?? id })),
  };
}

/**
 * Medians of every figure over `runs`; an accessibility audit is listed when it failed in any
 * run (the team fixes each of them, flaky or not).
 */
export function medianFigures(runs: readonly AuditFigures[]): AuditFigures {
  const of = (field: Exclude<keyof AuditFigures, 'failingAccessibility'>) =>
    median(runs.map((run) => run[field]).filter((value) => !Number.isNaN(value)));
  const failing = new Map<string, string>();
  for (const run of runs)
    for (const { id, title } of run.failingAccessibility) failing.set(id, title);
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    failingAccessibility: [...failing].map(([id, title]) => ({ id, title })),
  };
}

/** The Lighthouse Targets. */
export const TARGETS = { performance: 90, accessibility: 95 } as const;
