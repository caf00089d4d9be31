/**
 * The few statistics every benchmark reports. Machines here are shared and noisy, so figures
 * are medians of several runs and ratios to a baseline measured in the same run.
 */

/** The `q` quantile (0…1) of `values` by nearest rank; `NaN` for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median of `values` (mean of the middle two for an even count); `NaN` for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `subject / baseline`, or `NaN` when the baseline is zero or missing. */
export function ratio(subject: number, baseline: number): number {
  return baseline > 0 && Number.isFinite(subject) ? subject / baseline : Number.NaN;
}

/** `value` rounded to `digits` significant decimals, for printing (keeps `NaN` as `null`). */
export function round(value: number, digits = 3): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * Latencies collected in a fixed number of 0.1 ms buckets up to `maxMs` (above it: the last
 * bucket): millions of samples cost a few KB, and quantiles stay within 0.1 ms.
 */
export class LatencyHistogram {
  private readonly buckets: Uint32Array;
  count = 0;

  constructor(private readonly maxMs = 10_000) {
    this.buckets = new Uint32Array(maxMs * 10 + 1);
  }

  add(ms: number): void {
    const bucket = Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms * 10)));
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.count++;
  }

  /** Adds another histogram's samples (one per client process). */
  merge(other: { readonly buckets: ArrayLike<number> }): void {
    for (let i = 0; i < this.buckets.length; i++) {
      const add = other.buckets[i] ?? 0;
      this.buckets[i] = (this.buckets[i] ?? 0) + add;
      this.count += add;
    }
  }

  /** The `q` quantile in ms; `NaN` when empty. */
  quantile(q: number): number {
    if (this.count === 0) return Number.NaN;
    const wanted = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i] ?? 0;
      if (seen >= wanted) return i / 10;
    }
    return this.maxMs;
  }

  /** Plain numbers, to send from a client process to the runner. */
  toJSON(): { buckets: number[] } {
    return { buckets: Array.from(this.buckets) };
  }
}
