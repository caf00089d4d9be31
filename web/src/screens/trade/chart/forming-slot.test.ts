import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { layeredFrom, slotColumn, withinRange } from './forming-slot.js';

/**
 * A plot of what `slotColumn` reads: an x scale from `min` to `max` seconds across a plot area
 * `left` to `left + width` canvas px.
 */
function plot(min: number, max: number, left: number, width: number): uPlot {
  const valToPos = (value: number) => left + ((value - min) / (max - min)) * width;
  return {
    scales: { x: { min, max } },
    bbox: { left, top: 0, width, height: 100 },
    valToPos,
  } as unknown as uPlot;
}

describe('layeredFrom', () => {
  it('starts the layer at the candle before the forming one', () => {
    expect(layeredFrom(60)).toBe(58);
    expect(layeredFrom(2)).toBe(0);
    expect(layeredFrom(1)).toBe(0);
    expect(layeredFrom(0)).toBe(0);
  });
});

describe('slotColumn', () => {
  // Ten one-minute candles, 10 px a slot, on a plot from x = 16 px.
  const times = Array.from({ length: 10 }, (_, i) => 600 + 60 * i);

  it('runs from the left edge of the candle before the forming one to the plot’s right edge', () => {
    const u = plot(600, 1200, 16, 100);
    // Candle 8 (1080 s) is at 16 + 80 = 96 px: its slot's left edge is half a slot before.
    expect(slotColumn(u, times, 60)).toEqual({ left: 91, right: 116 });
  });

  it('keeps to whole pixels, taking in a partly covered one', () => {
    const u = plot(600, 1200, 16.5, 100.25);
    const column = slotColumn(u, times, 60);
    expect(column?.left).toBe(Math.floor(16.5 + 0.8 * 100.25 - 100.25 / 20));
    expect(column?.right).toBe(117);
  });

  it('is nothing once the forming candle is panned off the plot, and starts at the plot', () => {
    expect(slotColumn(plot(0, 300, 16, 100), times, 60)).toBeNull();
    const zoomedIn = slotColumn(plot(1070, 1200, 16, 100), times, 60);
    expect(zoomedIn?.left).toBe(16);
  });

  it('is nothing without candles or before the x scale is set', () => {
    expect(slotColumn(plot(600, 1200, 16, 100), [], 60)).toBeNull();
    const unset = { ...plot(600, 1200, 16, 100), scales: { x: { min: null } } } as unknown as uPlot;
    expect(slotColumn(unset, times, 60)).toBeNull();
  });
});

describe('withinRange', () => {
  const range = { min: 1.08, max: 1.09 };

  it('holds for values inside the drawn range, its ends included', () => {
    expect(withinRange(range, [1.08, 1.085, 1.09])).toBe(true);
  });

  it('fails for any value past either end: the scale would move', () => {
    expect(withinRange(range, [1.085, 1.0901])).toBe(false);
    expect(withinRange(range, [1.0799])).toBe(false);
  });

  it('passes over missing values and fails before anything was drawn', () => {
    expect(withinRange(range, [null, undefined, Number.NaN, 1.085])).toBe(true);
    expect(withinRange(undefined, [1.085])).toBe(false);
  });
});
