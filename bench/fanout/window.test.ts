import { describe, expect, it } from 'vitest';
import { windowFrames } from './window.js';

describe('windowFrames', () => {
  const plan = { minMs: 2000, minDeliveries: 50_000 };

  it('stretches the window of few clients to hold the deliveries', () => {
    expect(windowFrames(plan, 1000, 10)).toBe(50);
    expect(windowFrames(plan, 2000, 10)).toBe(25);
  });

  it('keeps the shortest window when many clients fill it already', () => {
    expect(windowFrames(plan, 5000, 10)).toBe(20);
  });

  it('measures at least one frame', () => {
    expect(windowFrames({ minMs: 0, minDeliveries: 0 }, 200, 10)).toBe(1);
  });
});
