import type { Candle, Period } from '@pipstream/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/index.js';

/** The history of one instrument and period, as far as it has loaded. */
export interface CandleHistory {
  /** `${instrumentId}/${period}` the candles belong to. */
  key: string;
  status: 'loading' | 'ready' | 'error';
  /** Oldest first; `null` until the first answer. */
  candles: readonly Candle[] | null;
}

/**
 * Loads the candles of `instrumentId` at `period` while `active`: the short cached history
 * (`abbreviatedKline`) draws first when it answers first, the full `kline` replaces it. Coming
 * back to the screen loads again (candles went by meanwhile) while the old ones stay drawn.
 * Failures are toasted by the API layer; the status says so for the retry button.
 */
export function useCandleHistory(instrumentId: number, period: Period, active: boolean) {
  const key = `${instrumentId}/${period}`;
  const [history, setHistory] = useState<CandleHistory>({ key, status: 'loading', candles: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    const request = { forex_id: instrumentId, period };
    const options = { signal: abort.signal };
    let full = false;
    setHistory((old) =>
      old.key === key && old.candles ? old : { key, status: 'loading', candles: null },
    );
    api
      .call('abbreviatedKline', request, options)
      .then((candles) => {
        if (!full && candles.length > 0) setHistory({ key, status: 'ready', candles });
      })
      // The full history decides what is shown; this one only ever speeds the first draw.
      .catch(() => undefined);
    api
      .call('kline', request, options)
      .then((candles) => {
        full = true;
        setHistory({ key, status: 'ready', candles });
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        // Candles already drawn (the short history, an earlier visit) stay up.
        setHistory((old) =>
          old.key === key && old.candles ? old : { key, status: 'error', candles: null },
        );
      });
    return () => abort.abort();
  }, [key, instrumentId, period, active, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** The candles that opened before `before` (UTC seconds): a page further back in history. */
  const older = useCallback(
    (before: number) => api.call('kline', { forex_id: instrumentId, period, end_time: before }),
    [instrumentId, period],
  );
  // A render between a key change and its effect must not show the previous instrument.
  const current: CandleHistory =
    history.key === key ? history : { key, status: 'loading', candles: null };
  return { history: current, retry, older };
}
