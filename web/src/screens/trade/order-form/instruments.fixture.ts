/**
 * For unit tests of the order form: instruments as the form reads them, shaped like the mock's.
 */
import type { FormInstrument } from './form.js';

/** A forex pair: 0.01 lots on a 0.01 step, 5 decimals, three leverages, 100x the default. */
export const eurusd: FormInstrument = {
  Id: 1,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexContNum: 100_000,
  PricePrecision: 5,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 100 }, { Value: 50 }, { Value: 200 }],
  MarketStatus: 1,
};

/** Minimum above the step, as the mock's copper: 0.1 lots on a 0.01 step, 4 decimals. */
export const copper: FormInstrument = { ...eurusd, Id: 7, ForexMinCont: 0.1, PricePrecision: 4 };
