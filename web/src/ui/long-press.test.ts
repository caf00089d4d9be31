import type { MouseEvent, PointerEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, longPressHandlers } from './long-press.js';

const row = { id: 'EURUSD' } as unknown as HTMLElement;

/** A pointer event on the row, where the handlers read it. */
const pointer = (pointerType: string, clientX = 100, clientY = 200) =>
  ({ pointerType, clientX, clientY, currentTarget: row }) as unknown as PointerEvent<HTMLElement>;

/** A click (or context menu) on the row; `prevented()` tells whether it was swallowed. */
function click() {
  let prevented = false;
  const event = {
    currentTarget: row,
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as MouseEvent<HTMLElement>;
  return { event, prevented: () => prevented };
}

/** The handlers over a recorder of the long presses they report. */
function setup() {
  const pressed: HTMLElement[] = [];
  const handlers = longPressHandlers((target) => pressed.push(target));
  return { handlers, pressed };
}

/** A finger held on the row until the press counts. */
function holdLong(handlers: ReturnType<typeof longPressHandlers>) {
  handlers.onPointerDown(pointer('touch'));
  vi.advanceTimersByTime(LONG_PRESS_MS);
}

describe('a long press on a touch screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once a finger has been held still long enough, on the row it pressed', () => {
    const { handlers, pressed } = setup();
    handlers.onPointerDown(pointer('touch'));
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(pressed).toEqual([]);
    // A tremble within the tolerance is still a press.
    handlers.onPointerMove(pointer('touch', 104, 203));
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual([row]);
    vi.advanceTimersByTime(LONG_PRESS_MS * 4);
    expect(pressed).toEqual([row]);
  });

  it('is cancelled by a finger that moves past the tolerance (a scroll) or lifts early', () => {
    const { handlers, pressed } = setup();
    handlers.onPointerDown(pointer('touch'));
    vi.advanceTimersByTime(LONG_PRESS_MS / 2);
    handlers.onPointerMove(pointer('touch', 100, 211));
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(pressed).toEqual([]);

    handlers.onPointerDown(pointer('pen'));
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    handlers.onPointerUp();
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(pressed).toEqual([]);
  });

  it('swallows the click that ends it, and only that one', () => {
    const { handlers, pressed } = setup();
    holdLong(handlers);
    handlers.onPointerUp();
    const ending = click();
    handlers.onClick(ending.event);
    expect(ending.prevented()).toBe(true);
    // The next tap follows the row's link as usual.
    handlers.onPointerDown(pointer('touch'));
    handlers.onPointerUp();
    const tap = click();
    handlers.onClick(tap.event);
    expect(tap.prevented()).toBe(false);
    expect(pressed).toEqual([row]);
  });

  it('acts once when the phone also opens the context menu for the same press', () => {
    const { handlers, pressed } = setup();
    holdLong(handlers);
    const menu = click();
    handlers.onContextMenu(menu.event);
    expect(menu.prevented()).toBe(true);
    expect(pressed).toEqual([row]);
  });

  it('leaves a mouse to its right button', () => {
    const { handlers, pressed } = setup();
    handlers.onPointerDown(pointer('mouse'));
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(pressed).toEqual([]);
    handlers.onContextMenu(click().event);
    expect(pressed).toEqual([row]);
  });
});
