/**
 * Pointer gestures on the chart: one finger (or the mouse) drags to pan, two fingers pinch to
 * zoom, the wheel zooms, a double tap or click goes back to the latest candles. A press that
 * barely moves is left alone, so a tap still places the crosshair.
 */
import { pinchFactor, wheelFactor } from './viewport.js';

export interface GestureHandlers {
  /** The content was dragged by `deltaPx` (positive: to the right). */
  pan(deltaPx: number): void;
  /** Zoom by `factor` (above 1: out) around `atPx` from the target's left edge. */
  zoom(factor: number, atPx: number): void;
  /** Back to the first window. */
  reset(): void;
}

/** Movement under this many px is a tap, not a drag. */
const DRAG_SLOP = 6;

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

  const left = () => target.getBoundingClientRect().left;

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
    if (pointers.size === 1 && first) {
      downAt = first;
      dragging = false;
    } else if (first && second) {
      pinchDistance = distance(first, second);
      dragging = false;
    }
  };

  const onMove = (event: PointerEvent) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    const [first, second] = [...pointers.values()];
    if (first && second) {
      const next = distance(first, second);
      handlers.zoom(pinchFactor(pinchDistance, next), (first.x + second.x) / 2 - left());
      pinchDistance = next;
      return;
    }
    if (!dragging && downAt && Math.abs(now.x - downAt.x) < DRAG_SLOP) return;
    // The first real move pans from where the press began.
    const from = dragging ? before.x : (downAt?.x ?? before.x);
    dragging = true;
    handlers.pan(now.x - from);
  };

  const onUp = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
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

  target.addEventListener('pointerdown', onDown);
  target.addEventListener('pointermove', onMove);
  target.addEventListener('pointerup', onUp);
  target.addEventListener('pointercancel', onUp);
  target.addEventListener('wheel', onWheel, { passive: false });
  target.addEventListener('dblclick', onDoubleClick);
  return () => {
    target.removeEventListener('pointerdown', onDown);
    target.removeEventListener('pointermove', onMove);
    target.removeEventListener('pointerup', onUp);
    target.removeEventListener('pointercancel', onUp);
    target.removeEventListener('wheel', onWheel);
    target.removeEventListener('dblclick', onDoubleClick);
  };
}
