import { describe, expect, it } from 'vitest';
import { createRiskCrossings, RISK_REARM_POINTS, riskBand } from './risk.js';

describe('riskBand', () => {
  it.each<[number | null, number]>([
    [null, 0],
    [500, 0],
    [150.01, 0],
    [150, 1],
    [120, 1],
    [100, 2],
    [40, 2],
  ])('%s %% → band %i', (rate, band) => {
    expect(riskBand(rate)).toBe(band);
  });
});

describe('createRiskCrossings', () => {
  it('tells each downward crossing once, and again only after a clear recovery', () => {
    const crossings = createRiskCrossings([150, 100]);
    const told = [200, 149, 148, 151, 149, 99, 120, 90].map((rate) => crossings.update(rate));
    // 149: the warning; wavering around 150 is the same crossing; 99: the margin call; 120 is
    // clear of 100 by more than the re-arm margin, so 90 crosses 100 again.
    expect(told).toEqual([0, 1, 0, 0, 0, 2, 0, 2]);
    expect(crossings.update(150 + RISK_REARM_POINTS + 1)).toBe(0);
    expect(crossings.update(140)).toBe(1);
  });

  it('treats no margin in use as clear, and forgets on reset', () => {
    const crossings = createRiskCrossings([150, 100]);
    expect(crossings.update(80)).toBe(2);
    expect(crossings.update(null)).toBe(0);
    expect(crossings.update(140)).toBe(1);
    crossings.reset();
    expect(crossings.update(140)).toBe(1);
  });
});
