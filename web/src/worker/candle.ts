/** The live model's candle: the latest KLINE candle of the one chart being watched. */
import { type Candle, type KlineTopic, klineTopic, type Period } from '@pipstream/protocol';
import type { CandleView } from './batch.js';
import type { ChangeSet } from './changes.js';

export function createCandleWatch(changes: ChangeSet) {
  let watched: { code: string; period: Period } | null = null;
  let candle: CandleView | null = null;

  return {
    get candle(): CandleView | null {
      return candle;
    },

    /** The KLINE topic being watched, if any. */
    get topic(): KlineTopic | null {
      return watched && klineTopic(watched.code, watched.period);
    },

    /** Starts watching one instrument's candles (the previous candle is dropped), or stops. */
    watch(next: { code: string; period: Period } | null): void {
      watched = next && { ...next };
      candle = null;
      changes.candle = true;
    },

    /** A KLINE frame; frames of a topic no longer watched are ignored. */
    apply(topic: string, value: Candle): void {
      if (watched === null || topic !== klineTopic(watched.code, watched.period)) return;
      candle = { ...value, code: watched.code, period: watched.period };
      changes.candle = true;
    },
  };
}
