/**
 * Pass or fail for a CI pipeline: each threshold names a figure and its limit. A run (or a
 * merge) that breaks one exits non-zero and prints which; a threshold on a figure the run
 * could not measure (no REST answer to take a p99 of) fails too, since it cannot be shown to
 * hold.
 */
import { z } from 'zod';
import type { Figures } from '../result/figures.js';
import {
  countSchema,
  durationSchema,
  formatCount,
  formatMs,
  formatShare,
  shareSchema,
} from './units.js';

const MAX_COUNT = 1_000_000_000;

export const thresholdsSchema = z
  .object({
    maxP99: durationSchema.optional(),
    maxAddedP99: durationSchema.optional(),
    maxFirstTickP99: durationSchema.optional(),
    minDelivered: shareSchema.optional(),
    maxRefused: countSchema(0, MAX_COUNT).optional(),
    maxErrors: countSchema(0, MAX_COUNT).optional(),
    maxNon2xx: countSchema(0, MAX_COUNT).optional(),
    maxGaps: countSchema(0, MAX_COUNT).optional(),
    maxReconnects: countSchema(0, MAX_COUNT).optional(),
  })
  .strict();
export type Thresholds = z.output<typeof thresholdsSchema>;
export type ThresholdKey = keyof Thresholds;

interface Rule {
  readonly flag: string;
  /** What the figure is, for the failure line. */
  readonly figure: string;
  readonly kind: 'max' | 'min';
  readonly read: (figures: Figures) => number;
  readonly format: (value: number) => string;
}

/** Every threshold: its flag, the figure it limits, how to read and print that figure. */
export const THRESHOLD_RULES: Readonly<Record<ThresholdKey, Rule>> = {
  maxP99: {
    flag: '--max-p99',
    figure: 'REST p99 (all routes)',
    kind: 'max',
    read: (f) => f.rest.all.latency.p99,
    format: formatMs,
  },
  maxAddedP99: {
    flag: '--max-added-p99',
    figure: 'socket added latency p99',
    kind: 'max',
    read: (f) => f.frames.added.p99,
    format: formatMs,
  },
  maxFirstTickP99: {
    flag: '--max-first-tick-p99',
    figure: 'time to first tick p99',
    kind: 'max',
    read: (f) => f.sockets.firstTick.p99,
    format: formatMs,
  },
  minDelivered: {
    flag: '--min-delivered',
    figure: 'frames delivered',
    kind: 'min',
    read: (f) => f.frames.deliveredShare,
    format: formatShare,
  },
  maxRefused: {
    flag: '--max-refused',
    figure: 'socket handshakes refused',
    kind: 'max',
    read: (f) => f.sockets.refused,
    format: formatCount,
  },
  maxErrors: {
    flag: '--max-errors',
    figure: 'REST requests without an answer',
    kind: 'max',
    read: (f) => f.rest.all.errors,
    format: formatCount,
  },
  maxNon2xx: {
    flag: '--max-non2xx',
    figure: 'REST non-2xx answers',
    kind: 'max',
    read: (f) => f.rest.all.non2xx,
    format: formatCount,
  },
  maxGaps: {
    flag: '--max-gaps',
    figure: 'gaps in the quote feed',
    kind: 'max',
    read: (f) => f.sockets.gaps,
    format: formatCount,
  },
  maxReconnects: {
    flag: '--max-reconnects',
    figure: 'socket reconnections',
    kind: 'max',
    read: (f) => f.sockets.reconnects,
    format: formatCount,
  },
};

export interface Verdict {
  readonly flag: string;
  readonly passed: boolean;
  /** `--max-p99 50 ms: REST p99 (all routes) was 73.2 ms`. */
  readonly line: string;
}

/** Each threshold set, judged on `figures`, in the order of THRESHOLD_RULES. */
export function judgeThresholds(thresholds: Thresholds, figures: Figures): Verdict[] {
  return (Object.keys(THRESHOLD_RULES) as ThresholdKey[]).flatMap((key) => {
    const limit = thresholds[key];
    if (limit === undefined) return [];
    const rule = THRESHOLD_RULES[key];
    const value = rule.read(figures);
    const measured = Number.isFinite(value);
    const passed = measured && (rule.kind === 'max' ? value <= limit : value >= limit);
    const was = measured ? `was ${rule.format(value)}` : 'was not measured';
    return [
      {
        flag: rule.flag,
        passed,
        line: `${rule.flag} ${rule.format(limit)}: ${rule.figure} ${was}`,
      },
    ];
  });
}
