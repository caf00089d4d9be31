/**
 * Chart drawings as the device keeps them: horizontal lines and trend lines, per instrument,
 * anchored in the chart's own coordinates (a candle time in UTC seconds and a price), so they
 * stay on their candles and prices whatever the window, the period or the reload. Nothing here
 * crosses the network; the shapes guard what comes back from the device's storage, which an
 * older version or another tab may have written.
 */
import { z } from 'zod';
import { readKeptList } from './kept-list.js';

/** At most this many drawings are kept per instrument (this project's choice). */
export const MAX_DRAWINGS = 20;

/** A level on the chart: a positive, finite price. */
const drawingPrice = () => z.number().finite().positive();

/** One end of a trend line: a moment (UTC seconds, the chart's x) and a price. */
export const chartPointSchema = z.object({
  time: z.number().finite().nonnegative(),
  price: drawingPrice(),
});
export type ChartPoint = z.output<typeof chartPointSchema>;

const drawingId = () => z.string().min(1).max(64);

/** A line across the whole chart at one price: it may become a price alert. */
export const horizontalLineSchema = z.object({
  id: drawingId(),
  kind: z.literal('horizontal'),
  price: drawingPrice(),
});

/** A straight line between two points of the chart (its ends at different moments). */
export const trendLineSchema = z
  .object({
    id: drawingId(),
    kind: z.literal('trend'),
    from: chartPointSchema,
    to: chartPointSchema,
  })
  .refine((line) => line.from.time !== line.to.time, 'ends at two different moments');

export const drawingSchema = z.union([horizontalLineSchema, trendLineSchema]);
export type Drawing = z.output<typeof drawingSchema>;
export type HorizontalLine = z.output<typeof horizontalLineSchema>;
export type TrendLine = z.output<typeof trendLineSchema>;
export type DrawingKind = Drawing['kind'];

/** The drawings of every instrument, by instrument id. */
export type KeptDrawings = Record<number, Drawing[]>;

/**
 * One instrument's drawings read back from the device: each entry that fails its shape (or
 * repeats an id) is dropped, never the whole list, at most `MAX_DRAWINGS`; anything that is not
 * a list reads as none.
 */
export function readInstrumentDrawings(stored: unknown): Drawing[] {
  return readKeptList(stored, drawingSchema, (drawing) => drawing.id, MAX_DRAWINGS);
}

/**
 * Every instrument's drawings read back from the device: an object of instrument ids; a key
 * that is no instrument id, or a list that reads as none, is left out; anything that is not
 * such an object reads as no drawings at all.
 */
export function readStoredDrawings(stored: unknown): KeptDrawings {
  const kept: KeptDrawings = {};
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return kept;
  for (const [key, value] of Object.entries(stored)) {
    const id = Number(key);
    if (!(Number.isSafeInteger(id) && id > 0 && String(id) === key)) continue;
    const drawings = readInstrumentDrawings(value);
    if (drawings.length > 0) kept[id] = drawings;
  }
  return kept;
}
