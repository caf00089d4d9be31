/**
 * What the load needs to know of the target's market before it starts: the instruments it
 * lists (so that charts watch candle topics the gateway accepts) and one an order can be
 * placed on.
 */
import {
  createRestClient,
  DEFAULT_PERIOD,
  type Instrument,
  type KlineTopic,
  klineTopic,
  PERIODS,
  routes,
} from '@pipstream/protocol';
import type { OrderTerms } from '../rest/mix.js';
import { SetupError } from './accounts.js';

const CALL_TIMEOUT_MS = 15_000;

export async function readInstruments(restUrl: string, lang: string): Promise<Instrument[]> {
  const api = createRestClient(routes, {
    baseUrl: restUrl,
    getLang: () => lang,
    timeoutMs: CALL_TIMEOUT_MS,
  });
  try {
    return await api.call('tradeList', {});
  } catch (error) {
    throw new SetupError(
      `the target did not list its instruments (tradeList at ${restUrl}: ${(error as Error).message})`,
    );
  }
}

/**
 * `count` candle topics: the listed instruments in order, at the default period, then again
 * at the next periods once every instrument has one.
 */
export function chartTopics(instruments: readonly Instrument[], count: number): KlineTopic[] {
  if (instruments.length === 0) return [];
  const periods = [DEFAULT_PERIOD, ...PERIODS.filter((period) => period !== DEFAULT_PERIOD)];
  const topics: KlineTopic[] = [];
  for (let i = 0; i < count && i < instruments.length * periods.length; i++) {
    const instrument = instruments[i % instruments.length] as Instrument;
    const period = periods[Math.floor(i / instruments.length)] ?? DEFAULT_PERIOD;
    topics.push(klineTopic(instrument.Code, period));
  }
  return topics;
}

/** `MarketStatus` 1 is an open market (the instrument schema's reading). */
const OPEN = 1;

/** The smallest market buy on the first open instrument that offers leverage. */
export function smallestOrder(instruments: readonly Instrument[]): OrderTerms | null {
  for (const instrument of instruments) {
    const [leverage] = instrument.HasForexMultiple;
    if (instrument.MarketStatus !== OPEN || !leverage) continue;
    return { forexId: instrument.Id, lots: instrument.ForexMinCont, leverage: leverage.Value };
  }
  return null;
}
