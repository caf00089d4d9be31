import { describe, expect, it } from 'vitest';
import {
  PULL_MAX_PX,
  PULL_THRESHOLD_PX,
  phaseAt,
  pullDistance,
  releaseRefreshes,
} from './pull-gesture.js';

describe('pull-to-refresh gesture', () => {
  it('follows the finger at half its way, never upwards, and up to a maximum', () => {
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(10_000)).toBe(PULL_MAX_PX);
    expect(pullDistance(Number.NaN)).toBe(0);
  });

  it('arms at the threshold, and only an armed release refreshes', () => {
    expect(phaseAt(0)).toBe('idle');
    expect(phaseAt(PULL_THRESHOLD_PX - 1)).toBe('pulling');
    expect(phaseAt(PULL_THRESHOLD_PX)).toBe('armed');
    expect(releaseRefreshes(PULL_THRESHOLD_PX - 1)).toBe(false);
    expect(releaseRefreshes(pullDistance(PULL_THRESHOLD_PX * 2))).toBe(true);
  });
});
