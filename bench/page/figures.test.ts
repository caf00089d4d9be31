import { describe, expect, it } from 'vitest';
import { type PageRun, summarisePages } from './figures.js';

const run = (round: number, page: PageRun['page'], requestsPerSecond: number): PageRun => ({
  run: round,
  page,
  requestsPerSecond,
  p99Ms: round,
  non2xx: 0,
});

describe('the page benchmark’s figures', () => {
  it('takes the medians of the runs and judges the painted page against half the static one', () => {
    const summary = summarisePages([
      run(1, 'painted', 900),
      run(1, 'static', 2000),
      run(2, 'painted', 1100),
      run(2, 'static', 2000),
      run(3, 'painted', 1000),
      run(3, 'static', 1800),
    ]);
    expect(summary).toMatchObject({
      paintedRequestsPerSecond: 1000,
      staticRequestsPerSecond: 2000,
      paintedVsStatic: 0.5,
      met: true,
    });
    expect(summarisePages([run(1, 'painted', 999), run(1, 'static', 2000)]).met).toBe(false);
  });
});
