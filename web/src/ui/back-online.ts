import { useEffect, useRef } from 'react';

/**
 * Runs `run` each time the browser comes back online, while `waiting` is true: a screen whose
 * read failed (offline, say) reads again by itself instead of waiting for the user to retry.
 */
export function useBackOnline(waiting: boolean, run: () => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!waiting) return;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waiting]);
}
