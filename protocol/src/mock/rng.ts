/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same market, so a
 * test or a demo can be replayed. Not for secrets — tokens and codes use node:crypto.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * The generator itself (mulberry32): a source in [0, 1) that replays the same numbers for the
 * same seed. Tests and benches that need a replayable source use it too.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createRng(seed: number): Rng {
  const next = seededRandom(seed >>> 0 || 0x9e3779b9);
  return {
    next,
    normal() {
      const u = next() || Number.MIN_VALUE;
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
