/**
 * The drawing tool the trader picked from the chart's Draw menu, if any: while one is picked,
 * a tap on the price pane places that drawing instead of moving the crosshair. One chart is on
 * show at a time, so one tool serves the screen; it is let go once the drawing is placed, and
 * when the chart's instrument changes.
 */
import type { DrawingKind } from '@pipstream/protocol';
import { proxy } from 'valtio/vanilla';

export const drawingTool = proxy<{ kind: DrawingKind | null }>({ kind: null });

export function pickTool(kind: DrawingKind | null): void {
  drawingTool.kind = kind;
}
