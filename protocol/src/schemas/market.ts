import { z } from 'zod';
import { instrumentCodeSchema } from '../socket/topics.js';
import { finite, moneySchema } from './primitives.js';

/** A category of instruments (docs/product.md#entities). */
export const categorySchema = z.object({
  Id: z.number().int(),
  NameShowTrans: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** One allowed leverage of an instrument (HasForexMultiple). */
export const leverageOptionSchema = z.object({ Value: z.number().int().positive() });

/** The quote an instrument carries in the trade list (ForexQuotations). */
export const instrumentQuoteSchema = z.object({
  Open: finite(),
  Close: finite(),
  /** Change since the day's open, in percent. */
  Change: finite(),
});

/** An instrument, as the trade list has it (docs/product.md#entities). */
export const instrumentSchema = z.object({
  Id: z.number().int(),
  Code: instrumentCodeSchema,
  ShowCode: z.string(),
  Logo: z.string(),
  CategoryId: z.number().int(),
  /** 1 = open; anything else closed (buy and sell disabled). */
  MarketStatus: z.number().int(),
  /** Decimals a price is shown with. */
  PricePrecision: z.number().int().min(0).max(10),
  /** Lot step. */
  Pip: z.number().positive(),
  /** Minimum lots. */
  ForexMinCont: z.number().positive(),
  /** Units per lot. */
  ForexContNum: z.number().positive(),
  /** 1 = fixed margin per lot (`FixedMargin`), otherwise computed from leverage. */
  MarginMode: z.number().int(),
  /**
   * Margin per lot when MarginMode is 1. The product names a fixed amount per lot but no field
   * for it; this name is this project's choice.
   */
  FixedMargin: moneySchema.optional(),
  ForexFeeRate: z.number().min(0),
  /**
   * Allowed leverages; the first is the default (docs/product.md#states). Empty: ordering is
   * refused.
   */
  HasForexMultiple: z.array(leverageOptionSchema),
  ForexQuotations: instrumentQuoteSchema,
});
export type Instrument = z.infer<typeof instrumentSchema>;

/**
 * One instrument's move, pushed on DAY_MARKET: ForexQuotations' Open, Close and Change; High,
 * Low, Time and MarketStatus are this project's additions for the quote list and the chart.
 */
export const quoteTickSchema = z.object({
  Id: z.number().int(),
  Code: instrumentCodeSchema,
  Open: finite(),
  High: finite(),
  Low: finite(),
  /** The latest price. */
  Close: finite(),
  Change: finite(),
  /** Milliseconds since the epoch, UTC. */
  Time: z.number().int(),
  /**
   * This project's: the instrument's MarketStatus (1 open) now. An upstream that sends it sends
   * a quote the moment a market opens or closes, so screens follow at once; without it, the
   * trade list's MarketStatus is all the app knows.
   */
  MarketStatus: z.number().int().optional(),
});
export type QuoteTick = z.infer<typeof quoteTickSchema>;

/** A candle. Time is its start in seconds since the epoch, UTC (docs/product.md#constants). */
export const candleSchema = z.object({
  Time: z.number().int(),
  Open: finite(),
  High: finite(),
  Low: finite(),
  Close: finite(),
  Volume: z.number().min(0),
});
export type Candle = z.infer<typeof candleSchema>;
