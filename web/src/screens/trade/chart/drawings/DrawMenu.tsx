import type { DrawingKind } from '@pipstream/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../../ui/Button.js';
import { drawingTool, pickTool } from './tool.js';

/** The text of each tool. */
const TOOL_KEYS: Readonly<Record<DrawingKind, string>> = {
  horizontal: 'web.trade.drawings.horizontal',
  trend: 'web.trade.drawings.trend',
};

/**
 * The chart's Draw button, beside its indicators: it opens the drawing tools (a horizontal line,
 * a trend line); the one picked places its drawing at the next tap on the chart.
 */
export function DrawMenu() {
  const { t } = useTranslation();
  const { kind } = useSnapshot(drawingTool);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  // A tap anywhere else, or Escape, closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="chart-draw">
      <Button
        variant="ghost"
        className="chart-tools"
        aria-expanded={open}
        aria-controls={menuId}
        data-active={kind !== null || undefined}
        onClick={() => setOpen((old) => !old)}
      >
        {t('web.trade.drawings.open')}
      </Button>
      {open && (
        <fieldset
          id={menuId}
          className="chart-draw-menu"
          aria-label={t('web.trade.drawings.tools')}
        >
          {(Object.keys(TOOL_KEYS) as DrawingKind[]).map((tool) => (
            <Button
              key={tool}
              variant="secondary"
              aria-pressed={kind === tool}
              onClick={() => {
                pickTool(tool);
                setOpen(false);
              }}
            >
              {t(TOOL_KEYS[tool])}
            </Button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
