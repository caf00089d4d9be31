import { type ReactNode, type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  axisOf,
  offsetOf,
  revealAt,
  type SwipeAxis,
  settlesOpen,
  velocityOf,
} from './swipe-gesture.js';

export interface SwipeRowProps {
  /** What the row shows. */
  readonly children: ReactNode;
  /** The action's name ("Delete"): the revealed button's text and the shortcut's label. */
  readonly actionLabel: string;
  /** Runs the action (which asks for confirmation itself where it destroys something). */
  readonly onAction: () => void;
  /**
   * The always-visible shortcut's accessible name, naming the row's item where a list holds
   * several ("Delete USDT address T9…"); `actionLabel` when absent.
   */
  readonly shortcutLabel?: string;
  /** The action is running: both buttons are disabled. */
  readonly busy?: boolean;
  readonly testId?: string;
}

/** The row open now: opening another closes it, as on native lists. */
let closeOpenRow: (() => void) | null = null;

/** A trash can on the 24 × 24 grid of the app's icons (only this row uses it). */
function TrashIcon() {
  return (
    <svg
      className="icon"
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

interface Drag {
  readonly startX: number;
  readonly startY: number;
  readonly startReveal: number;
  readonly width: number;
  readonly rtl: boolean;
  axis: SwipeAxis;
  reveal: number;
  last: { x: number; t: number };
  previous: { x: number; t: number };
}

/**
 * A list row that slides toward its start under a finger to uncover its action (a red
 * "Delete") at its end; a tap on the row or another row opening closes it. The same action is
 * always reachable without swiping, for mouse, keyboard and screen-reader users: a labelled
 * button at the row's end. The drag moves the row through its style, not React state.
 */
export function SwipeRow({
  children,
  actionLabel,
  onAction,
  shortcutLabel = actionLabel,
  busy = false,
  testId,
}: SwipeRowProps) {
  const [open, setOpen] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const action = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const place = useCallback((reveal: number, rtl: boolean, animate: boolean) => {
    const element = track.current;
    if (!element) return;
    element.style.transition = animate ? '' : 'none';
    const offset = offsetOf(reveal, rtl);
    element.style.transform = offset === 0 ? '' : `translateX(${offset}px)`;
  }, []);

  const close = useCallback(() => setOpen(false), []);

  // The settled position follows `open`; only a drag in progress places the row itself.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    place(open ? (action.current?.offsetWidth ?? 0) : 0, rtl, true);
    if (!open) return;
    closeOpenRow?.();
    closeOpenRow = close;
    return () => {
      if (closeOpenRow === close) closeOpenRow = null;
    };
  }, [open, place, close]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    const element = track.current;
    if (busy || event.touches.length !== 1 || !touch || !element) return;
    const width = action.current?.offsetWidth ?? 0;
    const sample = { x: touch.clientX, t: event.timeStamp };
    drag.current = {
      startX: touch.clientX,
      startY: touch.clientY,
      startReveal: open ? width : 0,
      width,
      rtl: getComputedStyle(element).direction === 'rtl',
      axis: 'none',
      reveal: open ? width : 0,
      last: sample,
      previous: sample,
    };
  };

  const onTouchMove = (event: TouchEvent) => {
    const current = drag.current;
    const touch = event.touches[0];
    if (!current || !touch) return;
    const dx = touch.clientX - current.startX;
    if (current.axis === 'none') current.axis = axisOf(dx, touch.clientY - current.startY);
    if (current.axis === 'y') {
      // A scroll: the row stays as it was.
      drag.current = null;
      return;
    }
    if (current.axis !== 'x') return;
    current.previous = current.last;
    current.last = { x: touch.clientX, t: event.timeStamp };
    current.reveal = revealAt(current.startReveal, dx, current.width, current.rtl);
    place(current.reveal, current.rtl, false);
  };

  const onTouchEnd = (event: TouchEvent) => {
    const current = drag.current;
    drag.current = null;
    if (current?.axis !== 'x') return;
    const velocity = velocityOf(current.previous, current.last);
    const next =
      event.type === 'touchend' &&
      settlesOpen(current.reveal, current.width, velocity, current.rtl);
    // Settle where the finger left it even when `open` does not change.
    place(next ? current.width : 0, current.rtl, true);
    setOpen(next);
  };

  const run = () => {
    setOpen(false);
    onAction();
  };

  return (
    <li className={open ? 'swipe-row swipe-row-open' : 'swipe-row'} data-testid={testId}>
      {/* Hidden from everyone until revealed; the shortcut below is the way in meanwhile. */}
      <div
        ref={action}
        className="swipe-row-action"
        inert={!open}
        // `inert` for browsers that know it; older WebViews still hide it from assistive tech.
        aria-hidden={!open || undefined}
      >
        <button
          type="button"
          className="swipe-row-action-btn"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={run}
        >
          {actionLabel}
        </button>
      </div>
      <div
        ref={track}
        className="swipe-row-track"
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        onClickCapture={(event) => {
          // A tap on an open row closes it rather than acting.
          if (!open) return;
          event.stopPropagation();
          event.preventDefault();
          setOpen(false);
        }}
      >
        <div className="swipe-row-content">{children}</div>
        <button
          type="button"
          className="icon-btn swipe-row-shortcut"
          aria-label={shortcutLabel}
          title={shortcutLabel}
          disabled={busy}
          onClick={run}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}
