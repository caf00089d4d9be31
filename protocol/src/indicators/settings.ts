/**
 * Which indicators a trader has on the chart, with their periods: the shape kept per device,
 * handed to the live worker, and read back from storage (anything unreadable falls back to the
 * defaults rather than failing the chart).
 */
import { z } from 'zod';

/** Longest period any indicator takes: about a day of 1-minute candles (MAX_CANDLES). */
export const MAX_INDICATOR_PERIOD = 500;
/** How many MA or EMA lines one chart carries at most. */
export const MAX_AVERAGE_LINES = 4;

const period = z.number().int().min(1).max(MAX_INDICATOR_PERIOD);

const averageSchema = z.object({
  on: z.boolean(),
  periods: z.array(period).min(1).max(MAX_AVERAGE_LINES),
});

/** The indicator choice of one device. */
export const indicatorSettingsSchema = z.object({
  /** Simple moving averages on the price pane. */
  ma: averageSchema,
  /** Exponential moving averages on the price pane. */
  ema: averageSchema,
  /** Bollinger Bands on the price pane: period and width in standard deviations. */
  boll: z.object({
    on: z.boolean(),
    period: period.min(2),
    width: z.number().min(0.5).max(5),
  }),
  /** RSI (Wilder) in a sub-pane. */
  rsi: z.object({ on: z.boolean(), period: period.min(2) }),
  /** MACD in a sub-pane: fast and slow EMA periods and the signal period. */
  macd: z
    .object({ on: z.boolean(), fast: period, slow: period, signal: period })
    .refine((value) => value.fast < value.slow, {
      message: 'fast must be shorter than slow',
      path: ['fast'],
    }),
  /** Volume bars in a sub-pane. */
  volume: z.object({ on: z.boolean() }),
});
export type IndicatorSettings = z.infer<typeof indicatorSettingsSchema>;

/** Every indicator off, each with its customary periods. */
export const DEFAULT_INDICATORS: IndicatorSettings = {
  ma: { on: false, periods: [5, 10, 20, 60] },
  ema: { on: false, periods: [5, 10, 20, 60] },
  boll: { on: false, period: 20, width: 2 },
  rsi: { on: false, period: 14 },
  macd: { on: false, fast: 12, slow: 26, signal: 9 },
  volume: { on: false },
};

/** The indicators a chart can show, in the order the sheet lists them. */
export const INDICATORS = ['ma', 'ema', 'boll', 'rsi', 'macd', 'volume'] as const;
export type Indicator = (typeof INDICATORS)[number];

/**
 * `stored` read as settings: each indicator that checks out is kept, any other (missing, from an
 * older version, tampered with) takes its default — one bad entry never resets the others.
 */
export function readIndicatorSettings(stored: unknown): IndicatorSettings {
  const source = typeof stored === 'object' && stored !== null ? stored : {};
  const settings = structuredClone(DEFAULT_INDICATORS);
  const shape = indicatorSettingsSchema.shape;
  for (const name of INDICATORS) {
    const parsed = shape[name].safeParse((source as Record<string, unknown>)[name]);
    if (parsed.success) (settings as Record<Indicator, unknown>)[name] = parsed.data;
  }
  return settings;
}
