import { z } from 'zod';
import { candleSchema, categorySchema, instrumentSchema } from '../schemas/market.js';
import { text, wireInt } from '../schemas/primitives.js';
import { periodSchema } from '../socket/topics.js';
import { defineRoute } from './define.js';
import { noPayload } from './shared.js';

export const tradeList = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/trade_list',
  access: 'public',
  summary: 'Every instrument with its quote; `searchCurrency` filters by code or name.',
  request: z.object({ searchCurrency: text(32).optional() }),
  response: z.array(instrumentSchema),
});

export const categories = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/getCategories',
  access: 'public',
  summary: 'Instrument categories, in display order.',
  request: noPayload,
  response: z.array(categorySchema),
  cacheable: true,
});

const klineRequest = z.object({ forex_id: wireInt(1), period: periodSchema.default('1min') });

export const abbreviatedKline = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/abbreviated_cache_kline',
  access: 'public',
  summary: 'The latest candles of an instrument (a short, cached history for a quick first draw).',
  request: klineRequest,
  response: z.array(candleSchema),
});

export const kline = defineRoute({
  method: 'GET',
  path: '/v1/api/forex/kline',
  access: 'public',
  summary:
    'Candle history of an instrument for a period, oldest first, times in UTC seconds; with `end_time`, the candles that opened before it (paging back).',
  request: klineRequest.extend({
    /**
     * This project's addition: only candles that opened before this time (UTC seconds), for a
     * chart paging back. An upstream without it answers the latest history, which holds nothing
     * older, and the chart stops asking.
     */
    end_time: wireInt(1).optional(),
  }),
  response: z.array(candleSchema),
});

export const marketRoutes = { tradeList, categories, abbreviatedKline, kline } as const;
