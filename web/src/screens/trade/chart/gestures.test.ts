import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindGestures, type GestureHandlers, LONG_PRESS_MS } from './gestures.js';

/** A stand-in for the plot area: its listeners, and a box at the page's top left. */
function fakeTarget() {
  const listeners = new Map<string, (event: unknown) => void>();
  const target = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    getBoundingClientRect: () => ({ left: 10, top: 20 }),
    setPointerCapture: () => undefined,
  };
  const fire = (type: string, event: Record<string, unknown>) => listeners.get(type)?.(event);
  const pointer = (type: string, x: number, y: number, id = 1) =>
    fire(type, { pointerId: id, pointerType: 'touch', button: 0, clientX: x, clientY: y });
  return { target: target as unknown as HTMLElement, fire, pointer, listeners };
}

function recorder() {
  const calls: string[] = [];
  const handlers: GestureHandlers = {
    pan: (delta) => calls.push(`pan ${delta}`),
    zoom: (factor) => calls.push(`zoom ${factor.toFixed(2)}`),
    reset: () => calls.push('reset'),
    crosshair: (x, y) => calls.push(`crosshair ${x},${y}`),
  };
  return { calls, handlers };
}

describe('chart gestures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('brings the crosshair after a finger rests, which then follows it instead of panning', () => {
    const { target, pointer } = fakeTarget();
    const { calls, handlers } = recorder();
    bindGestures(target, handlers);
    pointer('pointerdown', 110, 120);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['crosshair 100,100']);
    pointer('pointermove', 160, 90);
    expect(calls).toEqual(['crosshair 100,100', 'crosshair 150,70']);
    pointer('pointerup', 160, 90);
    // Lifted: the next press drags as before.
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 140, 100);
    expect(calls.at(-1)).toBe('pan 40');
  });

  it('pans with a finger that moves at once, and no crosshair comes', () => {
    const { target, pointer } = fakeTarget();
    const { calls, handlers } = recorder();
    bindGestures(target, handlers);
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 130, 100);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(calls).toEqual(['pan 30']);
  });

  it('keeps the page from scrolling under a crosshair only', () => {
    const { target, pointer, fire } = fakeTarget();
    bindGestures(target, recorder().handlers);
    const touchMove = () => {
      const event = {
        cancelable: true,
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
      };
      fire('touchmove', event);
      return event.prevented;
    };
    pointer('pointerdown', 100, 100);
    expect(touchMove()).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(touchMove()).toBe(true);
  });

  it('pinches to zoom with two fingers', () => {
    const { target, pointer } = fakeTarget();
    const { calls, handlers } = recorder();
    bindGestures(target, handlers);
    pointer('pointerdown', 100, 100, 1);
    pointer('pointerdown', 200, 100, 2);
    pointer('pointermove', 250, 100, 2);
    expect(calls).toEqual(['zoom 0.67']);
  });
});
