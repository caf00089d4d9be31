/**
 * The drawings' geometry on screen: where a drawing is for a given chart window, which one a
 * finger touched, and where a dragged one goes. Pure: the chart's scales come in as a
 * projection, so the rules are tested without a canvas.
 */
import { type Drawing, formatPrice } from '@pipstream/protocol';

/** The chart's scales at one moment, in CSS px from the price pane's top left. */
export interface Projection {
  x(time: number): number;
  y(price: number): number;
  time(x: number): number;
  price(y: number): number;
}

export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** How close (CSS px) a tap must come to a line to pick it: about a fingertip's half. */
export const TOUCH_PX = 16;

/** A price as the instrument quotes it: a drawn level is a level the trader can trade at. */
export function roundPrice(price: number, precision: number): number {
  return Number(formatPrice(price, precision));
}

/** The distance from `p` to the segment `a`–`b`. */
export function distanceToSegment(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const along = length === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / length;
  const t = Math.max(0, Math.min(1, along));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The screen ends of a trend line. */
export function trendEnds(
  line: Extract<Drawing, { kind: 'trend' }>,
  view: Projection,
): [ScreenPoint, ScreenPoint] {
  return [
    { x: view.x(line.from.time), y: view.y(line.from.price) },
    { x: view.x(line.to.time), y: view.y(line.to.price) },
  ];
}

/** The drawing nearest to `p` within `TOUCH_PX`, the latest drawn first on a tie; or null. */
export function drawingAt(
  drawings: readonly Drawing[],
  view: Projection,
  p: ScreenPoint,
): Drawing | null {
  let best: Drawing | null = null;
  let bestDistance = TOUCH_PX;
  for (const drawing of drawings) {
    const distance =
      drawing.kind === 'horizontal'
        ? Math.abs(view.y(drawing.price) - p.y)
        : distanceToSegment(p, ...trendEnds(drawing, view));
    if (distance <= bestDistance) {
      best = drawing;
      bestDistance = distance;
    }
  }
  return best;
}

/** Which part of a drawing a drag holds: the whole of it, or one end of a trend line. */
export type Handle = 'line' | 'from' | 'to';

/**
 * `drawing` dragged by `handle` from where it was (`start`) by (`dx`, `dy`) CSS px: the whole
 * line moves by the time and price those pixels are worth, one end moves alone; prices are
 * rounded to the instrument's decimals. A drag that would put a trend line's ends at one moment
 * leaves it where it was.
 */
export function dragDrawing(
  drawing: Drawing,
  handle: Handle,
  view: Projection,
  dx: number,
  dy: number,
  precision: number,
): Drawing {
  const movePrice = (price: number) => {
    const moved = roundPrice(view.price(view.y(price) + dy), precision);
    return moved > 0 ? moved : price;
  };
  const moveTime = (time: number) => Math.max(0, Math.round(view.time(view.x(time) + dx)));
  if (drawing.kind === 'horizontal') return { ...drawing, price: movePrice(drawing.price) };
  const move = (point: { time: number; price: number }) => ({
    time: moveTime(point.time),
    price: movePrice(point.price),
  });
  const next = {
    ...drawing,
    from: handle === 'to' ? drawing.from : move(drawing.from),
    to: handle === 'from' ? drawing.to : move(drawing.to),
  };
  return next.from.time === next.to.time ? drawing : next;
}

/** The chart point under `p`: the moment to the second, the price to the instrument's decimals. */
export function pointAt(view: Projection, p: ScreenPoint, precision: number) {
  return {
    time: Math.max(0, Math.round(view.time(p.x))),
    price: roundPrice(view.price(p.y), precision),
  };
}
