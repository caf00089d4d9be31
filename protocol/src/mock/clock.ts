/**
 * The mock's time. Real time plus an offset that the control API can advance, so a test can
 * see a token expire or a 60 s code cooldown end without waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}
