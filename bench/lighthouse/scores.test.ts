import { describe, expect, it } from 'vitest';
import { auditFigures, type LighthouseReport, medianFigures } from './scores.js';

function report(performance: number, tbt: number, contrastScore: number | null): LighthouseReport {
  return {
    categories: {
      performance: { score: performance, auditRefs: [] },
      accessibility: {
        score: 0.96,
        auditRefs: [
          { id: 'color-contrast' },
          { id: 'image-alt' },
          { id: 'tabindex' },
          { id: 'manual' },
        ],
      },
      'best-practices': { score: 1, auditRefs: [] },
    },
    audits: {
      'first-contentful-paint': {
        title: 'FCP',
        score: 0.9,
        scoreDisplayMode: 'numeric',
        numericValue: 1200,
      },
      'largest-contentful-paint': {
        title: 'LCP',
        score: 0.8,
        scoreDisplayMode: 'numeric',
        numericValue: 2100,
      },
      'total-blocking-time': {
        title: 'TBT',
        score: 0.7,
        scoreDisplayMode: 'numeric',
        numericValue: tbt,
      },
      'cumulative-layout-shift': {
        title: 'CLS',
        score: 1,
        scoreDisplayMode: 'numeric',
        numericValue: 0.01,
      },
      'color-contrast': { title: 'Contrast', score: contrastScore, scoreDisplayMode: 'binary' },
      'image-alt': { title: 'Alt text', score: 1, scoreDisplayMode: 'binary' },
      tabindex: { title: 'Tab index', score: null, scoreDisplayMode: 'notApplicable' },
      manual: { title: 'Manual check', score: 0, scoreDisplayMode: 'manual' },
    },
  };
}

describe('auditFigures', () => {
  it('reads scores out of 100, the key metrics and the failed accessibility audits', () => {
    expect(auditFigures(report(0.91, 150, 0))).toEqual({
      performance: 91,
      accessibility: 96,
      bestPractices: 100,
      fcpMs: 1200,
      lcpMs: 2100,
      tbtMs: 150,
      cls: 0.01,
      failingAccessibility: [{ id: 'color-contrast', title: 'Contrast' }],
    });
  });

  it('gives NaN for a category the run left out', () => {
    const { 'best-practices': _left, ...categories } = report(0.5, 0, 1).categories;
    const figures = auditFigures({ ...report(0.5, 0, 1), categories });
    expect(figures.bestPractices).toBeNaN();
    expect(figures.failingAccessibility).toEqual([]);
  });
});

describe('medianFigures', () => {
  it('takes medians and lists an audit that failed in any run', () => {
    const runs = [report(0.9, 100, 1), report(0.8, 300, 0), report(0.95, 200, 1)].map(auditFigures);
    const median = medianFigures(runs);
    expect(median.performance).toBe(90);
    expect(median.tbtMs).toBe(200);
    expect(median.failingAccessibility.map(({ id }) => id)).toEqual(['color-contrast']);
  });

  it('ignores a category missing from every run', () => {
    const figures = auditFigures(report(0.9, 100, 1));
    expect(medianFigures([{ ...figures, bestPractices: Number.NaN }]).bestPractices).toBeNaN();
  });
});
