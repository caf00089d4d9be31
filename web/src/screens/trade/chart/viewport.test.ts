import { describe, expect, it } from 'vitest';
import {
  clampViewport,
  followLatest,
  initialViewport,
  panViewport,
  pinchFactor,
  type ViewBounds,
  wheelFactor,
  zoomViewport,
} from './viewport.js';

/** 200 one-minute candles starting at t = 60 000 s. */
const bounds: ViewBounds = { first: 60_000, last: 60_000 + 199 * 60, period: 60 };
const right = bounds.last + 2 * 60;
const left = bounds.first - 60;

describe('the first window', () => {
  it('shows the latest 60 candles and a margin of two after them', () => {
    expect(initialViewport(bounds)).toEqual({ min: right - 62 * 60, max: right });
  });

  it('shows everything, pinned right, when there are few candles', () => {
    const few: ViewBounds = { first: 60_000, last: 60_000 + 4 * 60, period: 60 };
    // The closest zoom is 10 candles wide; the data with its margins spans only 8.
    expect(initialViewport(few)).toEqual({ min: 60_000 + 6 * 60 - 600, max: 60_000 + 6 * 60 });
  });
});

describe('clamping', () => {
  it('slides a window back inside the data', () => {
    expect(clampViewport({ min: right, max: right + 600 }, bounds)).toEqual({
      min: right - 600,
      max: right,
    });
    expect(clampViewport({ min: 0, max: 600 }, bounds)).toEqual({ min: left, max: left + 600 });
  });

  it('keeps the span within the zoom limits', () => {
    const tight = clampViewport({ min: 70_000, max: 70_060 }, bounds);
    expect(tight.max - tight.min).toBe(600);
    const wide = clampViewport({ min: 0, max: 10_000_000 }, bounds);
    expect(wide).toEqual({ min: left, max: right });
  });
});

describe('panning', () => {
  const view = { min: 68_000, max: 69_200 };

  it('drags right into history by the share of the width moved', () => {
    // 100 px of 400 is a quarter of a 1200 s window.
    expect(panViewport(view, 100, 400, bounds)).toEqual({ min: 67_700, max: 68_900 });
    expect(panViewport(view, -100, 400, bounds)).toEqual({ min: 68_300, max: 69_500 });
  });

  it('stops at the ends', () => {
    expect(panViewport(view, 100_000, 400, bounds).min).toBe(left);
    expect(panViewport(view, -100_000, 400, bounds).max).toBe(right);
  });

  it('ignores a plot without width', () => {
    expect(panViewport(view, 50, 0, bounds)).toBe(view);
  });
});

describe('zooming', () => {
  const view = { min: 68_000, max: 69_200 };

  it('keeps the anchor where it is on screen', () => {
    const anchor = 68_300;
    const zoomed = zoomViewport(view, 0.5, anchor, bounds);
    expect(zoomed.max - zoomed.min).toBe(600);
    expect((anchor - zoomed.min) / (zoomed.max - zoomed.min)).toBeCloseTo(0.25);
  });

  it('stops at the closest and the widest zoom', () => {
    const closest = zoomViewport(view, 0.01, 68_600, bounds);
    expect(closest.max - closest.min).toBe(600);
    expect(zoomViewport(view, 1000, 68_600, bounds)).toEqual({ min: left, max: right });
  });

  it('ignores a factor that is not a positive number', () => {
    expect(zoomViewport(view, 0, 68_600, bounds)).toBe(view);
    expect(zoomViewport(view, Number.NaN, 68_600, bounds)).toBe(view);
  });

  it('turns wheels and pinches into factors', () => {
    expect(wheelFactor(100)).toBeGreaterThan(1);
    expect(wheelFactor(-100)).toBeLessThan(1);
    expect(wheelFactor(0)).toBe(1);
    expect(wheelFactor(1e9)).toBe(wheelFactor(300));
    expect(pinchFactor(100, 200)).toBe(0.5);
    expect(pinchFactor(0, 200)).toBe(1);
  });
});

describe('following new candles', () => {
  const grown: ViewBounds = { ...bounds, last: bounds.last + 60 };

  it('moves a window that showed the latest candle', () => {
    const view = initialViewport(bounds);
    expect(followLatest(view, bounds.last, grown)).toEqual({
      min: view.min + 60,
      max: view.max + 60,
    });
  });

  it('leaves a window panned into history', () => {
    const view = { min: 65_000, max: 66_200 };
    expect(followLatest(view, bounds.last, grown)).toEqual(view);
  });
});
