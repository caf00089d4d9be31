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
  /** The header's controls and the connection dot's state. */
  chooseLanguage: z.string(),
  alerts: z.string(),
  search: z.string(),
  instruments: z.string(),
  connecting: z.string(),
  /** The category bar. */
  categories: z.string(),
  allCategories: z.string(),
  /** The bottom tab bar: its name and each tab's label. */
  tabs: z.string(),
  tabQuotes: z.string(),
  tabTrade: z.string(),
  tabOrder: z.string(),
  tabRank: z.string(),
  tabUser: z.string(),
});
export type FirstScreenTexts = z.infer<typeof firstScreenTextsSchema>;

/** The icons the first screen shows, by name: each one's path on the app's 24 × 24 grid. */
export const FIRST_SCREEN_ICONS = [
  'globe',
  'bell',
  'search',
  'menu',
  'quotes',
  'trade',
  'order',
  'rank',
  'user',
] as const;
export type FirstScreenIcon = (typeof FIRST_SCREEN_ICONS)[number];

/**
 * The build's file: texts by language code, the icons' paths (the app's own), and each
 * language's chunk of the app's texts (a path in the build), which the page in that language
 * preloads.
 */
export const firstScreenTextsFileSchema = z.object({
  icons: z.record(z.enum(FIRST_SCREEN_ICONS), z.string()),
  texts: z.record(z.string(), firstScreenTextsSchema),
  languageChunks: z.record(z.string(), z.string()),
});
export type FirstScreenTextsFile = z.infer<typeof firstScreenTextsFileSchema>;

/** What the page hands the app: the trade list and categories it was painted from. */
export const firstScreenDataSchema = z.object({
  /** The language (the product's code) the names are in. */
  language: z.string(),
  instruments: z.array(instrumentSchema),
  categories: z.array(categorySchema),
});
export type FirstScreenData = z.infer<typeof firstScreenDataSchema>;
