import { describe, expect, it } from 'vitest';
import {
  axisOf,
  FLICK_SPEED,
  offsetOf,
  revealAt,
  SWIPE_SLOP_PX,
  settlesOpen,
  velocityOf,
} from './swipe-gesture.js';

describe('axisOf', () => {
  it('waits until the finger left the slop', () => {
    expect(axisOf(0, 0)).toBe('none');
    expect(axisOf(SWIPE_SLOP_PX - 1, 0)).toBe('none');
    expect(axisOf(5, 5)).toBe('none');
  });

  it('takes the axis the finger moved most along', () => {
    expect(axisOf(-SWIPE_SLOP_PX, 0)).toBe('x');
    expect(axisOf(20, -10)).toBe('x');
    expect(axisOf(3, 12)).toBe('y');
    expect(axisOf(-10, -10)).toBe('y');
  });
});

describe('revealAt', () => {
  it('opens as the finger moves toward the start, left to right', () => {
    expect(revealAt(0, -30, 88, false)).toBe(30);
    expect(revealAt(0, 30, 88, false)).toBe(0);
    expect(revealAt(88, 20, 88, false)).toBe(68);
  });

  it('opens toward the right in a right-to-left layout', () => {
    expect(revealAt(0, 30, 88, true)).toBe(30);
    expect(revealAt(0, -30, 88, true)).toBe(0);
  });

  it('stays between closed and fully open', () => {
    expect(revealAt(0, -500, 88, false)).toBe(88);
    expect(revealAt(88, 500, 88, false)).toBe(0);
    expect(revealAt(40, -500, 88, true)).toBe(0);
  });
});

describe('settlesOpen', () => {
  it('opens past half the action on a slow release', () => {
    expect(settlesOpen(45, 88, 0, false)).toBe(true);
    expect(settlesOpen(44, 88, 0, false)).toBe(false);
    expect(settlesOpen(0, 0, 0, false)).toBe(false);
  });

  it('follows a flick whatever the distance', () => {
    expect(settlesOpen(10, 88, -FLICK_SPEED, false)).toBe(true);
    expect(settlesOpen(80, 88, FLICK_SPEED, false)).toBe(false);
    expect(settlesOpen(10, 88, FLICK_SPEED, true)).toBe(true);
    expect(settlesOpen(80, 88, -FLICK_SPEED, true)).toBe(false);
  });

  it('treats a slower release as slow', () => {
    expect(settlesOpen(10, 88, -(FLICK_SPEED / 2), false)).toBe(false);
    expect(settlesOpen(80, 88, FLICK_SPEED / 2, false)).toBe(true);
  });
});

describe('offsetOf', () => {
  it('moves the row toward its start', () => {
    expect(offsetOf(30, false)).toBe(-30);
    expect(offsetOf(30, true)).toBe(30);
    expect(Object.is(offsetOf(0, false), 0)).toBe(true);
  });
});

describe('velocityOf', () => {
  it('is px per ms, signed by direction', () => {
    expect(velocityOf({ x: 100, t: 0 }, { x: 60, t: 80 })).toBe(-0.5);
    expect(velocityOf({ x: 0, t: 10 }, { x: 30, t: 40 })).toBe(1);
  });

  it('is 0 for samples of the same moment', () => {
    expect(velocityOf({ x: 0, t: 5 }, { x: 40, t: 5 })).toBe(0);
  });
});
