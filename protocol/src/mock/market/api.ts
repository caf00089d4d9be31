import { z } from 'zod';
import { CODE } from '../../envelope.js';
import type { routes } from '../../routes/table.js';
import type { Instrument } from '../../schemas/market.js';
import { instrumentCodeSchema, periodSchema } from '../../socket/topics.js';
import { type ControlAction, defineControl } from '../http/control.js';
import type { Handlers } from '../http/handler.js';
import type { Messages } from '../messages.js';
import { refuse } from '../refusal.js';
import { createCatalogueNames } from './names.js';
import type { MarketService } from './types.js';

/**
 * Candles `abbreviated_cache_kline` answers: an hour of 1-minute candles, enough for a quick
 * first draw. The product leaves the size open; 60 is this project's choice.
 */
export const ABBREVIATED_CANDLES = 60;

/** Largest `count` of one `/market/step` call: a day of 500 ms ticks takes a few calls. */
const MAX_STEPS = 10_000;

/** Most candles one `/market/history` call sets: a chart's whole history. */
const MAX_HISTORY = 2000;

/** Names an instrument in a control call: by id or by code, at least one. */
const instrumentRef = z
  .object({
    id: z.number().int().positive().optional(),
    code: instrumentCodeSchema.optional(),
  })
  .refine((ref) => ref.id !== undefined || ref.code !== undefined, {
    message: 'id or code is required',
    path: ['id'],
  });

/**
 * The market's calls (trade list, categories, candles) and its control actions (move a price,
 * open or close a market, step the simulator). Names are answered in the call's `lang`.
 */
export function createMarketApi(market: MarketService, messages: Messages) {
  const names = createCatalogueNames(messages);
  /** Display names a control call gave, by instrument id, in every language. */
  const renamed = new Map<number, string>();
  const shown = (instrument: Instrument, lang: string): Instrument => {
    const name = renamed.get(instrument.Id);
    return name === undefined ? names.named(instrument, lang) : { ...instrument, ShowCode: name };
  };

  /** The instrument `forex_id` names, or a not-found refusal. */
  function instrumentById(id: number): Instrument {
    return market.instrument(id) ?? refuse('trade.unknown_instrument', undefined, CODE.NOT_FOUND);
  }

  /** The instrument a control call names; when it gives both, they must agree. */
  function instrumentOf(ref: { id?: number | undefined; code?: string | undefined }): Instrument {
    const instrument =
      ref.id !== undefined ? market.instrument(ref.id) : market.byCode(ref.code ?? '');
    if (!instrument || (ref.code !== undefined && instrument.Code !== ref.code)) {
      return refuse('trade.unknown_instrument', undefined, CODE.NOT_FOUND);
    }
    return instrument;
  }

  const handlers: Pick<
    Handlers<typeof routes>,
    'tradeList' | 'categories' | 'abbreviatedKline' | 'kline'
  > = {
    tradeList: ({ searchCurrency }, { lang }) =>
      (searchCurrency ? market.search(searchCurrency) : market.instruments()).map((instrument) =>
        shown(instrument, lang),
      ),
    categories: (_input, { lang }) => names.categories(lang),
    abbreviatedKline: ({ forex_id, period }) =>
      market.candles(instrumentById(forex_id).Id, period, ABBREVIATED_CANDLES),
    // Without a limit the market answers its full history length (config.historyCandles); with
    // `end_time`, as many candles that opened before it, older history included.
    kline: ({ forex_id, period, end_time }) =>
      market.candles(instrumentById(forex_id).Id, period, undefined, end_time),
  };

  const controls: ControlAction[] = [
    defineControl({
      method: 'POST',
      path: '/market/price',
      summary:
        'Sets an instrument’s price now (by id or code); the tick reaches the engine at once.',
      input: instrumentRef.and(z.object({ price: z.number().positive().finite() })),
      run(input) {
        const { Id } = instrumentOf(input);
        market.setPrice(Id, input.price);
        return market.instrument(Id);
      },
    }),
    defineControl({
      method: 'POST',
      path: '/market/name',
      summary:
        'Gives an instrument (by id or code) the display name (ShowCode) `name` in every language: any text, hostile ones included.',
      input: instrumentRef.and(z.object({ name: z.string().min(1).max(200) })),
      run(input) {
        const instrument = instrumentOf(input);
        renamed.set(instrument.Id, input.name);
        return shown(instrument, 'en');
      },
    }),
    defineControl({
      method: 'POST',
      path: '/market/status',
      summary: 'Opens (1) or closes (0 or 2) an instrument’s market, by id or code.',
      input: instrumentRef.and(z.object({ status: z.literal([0, 1, 2]) })),
      run(input) {
        const { Id } = instrumentOf(input);
        market.setMarketStatus(Id, input.status);
        return market.instrument(Id);
      },
    }),
    defineControl({
      method: 'POST',
      path: '/market/stall',
      summary:
        'Stops (stalled true) or resumes an open instrument’s quotes, by id or code: its feed dies while its market stays open.',
      input: instrumentRef.and(z.object({ stalled: z.boolean() })),
      run(input) {
        const { Id } = instrumentOf(input);
        market.stallQuotes(Id, input.stalled);
        return market.instrument(Id);
      },
    }),
    defineControl({
      method: 'POST',
      path: '/market/history',
      summary:
        'Replaces an instrument’s candles of one period (by id or code) with candles closing at `closes`, oldest first, the current one last; none is older. Close its market first to keep them still.',
      input: instrumentRef.and(
        z.object({
          period: periodSchema,
          closes: z.array(z.number().positive().finite()).min(1).max(MAX_HISTORY),
        }),
      ),
      run(input) {
        const { Id } = instrumentOf(input);
        market.setHistory(Id, input.period, input.closes);
        return market.candles(Id, input.period, input.closes.length);
      },
    }),
    defineControl({
      method: 'POST',
      path: '/market/step',
      summary: `Steps the simulator 1–${MAX_STEPS} times at the current clock time.`,
      input: z.object({ count: z.number().int().min(1).max(MAX_STEPS) }),
      run({ count }) {
        for (let i = 0; i < count; i++) market.step();
        return { steps: count, ticks: market.lastTicks() };
      },
    }),
  ];

  return { handlers, controls };
}
