import { useCallback, useEffect, useState } from 'react';

/** docs/product.md#constants: a send-code button waits 60 s before it is active again. */
export const SEND_CODE_COOLDOWN_S = 60;

/** Whole seconds left until `endsAt` (ms), rounded up, never negative. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown in whole seconds. Computed from the end time rather than counted tick by tick,
 * so a throttled background tab still ends on time.
 */
export function useCountdown(): { readonly seconds: number; readonly start: (s: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const seconds = secondsLeft(endsAt, now);

  useEffect(() => {
    if (seconds === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [seconds]);

  const start = useCallback((s: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + s * 1000);
  }, []);

  return { seconds, start };
}
