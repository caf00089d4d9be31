import { z } from 'zod';
import { finite, moneySchema } from './primitives.js';

/** A news item. `content` (HTML) comes with `news/info` only. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  created_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsDetailSchema = newsItemSchema.extend({
  /** HTML; render only after sanitising (it comes from the server, not the user). */
  content: z.string(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

/** News category of the list: `news/list` always asks for `category_id` 1. */
export const NEWS_CATEGORY = 1;

/**
 * A copy-trade leader of the ranking. Rates are percentages; `followers` and `variety` are
 * this project's names for the total followers and the instruments traded.
 */
export const rankingItemSchema = z.object({
  user: z.string(),
  /** Leverage the leader trades with. */
  multiple: z.number().int(),
  three_week_rate: finite(),
  three_week_win: finite(),
  three_week_profit: moneySchema,
  total_rate: finite(),
  total_trade_num: z.number().int().min(0),
  /** The instrument code the leader trades most. */
  code: z.string(),
  followers: z.number().int().min(0),
  variety: z.string(),
});
export type RankingItem = z.infer<typeof rankingItemSchema>;

/** The web app manifest served from the site's own origin (a W3C document, not an envelope). */
export const manifestSchema = z.looseObject({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  icons: z.array(z.looseObject({ src: z.string(), sizes: z.string(), type: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;
