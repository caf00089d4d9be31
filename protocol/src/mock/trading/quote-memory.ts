/**
 * The quotes of the last moments, per instrument: what a price the app showed is checked
 * against before an order fills at it (arithmetic/execution.ts). Only what is still honoured
 * is kept, so memory stays at a few entries per instrument.
 */
import { QUOTE_HONOURED_MS, type QuotedPrice } from '../../arithmetic/execution.js';
import type { QuoteTick } from '../../schemas/market.js';

export function createQuoteMemory() {
  const byInstrument = new Map<number, QuotedPrice[]>();
  return {
    /** Remembers a tick batch that arrived at `now`, dropping what is no longer honoured. */
    record(ticks: readonly QuoteTick[], now: number): void {
      for (const tick of ticks) {
        const list = byInstrument.get(tick.Id) ?? [];
        const fresh = list.filter((quote) => now - quote.at <= QUOTE_HONOURED_MS);
        fresh.push({ price: tick.Close, at: now });
        byInstrument.set(tick.Id, fresh);
      }
    },
    /** The remembered quotes of one instrument. */
    recent: (forexId: number): readonly QuotedPrice[] => byInstrument.get(forexId) ?? [],
  };
}
