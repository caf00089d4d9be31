/**
 * The trailing-stop part of the TP/SL sheet, as pure functions: what its fields start with, and
 * what they read back as (the protocol's bounds, docs/product.md#trailing-stop).
 */
import { TRAILING_BOUNDS, type TrailingChoice, trailingChoiceSchema } from '@pipstream/protocol';
import { parseStopInput } from './order-view.js';

export interface TrailingInputs {
  readonly on: boolean;
  readonly distance: string;
  readonly step: string;
}

/** What a new trailing stop starts with (this project's choice): 20 pips behind, by 5. */
export const NEW_TRAILING: TrailingChoice = { distancePips: 20, stepPips: 5 };

/** The fields for `choice` (none yet: off, with the new stop's values ready). */
export function trailingInputsOf(choice: TrailingChoice | undefined): TrailingInputs {
  const shown = choice ?? NEW_TRAILING;
  return {
    on: choice !== undefined,
    distance: String(shown.distancePips),
    step: String(shown.stepPips),
  };
}

/** What the fields read as: the choice (`null`: off), or which field is out of its bounds. */
export interface TrailingReading {
  readonly choice: TrailingChoice | null;
  readonly distanceWrong: boolean;
  readonly stepWrong: boolean;
}

/** Pips typed in a field (a decimal comma reads as a point); `null` when out of bounds. */
function pipsOf(text: string, field: 'distancePips' | 'stepPips'): number | null {
  if (text.trim() === '') return null;
  const value = parseStopInput(text);
  if (value === null) return null;
  return trailingChoiceSchema.shape[field].safeParse(value).success ? value : null;
}

export function readTrailing(inputs: TrailingInputs): TrailingReading {
  if (!inputs.on) return { choice: null, distanceWrong: false, stepWrong: false };
  const distancePips = pipsOf(inputs.distance, 'distancePips');
  const stepPips = pipsOf(inputs.step, 'stepPips');
  return {
    choice: distancePips === null || stepPips === null ? null : { distancePips, stepPips },
    distanceWrong: distancePips === null,
    stepWrong: stepPips === null,
  };
}

/** Whether two choices are the same (either may be off). */
export function sameTrailing(a: TrailingChoice | null, b: TrailingChoice | null): boolean {
  if (a === null || b === null) return a === b;
  return a.distancePips === b.distancePips && a.stepPips === b.stepPips;
}

export { TRAILING_BOUNDS };
