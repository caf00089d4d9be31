/**
 * Paints the trader's drawings on the price pane in its uPlot draw hook, beside the candles:
 * the chart's own scales place them, so they follow every pan, zoom and tick with no work of
 * their own, and a handful of strokes adds nothing a frame would notice.
 */
import type { Drawing } from '@pipstream/protocol';
import type uPlot from 'uplot';

/** A drawing as the chart paints it. */
export interface PaintedDrawing {
  readonly drawing: Drawing;
  readonly colour: string;
  /** The selected drawing (or the one being placed): thicker, with its ends marked. */
  readonly emphasis: boolean;
}

/** Radius of a selected trend line's end marks, CSS px. */
const END_RADIUS = 4;

export function paintDrawings(u: uPlot, drawings: readonly PaintedDrawing[]) {
  if (drawings.length === 0 || u.scales.x?.min == null) return;
  const { ctx, bbox } = u;
  const ratio = devicePixelRatio;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  for (const { drawing, colour, emphasis } of drawings) {
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = (emphasis ? 2 : 1.5) * ratio;
    ctx.beginPath();
    if (drawing.kind === 'horizontal') {
      const y = Math.round(u.valToPos(drawing.price, 'y', true)) + 0.5;
      ctx.moveTo(bbox.left, y);
      ctx.lineTo(bbox.left + bbox.width, y);
      ctx.stroke();
      continue;
    }
    const ends = [drawing.from, drawing.to].map(
      (point) => [u.valToPos(point.time, 'x', true), u.valToPos(point.price, 'y', true)] as const,
    );
    const [a, b] = ends as [readonly [number, number], readonly [number, number]];
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
    if (!emphasis) continue;
    for (const [x, y] of ends) {
      ctx.beginPath();
      ctx.arc(x, y, END_RADIUS * ratio, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.restore();
}
