import { z } from 'zod';
import { categorySchema, instrumentSchema } from './market.js';

export * from '../first-screen.js';

/**
 * The first screen in the page (docs/architecture.md#the-first-screen-in-the-page): the web
 * build writes each language's few texts of it to `FIRST_SCREEN_TEXTS_FILE`; the gateway fills
 * the page with them, its last quotes and its trade list, and hands the app what it used in a
 * JSON data block (`FIRST_SCREEN_DATA_ID`), so the app reads none of it again.
 */

/** One language's texts of the first screen (the locale files' words, as the app shows them). */
export const firstScreenTextsSchema = z.object({
  title: z.string(),
  quoteList: z.string(),
  columnName: z.string(),
  columnPrice: z.string(),
  columnChange: z.string(),
  delayed: z.string(),
  closed: z.string(),
  tradeTitle: z.string(),
});
export type FirstScreenTexts = z.infer<typeof firstScreenTextsSchema>;

/** The build's file: texts by language code. */
export const firstScreenTextsFileSchema = z.record(z.string(), firstScreenTextsSchema);

/** What the page hands the app: the trade list and categories it was painted from. */
export const firstScreenDataSchema = z.object({
  /** The language (the product's code) the names are in. */
  language: z.string(),
  instruments: z.array(instrumentSchema),
  categories: z.array(categorySchema),
});
export type FirstScreenData = z.infer<typeof firstScreenDataSchema>;
