/**
 * Latency histograms: HdrHistogram (hdr-histogram-js, the one autocannon keeps its own in), in
 * whole microseconds to three significant digits. Two histograms add bucket by bucket, so a
 * histogram of many generators' samples is exactly the one of all the samples together: what
 * makes results from several machines mergeable without losing a percentile. In a result file
 * each is HdrHistogram's compressed base64 form, which its other ports read as well.
 */
import {
  build,
  decodeFromCompressedBase64,
  encodeIntoCompressedBase64,
  type Histogram,
} from 'hdr-histogram-js';

export type { Histogram };

export function createHistogram(): Histogram {
  return build({ numberOfSignificantValueDigits: 3 });
}

/** Records `ms` (clamped at 0: an earlier-than-reference arrival adds nothing). */
export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.max(0, Math.round(ms * 1000)));
}

export function encodeHistogram(histogram: Histogram): string {
  return encodeIntoCompressedBase64(histogram);
}

/** Reads a histogram of a result file; throws a plain message on anything else. */
export function decodeHistogram(encoded: string): Histogram {
  try {
    return decodeFromCompressedBase64(encoded);
  } catch (error) {
    throw new Error(`not an HdrHistogram in compressed base64 (${String(error)})`);
  }
}

/** One histogram holding every sample of `encoded`. */
export function addEncoded(encoded: readonly string[]): string {
  const sum = createHistogram();
  for (const one of encoded) sum.add(decodeHistogram(one));
  return encodeHistogram(sum);
}

/** What a report prints of a histogram, in milliseconds (NaN when it holds nothing). */
export interface Quantiles {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export function quantilesOf(histogram: Histogram): Quantiles {
  const count = histogram.totalCount;
  const at = (percentile: number) =>
    count === 0 ? Number.NaN : histogram.getValueAtPercentile(percentile) / 1000;
  return {
    count,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: count === 0 ? Number.NaN : histogram.maxValue / 1000,
    mean: count === 0 ? Number.NaN : histogram.mean / 1000,
  };
}

/**
 * Points of the percentile curve, HdrHistogram's plot: x = 1 / (1 − percentile / 100) (so
 * 90 % is 10, 99 % is 100 …), y = ms, up to the last percentile the samples can tell apart.
 */
export function percentileCurve(histogram: Histogram): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  const count = histogram.totalCount;
  if (count === 0) return { x, y };
  // Ten points per halving of the remaining tail, as HdrHistogram's own percentile output.
  for (let step = 0; step <= 200; step++) {
    const percentile = 100 - 100 / 2 ** (step / 10);
    // Past 1 / count of the tail no sample remains to show.
    if ((100 - percentile) / 100 < 1 / count && step > 0) break;
    x.push(1 / (1 - percentile / 100));
    y.push(histogram.getValueAtPercentile(percentile) / 1000);
  }
  // The largest sample last, at the rank it holds.
  const maxMs = histogram.maxValue / 1000;
  if (count > (x.at(-1) ?? 0)) {
    x.push(count);
    y.push(maxMs);
  } else {
    y[y.length - 1] = maxMs;
  }
  return { x, y };
}
