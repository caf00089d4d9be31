import { type ReactNode, type TouchEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton.js';
import {
  PULL_THRESHOLD_PX,
  type PullPhase,
  phaseAt,
  pullDistance,
  REFRESH_CLOSE_MS,
  releaseRefreshes,
} from './pull-gesture.js';

export interface PullToRefreshProps {
  /** Reloads the content; the indicator shows until it settles, then 500 ms more (SPEC §9). */
  readonly onRefresh: () => Promise<unknown>;
  readonly children: ReactNode;
  /** Ignore pulls (while nothing is loaded yet, say). */
  readonly disabled?: boolean;
}

const PHASE_TEXT: Record<Exclude<PullPhase, 'idle'>, string> = {
  pulling: 'web.list.pull',
  armed: 'web.list.release',
  refreshing: 'web.list.refreshing',
  done: 'web.list.refreshed',
};

function pageScrollTop(): number {
  return document.scrollingElement?.scrollTop ?? window.scrollY;
}

/**
 * Pull-to-refresh on touch screens: dragging down while the page is scrolled to the top pulls
 * an indicator into view, and letting go past the threshold refreshes. The drag moves the
 * content through its style, not through React state, so a long list is not re-rendered on
 * every touch move; only the indicator's phase is state. Pair it with a `RefreshButton` for
 * mouse, keyboard and assistive technology users.
 */
export function PullToRefresh({ onRefresh, children, disabled = false }: PullToRefreshProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<PullPhase>('idle');
  const track = useRef<HTMLDivElement>(null);
  const gesture = useRef<{ startY: number; distance: number } | null>(null);
  const busy = useRef(false);
  const shownPhase = useRef<PullPhase>('idle');
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(closing.current), []);

  const show = (next: PullPhase) => {
    if (shownPhase.current === next) return;
    shownPhase.current = next;
    setPhase(next);
  };
  const moveTo = (distance: number, animate: boolean) => {
    const element = track.current;
    if (!element) return;
    element.style.transition = animate ? '' : 'none';
    element.style.transform = distance > 0 ? `translateY(${distance}px)` : '';
  };

  const refresh = async () => {
    busy.current = true;
    show('refreshing');
    moveTo(PULL_THRESHOLD_PX, true);
    try {
      await onRefresh();
    } catch {
      // The refresh reports its own failures; the indicator just closes.
    }
    show('done');
    closing.current = setTimeout(() => {
      moveTo(0, true);
      show('idle');
      busy.current = false;
    }, REFRESH_CLOSE_MS);
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (disabled || busy.current || event.touches.length !== 1 || !touch) return;
    if (pageScrollTop() > 0) return;
    gesture.current = { startY: touch.clientY, distance: 0 };
  };

  const onTouchMove = (event: TouchEvent) => {
    const current = gesture.current;
    const touch = event.touches[0];
    if (!current || !touch) return;
    if (pageScrollTop() > 0) {
      // The page scrolled after all: this is a scroll, not a pull.
      gesture.current = null;
      moveTo(0, true);
      show('idle');
      return;
    }
    current.distance = pullDistance(touch.clientY - current.startY);
    moveTo(current.distance, false);
    show(phaseAt(current.distance));
  };

  const onTouchEnd = (event: TouchEvent) => {
    const current = gesture.current;
    gesture.current = null;
    if (!current) return;
    if (event.type === 'touchend' && releaseRefreshes(current.distance)) {
      void refresh();
      return;
    }
    moveTo(0, true);
    show('idle');
  };

  return (
    <div
      className="ptr"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div ref={track} className="ptr-track">
        <div className="ptr-indicator" role="status" aria-live="polite">
          {phase === 'refreshing' && <span className="ptr-spinner" aria-hidden="true" />}
          {phase !== 'idle' && <span>{t(PHASE_TEXT[phase])}</span>}
        </div>
        {children}
      </div>
    </div>
  );
}

/** A button doing what a pull does, for those who cannot pull: mouse, keyboard, screen readers. */
export function RefreshButton({ onRefresh }: { readonly onRefresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await onRefresh();
    } catch {
      // Reported by the refresh itself.
    } finally {
      setRunning(false);
    }
  };
  return (
    <IconButton
      icon="reset"
      label={t('web.list.refresh')}
      className={running ? 'refresh-btn refresh-btn-busy' : 'refresh-btn'}
      disabled={running}
      aria-busy={running || undefined}
      onClick={run}
    />
  );
}
