import { describe, expect, it } from 'vitest';
import { sameWindow, visibleWindow } from './virtual-window.js';

const base = { count: 100, rowHeight: 60, viewportHeight: 600, overscan: 0 };

describe('visibleWindow', () => {
  it('covers exactly the rows in the viewport without overscan', () => {
    expect(visibleWindow({ ...base, scrollOffset: 0 })).toEqual({ start: 0, end: 10 });
    // Scrolled 90 px in: row 1 is half out at the top, row 11 half in at the bottom.
    expect(visibleWindow({ ...base, scrollOffset: 90 })).toEqual({ start: 1, end: 12 });
  });

  it('adds the overscan rows on both sides', () => {
    expect(visibleWindow({ ...base, scrollOffset: 1200, overscan: 3 })).toEqual({
      start: 17,
      end: 33,
    });
  });

  it('clamps the overscan at the list ends', () => {
    expect(visibleWindow({ ...base, scrollOffset: 0, overscan: 5 })).toEqual({ start: 0, end: 15 });
    expect(visibleWindow({ ...base, scrollOffset: 5700, overscan: 5 })).toEqual({
      start: 90,
      end: 100,
    });
  });

  it('renders the first rows of a list that starts lower on the page', () => {
    // The list begins 480 px below the viewport's top: rows 0 and 1 show.
    expect(visibleWindow({ ...base, scrollOffset: -480 })).toEqual({ start: 0, end: 2 });
    // Wholly below the viewport: only the overscan rows, ready for the scroll.
    expect(visibleWindow({ ...base, scrollOffset: -2000, overscan: 4 })).toEqual({
      start: 0,
      end: 4,
    });
  });

  it('keeps the last rows of a list scrolled past', () => {
    expect(visibleWindow({ ...base, scrollOffset: 9000, overscan: 4 })).toEqual({
      start: 96,
      end: 100,
    });
  });

  it('renders everything when the list is shorter than the viewport', () => {
    expect(visibleWindow({ ...base, count: 4, scrollOffset: -100, overscan: 2 })).toEqual({
      start: 0,
      end: 4,
    });
  });

  it('renders nothing for an empty list or a row height that is not positive', () => {
    expect(visibleWindow({ ...base, count: 0, scrollOffset: 0, overscan: 5 })).toEqual({
      start: 0,
      end: 0,
    });
    expect(visibleWindow({ ...base, rowHeight: 0, scrollOffset: 0 })).toEqual({
      start: 0,
      end: 0,
    });
  });

  it('treats a fractional or negative overscan safely', () => {
    expect(visibleWindow({ ...base, scrollOffset: 600, overscan: 2.7 })).toEqual({
      start: 8,
      end: 22,
    });
    expect(visibleWindow({ ...base, scrollOffset: 600, overscan: -3 })).toEqual({
      start: 10,
      end: 20,
    });
  });
});

describe('sameWindow', () => {
  it('compares both ends', () => {
    expect(sameWindow({ start: 2, end: 9 }, { start: 2, end: 9 })).toBe(true);
    expect(sameWindow({ start: 2, end: 9 }, { start: 2, end: 10 })).toBe(false);
    expect(sameWindow({ start: 1, end: 9 }, { start: 2, end: 9 })).toBe(false);
  });
});
