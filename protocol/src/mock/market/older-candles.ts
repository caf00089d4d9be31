/**
 * Candles older than the ones the market keeps live, for a chart paging back through history
 * (`kline` with `end_time`). The live series holds `historyCandles` per period and drops its
 * oldest as new ones open; an instrument and period someone paged back on gets an archive: the
 * candles its live series dropped since, and before them a history walked back from its oldest
 * candle, made once and kept, so the same request always gets the same candles.
 */
import type { Candle } from '../../schemas/market.js';
import { PERIOD_SECONDS, PERIODS, type Period } from '../../socket/topics.js';
import { createRng } from '../rng.js';
import { backfill } from './candles.js';

/** Most candles an archive holds: where a chart's history starts. */
export const ARCHIVE_MAX_CANDLES = 2000;

/** What an instrument's older history is walked from (its catalogue terms). */
export interface ArchiveTerms {
  readonly anchor: number;
  readonly dailyVolatility: number;
  readonly precision: number;
  readonly volumePerMinute: number;
}

/** The archives of every instrument and period paged back on. */
export function createCandleArchive(seed: number, pageSize: number) {
  const archives = new Map<string, Candle[]>();
  const keyOf = (id: number, period: Period) => `${id}/${period}`;

  /** Walks `count` candles back from `oldest` (its open is where they end). */
  function walkBack(
    id: number,
    period: Period,
    oldest: Candle,
    count: number,
    terms: ArchiveTerms,
  ) {
    const seconds = PERIOD_SECONDS[period];
    const end = oldest.Time - seconds;
    // One stream per instrument, period and page: the pages of a run never depend on each other.
    const rng = createRng(seed ^ (id * 0x9e3779b1) ^ (PERIODS.indexOf(period) << 24) ^ end);
    return backfill(
      {
        count,
        // A moment before the next candle opens: every candle walked back is a whole one.
        now: (end + seconds) * 1000 - 1,
        price: oldest.Open,
        dayOpen: oldest.Open,
        anchor: terms.anchor,
        dailyVolatility: terms.dailyVolatility,
        precision: terms.precision,
        volumePerMinute: terms.volumePerMinute,
      },
      period,
      rng,
    );
  }

  return {
    /** Candles the live series of `id` at `period` dropped: kept if that series has an archive. */
    keep(id: number, period: Period, dropped: readonly Candle[]): void {
      archives.get(keyOf(id, period))?.push(...dropped.map((candle) => ({ ...candle })));
    },

    /**
     * Up to `limit` candles that opened before `before`, older than every candle of `live` (the
     * live series, oldest first), oldest first; fewer (or none) where the history starts.
     */
    before(
      id: number,
      period: Period,
      live: readonly Candle[],
      before: number,
      limit: number,
      terms: ArchiveTerms,
    ): Candle[] {
      const first = live[0];
      if (!first || limit <= 0) return [];
      const key = keyOf(id, period);
      let archive = archives.get(key);
      if (!archive) {
        archive = [];
        archives.set(key, archive);
      }
      // Older pages are walked back until they cover `before` or the history's start.
      const wanted = (candles: readonly Candle[]) =>
        candles.filter((candle) => candle.Time < before).length;
      while (wanted(archive) < limit && archive.length < ARCHIVE_MAX_CANDLES) {
        const oldest = archive[0] ?? first;
        const count = Math.min(pageSize, ARCHIVE_MAX_CANDLES - archive.length);
        archive.unshift(...walkBack(id, period, oldest, count, terms));
      }
      return archive
        .filter((candle) => candle.Time < before && candle.Time < first.Time)
        .slice(-limit)
        .map((candle) => ({ ...candle }));
    },
  };
}

export type CandleArchive = ReturnType<typeof createCandleArchive>;
