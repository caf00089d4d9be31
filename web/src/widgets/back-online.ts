import { useEffect, useRef } from 'react';
import { retryUntilStopped } from '../state/network.js';

/**
 * Runs `retry` while `failed` is true: each time the connection comes back, and on a bounded
 * backoff until it does (state/network.ts). A screen whose read failed (no signal, say) reads
 * again by itself instead of waiting for the user to retry, or for a browser event that may
 * never come.
 */
export function useRetryWhenBack(failed: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!failed) return;
    return retryUntilStopped(() => latest.current());
  }, [failed]);
}
