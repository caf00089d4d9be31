/**
 * Trailing stops as the device keeps them: one per holding, what the trader chose (how far
 * behind the price the stop goes, and the least move, both in pips), handed to the live worker,
 * which moves the stop loss by the rule of arithmetic/trailing.ts. Nothing here crosses the
 * network; the shapes guard what comes back from the device's storage.
 */
import { z } from 'zod';
import { readKeptList } from './kept.js';

/** At most this many trailing stops are kept on a device (this project's choice). */
export const MAX_TRAILING_STOPS = 100;

/**
 * The bounds a trader may choose, in pips, to a tenth (the fractional pip of a 3- or 5-decimal
 * quote): a distance of at least one pip, so the stop never sits on the price, and at most a
 * thousand; a step of at least a tenth, at most the same thousand (this project's choice).
 */
export const TRAILING_BOUNDS = {
  distance: { min: 1, max: 1000 },
  step: { min: 0.1, max: 1000 },
} as const;

/** Whether `value` is written with at most one decimal (float noise aside). */
const inTenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

const pips = (bounds: { readonly min: number; readonly max: number }) =>
  z
    .number()
    .finite()
    .min(bounds.min, `at least ${bounds.min} pips`)
    .max(bounds.max, `at most ${bounds.max} pips`)
    .refine(inTenths, 'pips to a tenth');

/** What the trader chose for one holding. */
export const trailingChoiceSchema = z.object({
  distancePips: pips(TRAILING_BOUNDS.distance),
  stepPips: pips(TRAILING_BOUNDS.step),
});
export type TrailingChoice = z.output<typeof trailingChoiceSchema>;

/** One holding's trailing stop, as handed to the live worker. */
export const armedTrailingStopSchema = trailingChoiceSchema.extend({
  /** The holding order's id. */
  orderId: z.number().int().positive(),
  /**
   * When the trader set it (ms since the epoch): a new time starts the trail afresh from the
   * stop loss the holding has then.
   */
  setAt: z.number().int().nonnegative(),
});
export type ArmedTrailingStop = z.output<typeof armedTrailingStopSchema>;

/** The trailing stops of the logged-in account, handed to the live worker. */
export const armedTrailingStopsSchema = z.array(armedTrailingStopSchema).max(MAX_TRAILING_STOPS);

/** One trailing stop as the device keeps it: whose account's holding it is, too. */
export const keptTrailingStopSchema = armedTrailingStopSchema.extend({
  uid: z.string().min(1).max(64),
});
export type KeptTrailingStop = z.output<typeof keptTrailingStopSchema>;

/**
 * The trailing stops read back from the device: each entry that fails its shape (or repeats an
 * account's order) is dropped, never the whole list, and anything that is not a list reads as
 * none.
 */
export function readStoredTrailingStops(stored: unknown): KeptTrailingStop[] {
  return readKeptList(
    stored,
    keptTrailingStopSchema,
    (stop) => `${stop.uid}:${stop.orderId}`,
    MAX_TRAILING_STOPS,
  );
}
