import { z } from 'zod';

/**
 * Chart periods (docs/product.md#constants): the label on the period bar and the `period` the API
 * takes.
 */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export const periodSchema = z.enum(PERIODS);
export type Period = z.infer<typeof periodSchema>;
export const DEFAULT_PERIOD: Period = '1min';

/** Bar label → API period. */
export const PERIOD_LABELS = {
  '1M': '1min',
  '5M': '5min',
  '15M': '15min',
  '30M': '30min',
  '1H': '60min',
  '1D': '1day',
} as const satisfies Record<string, Period>;

/** Length of one candle of each period, in seconds. */
export const PERIOD_SECONDS: Record<Period, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
};

export const PUBLIC_TOPICS = ['DAY_MARKET'] as const;
export const PRIVATE_TOPICS = ['FOREX_TRADE', 'FOREX_CLOSED'] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

/**
 * Instrument codes are upper-case letters, digits and a few separators; the period follows the
 * last dot. Candles exist per period, so the candle topic carries the period too:
 * `KLINE.EURUSD.1min` (docs/architecture.md#topics).
 */
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,31}$/;
export const instrumentCodeSchema = z
  .string()
  .regex(CODE_PATTERN, 'an instrument code: 1–32 of A–Z, 0–9, ".", "_" or "-"');

export type KlineTopic = `KLINE.${string}.${Period}`;
export type Topic = 'DAY_MARKET' | PrivateTopic | KlineTopic;

export function klineTopic(code: string, period: Period): KlineTopic {
  return `KLINE.${code}.${period}`;
}

export type ParsedTopic =
  | { kind: 'DAY_MARKET' }
  | { kind: PrivateTopic }
  | { kind: 'KLINE'; code: string; period: Period };

/** Parses a topic name; `undefined` for anything that is not a topic of the protocol. */
export function parseTopic(topic: string): ParsedTopic | undefined {
  if (topic === 'DAY_MARKET') return { kind: 'DAY_MARKET' };
  if (topic === 'FOREX_TRADE' || topic === 'FOREX_CLOSED') return { kind: topic };
  if (!topic.startsWith('KLINE.')) return undefined;
  const rest = topic.slice('KLINE.'.length);
  const dot = rest.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const code = rest.slice(0, dot);
  const period = periodSchema.safeParse(rest.slice(dot + 1));
  if (!period.success || !CODE_PATTERN.test(code)) return undefined;
  return { kind: 'KLINE', code, period: period.data };
}

export function isPrivateTopic(topic: string): topic is PrivateTopic {
  return topic === 'FOREX_TRADE' || topic === 'FOREX_CLOSED';
}

export const topicSchema = z
  .string()
  .max(64)
  .refine((t) => parseTopic(t) !== undefined, {
    message: 'a topic: DAY_MARKET, FOREX_TRADE, FOREX_CLOSED or KLINE.{code}.{period}',
  })
  .transform((t) => t as Topic);
