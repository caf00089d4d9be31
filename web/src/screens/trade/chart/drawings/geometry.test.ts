import type { Drawing } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { distanceToSegment, dragDrawing, drawingAt, type Projection, pointAt } from './geometry.js';

/** A chart 1 px per second from time 1000, and 1000 px per price unit down from 2. */
const view: Projection = {
  x: (time) => time - 1000,
  y: (price) => (2 - price) * 1000,
  time: (x) => x + 1000,
  price: (y) => 2 - y / 1000,
};

const horizontal: Drawing = { id: 'h', kind: 'horizontal', price: 1.9 };
const trend: Drawing = {
  id: 't',
  kind: 'trend',
  from: { time: 1000, price: 1.9 },
  to: { time: 1200, price: 1.7 },
};

describe('drawing geometry', () => {
  it('measures a point’s distance to a segment, ends included', () => {
    expect(distanceToSegment({ x: 5, y: 5 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 13, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });

  it('finds the drawing under a finger, and none away from every line', () => {
    // The horizontal line is at y 100; the trend line runs from (0, 100) to (200, 300).
    expect(drawingAt([horizontal, trend], view, { x: 150, y: 95 })?.id).toBe('h');
    expect(drawingAt([horizontal, trend], view, { x: 100, y: 205 })?.id).toBe('t');
    expect(drawingAt([horizontal, trend], view, { x: 150, y: 160 })).toBeNull();
    expect(drawingAt([trend], view, { x: 260, y: 360 })).toBeNull();
  });

  it('drags a horizontal line by its price only, rounded to the instrument’s decimals', () => {
    expect(dragDrawing(horizontal, 'line', view, 40, -12.4, 2)).toEqual({
      ...horizontal,
      price: 1.91,
    });
    // Never to a price of 0 or below.
    expect(dragDrawing(horizontal, 'line', view, 0, 5000, 2)).toEqual(horizontal);
  });

  it('drags a whole trend line, or one end of it', () => {
    expect(dragDrawing(trend, 'line', view, 10, 100, 3)).toEqual({
      ...trend,
      from: { time: 1010, price: 1.8 },
      to: { time: 1210, price: 1.6 },
    });
    expect(dragDrawing(trend, 'to', view, -50, 0, 3)).toEqual({
      ...trend,
      to: { time: 1150, price: 1.7 },
    });
    // Both ends at one moment would be no line: it stays where it was.
    expect(dragDrawing(trend, 'to', view, -200, 0, 3)).toEqual(trend);
  });

  it('reads the chart point under a finger to the second and the price step', () => {
    expect(pointAt(view, { x: 20.4, y: 123.456 }, 3)).toEqual({ time: 1020, price: 1.877 });
  });
});
