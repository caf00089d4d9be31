/**
 * Pointer gestures on the chart: one finger (or the mouse) drags to pan, two fingers pinch to
 * zoom, the wheel zooms, a double tap or click goes back to the latest candles, and a finger
 * held still for a moment brings the crosshair, which then follows it instead of panning. A
 * press that barely moves is left alone, so a tap still places the crosshair.
 */
import { pinchFactor, wheelFactor } from './viewport.js';

export interface GestureHandlers {
  /** The content was dragged by `deltaPx` (positive: to the right). */
  pan(deltaPx: number): void;
  /** Zoom by `factor` (above 1: out) around `atPx` from the target's left edge. */
  zoom(factor: number, atPx: number): void;
  /** Back to the first window. */
  reset(): void;
  /** The crosshair to `x`, `y` px from the target's top left (a long press, then its moves). */
  crosshair?(x: number, y: number): void;
}

/** Movement under this many px is a tap, not a drag. */
const DRAG_SLOP = 6;
/** How long a finger rests before the crosshair comes (about a phone's own long press). */
export const LONG_PRESS_MS = 450;

interface Point {
  x: number;
  y: number;
}

function distance(a: Point, b: Point) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Binds the gestures to `target`; returns the unbinding function. */
export function bindGestures(target: HTMLElement, handlers: GestureHandlers): () => void {
  const pointers = new Map<number, Point>();
  let dragging = false;
  let downAt: Point | null = null;
  let pinchDistance = 0;
  let pressTimer: ReturnType<typeof setTimeout> | undefined;
  /** A long press made the finger move the crosshair until it lifts. */
  let crosshairing = false;

  const left = () => target.getBoundingClientRect().left;
  const showCrosshair = (at: Point) => {
    const box = target.getBoundingClientRect();
    handlers.crosshair?.(at.x - box.left, at.y - box.top);
  };
  const stopPress = () => {
    clearTimeout(pressTimer);
    pressTimer = undefined;
  };

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (event.pointerType === 'mouse') {
      try {
        target.setPointerCapture(event.pointerId);
      } catch {
        // A pointer that is already gone cannot be captured; the drag simply ends early.
      }
    }
    const [first, second] = [...pointers.values()];
    stopPress();
    if (pointers.size === 1 && first) {
      downAt = first;
      dragging = false;
      if (event.pointerType !== 'mouse' && handlers.crosshair) {
        pressTimer = setTimeout(() => {
          pressTimer = undefined;
          const at = pointers.get(event.pointerId);
          if (!at || dragging) return;
          crosshairing = true;
          showCrosshair(at);
        }, LONG_PRESS_MS);
      }
    } else if (first && second) {
      crosshairing = false;
      pinchDistance = distance(first, second);
      dragging = false;
    }
  };

  const onMove = (event: PointerEvent) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (crosshairing) {
      showCrosshair(now);
      return;
    }
    const [first, second] = [...pointers.values()];
    if (first && second) {
      const next = distance(first, second);
      handlers.zoom(pinchFactor(pinchDistance, next), (first.x + second.x) / 2 - left());
      pinchDistance = next;
      return;
    }
    // Any real move is not a long press; only a sideways one pans (vertical swipes scroll).
    if (downAt && distance(now, downAt) >= DRAG_SLOP) stopPress();
    if (!dragging && downAt && Math.abs(now.x - downAt.x) < DRAG_SLOP) return;
    // The first real move pans from where the press began.
    const from = dragging ? before.x : (downAt?.x ?? before.x);
    dragging = true;
    handlers.pan(now.x - from);
  };

  const onUp = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    stopPress();
    crosshairing = false;
    if (pointers.size === 0) {
      dragging = false;
      downAt = null;
    } else {
      // One finger of a pinch lifted: the other carries on as a drag from where it is.
      const [rest] = [...pointers.values()];
      downAt = rest ?? null;
      dragging = true;
    }
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    handlers.zoom(wheelFactor(event.deltaY), event.clientX - left());
  };

  const onDoubleClick = () => handlers.reset();

  // The page would scroll under a finger that moves the crosshair (the chart lets vertical
  // swipes scroll): a crosshair's touch moves are the chart's own.
  const onTouchMove = (event: TouchEvent) => {
    if (crosshairing && event.cancelable) event.preventDefault();
  };

  target.addEventListener('pointerdown', onDown);
  target.addEventListener('pointermove', onMove);
  target.addEventListener('pointerup', onUp);
  target.addEventListener('pointercancel', onUp);
  target.addEventListener('wheel', onWheel, { passive: false });
  target.addEventListener('dblclick', onDoubleClick);
  target.addEventListener('touchmove', onTouchMove, { passive: false });
  return () => {
    stopPress();
    target.removeEventListener('touchmove', onTouchMove);
    target.removeEventListener('pointerdown', onDown);
    target.removeEventListener('pointermove', onMove);
    target.removeEventListener('pointerup', onUp);
    target.removeEventListener('pointercancel', onUp);
    target.removeEventListener('wheel', onWheel);
    target.removeEventListener('dblclick', onDoubleClick);
  };
}
