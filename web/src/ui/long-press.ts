/**
 * A long press on a row (touch or pen held still for `LONG_PRESS_MS`), and the context menu a
 * mouse's right button or a keyboard's menu key opens, as one gesture: the way to a row's
 * secondary action. The tap that ends a long press does not also follow the row's link.
 */
import type { MouseEvent, PointerEvent } from 'react';

/** How long a press is held before it counts (the platforms' own long press is ~500 ms). */
export const LONG_PRESS_MS = 500;
/** A finger that moves this far is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerMove(event: PointerEvent<HTMLElement>): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onClick(event: MouseEvent<HTMLElement>): void;
  onContextMenu(event: MouseEvent<HTMLElement>): void;
}

/**
 * Handlers for every row of a list, made once: the row is told by the element the handlers sit
 * on (`event.currentTarget`), so rows share them and a memoised row does not re-render.
 */
export function longPressHandlers(onLongPress: (row: HTMLElement) => void): LongPressHandlers {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let start: { x: number; y: number } | undefined;
  /** The press in progress already acted: the click that ends it is swallowed. */
  let acted = false;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    start = undefined;
  };
  const act = (row: HTMLElement) => {
    cancel();
    acted = true;
    onLongPress(row);
  };

  return {
    onPointerDown(event) {
      acted = false;
      // A mouse has its right button for this (the context menu, below).
      if (event.pointerType === 'mouse') return;
      cancel();
      const row = event.currentTarget;
      start = { x: event.clientX, y: event.clientY };
      timer = setTimeout(() => act(row), LONG_PRESS_MS);
    },
    onPointerMove(event) {
      if (!start) return;
      const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClick(event) {
      if (!acted) return;
      acted = false;
      event.preventDefault();
    },
    onContextMenu(event) {
      // Phones open it on a long press too: the one gesture acts once.
      event.preventDefault();
      if (acted) return;
      act(event.currentTarget);
    },
  };
}
