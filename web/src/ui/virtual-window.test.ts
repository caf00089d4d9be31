import { describe, expect, it } from 'vitest';
import {
  firstWindow,
  holdsView,
  nextWindow,
  type RowWindow,
  sameWindow,
  visibleWindow,
} from './virtual-window.js';

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

describe('nextWindow', () => {
  // A phone's first screen: the list starts 130 px down a 740 px viewport, 6 rows overscan;
  // rows 0–10 are in view and visibleWindow would render 0–17.
  const phone = { count: 300, rowHeight: 60, viewportHeight: 740, overscan: 6, scrollOffset: -130 };

  it('keeps a first guess that holds the rows in view with half the overscan to spare', () => {
    const guess = { start: 0, end: 16 };
    expect(nextWindow(guess, phone)).toBe(guess);
  });

  it('replaces a window that leaves too little to spare below the view', () => {
    const guess = { start: 0, end: 13 };
    expect(nextWindow(guess, phone)).toEqual({ start: 0, end: 17 });
  });

  it('re-renders a few times while scrolling, not at every row', () => {
    const changesOver = (next: (range: RowWindow, scrollOffset: number) => RowWindow) => {
      let range: RowWindow = { start: 0, end: 16 };
      let changes = 0;
      // 1 200 px in 20 px steps: 20 rows go by.
      for (let scrolled = 0; scrolled <= 1200; scrolled += 20) {
        const scrollOffset = phone.scrollOffset + scrolled;
        const following = next(range, scrollOffset);
        if (!sameWindow(following, range)) changes++;
        range = following;
        // Every row in view is rendered at every step.
        expect(range.start).toBeLessThanOrEqual(Math.max(0, Math.floor(scrollOffset / 60)));
        expect(range.end).toBeGreaterThanOrEqual(Math.ceil((scrollOffset + 740) / 60));
      }
      return changes;
    };
    const rowByRow = changesOver((_, scrollOffset) => visibleWindow({ ...phone, scrollOffset }));
    const withSpare = changesOver((range, scrollOffset) =>
      nextWindow(range, { ...phone, scrollOffset }),
    );
    expect(rowByRow).toBeGreaterThanOrEqual(20);
    expect(withSpare).toBeLessThanOrEqual(rowByRow / 3);
  });

  it('replaces a window far from the view, or much larger than needed', () => {
    expect(nextWindow({ start: 200, end: 230 }, phone)).toEqual({ start: 0, end: 17 });
    expect(nextWindow({ start: 0, end: 40 }, phone)).toEqual({ start: 0, end: 17 });
  });

  it('returns the very same window when nothing changes, so React skips the render', () => {
    const exact = { start: 0, end: 17 };
    expect(nextWindow(exact, phone)).toBe(exact);
  });

  it('fits the window to a list that shrank', () => {
    expect(nextWindow({ start: 0, end: 16 }, { ...phone, count: 5 })).toEqual({ start: 0, end: 5 });
    expect(nextWindow({ start: 40, end: 60 }, { ...phone, count: 5 })).toEqual({
      start: 0,
      end: 5,
    });
  });
});

describe('firstWindow', () => {
  it('holds as many rows as the viewport shows from the list’s top', () => {
    expect(firstWindow(60, 740)).toEqual({ start: 0, end: 13 });
    expect(firstWindow(60, 720)).toEqual({ start: 0, end: 12 });
  });

  it('holds nothing for a row height that is not positive or an empty viewport', () => {
    expect(firstWindow(0, 740)).toEqual({ start: 0, end: 0 });
    expect(firstWindow(60, -5)).toEqual({ start: 0, end: 0 });
  });
});

describe('holdsView', () => {
  const list = { count: 300, rowHeight: 60, viewportHeight: 740, overscan: 6 };

  it('accepts the first window for a list that starts in view', () => {
    expect(holdsView(firstWindow(60, 740), { ...list, scrollOffset: -130 })).toBe(true);
    expect(holdsView(firstWindow(60, 740), { ...list, scrollOffset: 0 })).toBe(true);
  });

  it('refuses it for a list already scrolled past its first rows', () => {
    expect(holdsView(firstWindow(60, 740), { ...list, scrollOffset: 300 })).toBe(false);
  });

  it('needs no overscan, and no rows past the end of a short list', () => {
    expect(holdsView({ start: 0, end: 11 }, { ...list, scrollOffset: -130 })).toBe(true);
    expect(holdsView({ start: 0, end: 10 }, { ...list, scrollOffset: -130 })).toBe(false);
    expect(holdsView({ start: 0, end: 13 }, { ...list, count: 4, scrollOffset: -130 })).toBe(true);
  });
});
