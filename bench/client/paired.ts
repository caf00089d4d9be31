/**
 * This build's first quote against another build's (the reference, e.g. the main branch's),
 * measured in pairs: each round opens both, in alternating order, on the same stack and
 * browser, so that whatever the machine does meanwhile weighs on both alike. Printed, never
 * asserted.
 */
import { table } from '../lib/results.js';
import { median, round } from '../lib/stats.js';

/** One round: the first quote of each build, in ms. */
export interface FirstQuotePair {
  readonly round: number;
  readonly appMs: number;
  readonly referenceMs: number;
}

export interface PairedSummary {
  readonly pairs: number;
  readonly appMs: number | null;
  readonly referenceMs: number | null;
  /** Median of the per-round differences, this build minus the reference (ms). */
  readonly differenceMs: number | null;
  /** The budget: this build at most this much later than the reference (ms). */
  readonly budgetMs: number;
  readonly met: boolean;
}

/** Medians of both builds and of the paired differences, against `budgetMs`. */
export function pairedSummary(pairs: readonly FirstQuotePair[], budgetMs: number): PairedSummary {
  const differenceMs = round(median(pairs.map((pair) => pair.appMs - pair.referenceMs)), 0);
  return {
    pairs: pairs.length,
    appMs: round(median(pairs.map((pair) => pair.appMs)), 0),
    referenceMs: round(median(pairs.map((pair) => pair.referenceMs)), 0),
    differenceMs,
    budgetMs,
    met: differenceMs !== null && differenceMs <= budgetMs,
  };
}

/** Markdown for SUMMARY.md: the medians, every pair, and the verdict. */
export function pairedMarkdown(
  summary: PairedSummary,
  pairs: readonly FirstQuotePair[],
  description: { readonly rate: number; readonly reference: string },
): string {
  return [
    `First quote on \`/\` at ${description.rate}× CPU, this build paired with the reference build (${description.reference}): ${summary.pairs} rounds, each opening both in a fresh context, in alternating order.`,
    '',
    table(
      ['build', 'first quote ms (median)'],
      [
        ['this build', summary.appMs],
        ['reference', summary.referenceMs],
        ['difference (median of the pairs)', summary.differenceMs],
      ],
    ),
    '',
    `Every pair (ms): ${pairs.map((pair) => `${pair.appMs} / ${pair.referenceMs}`).join(', ')}.`,
    '',
    `Target: this build within ${summary.budgetMs} ms of the reference — **${summary.differenceMs ?? 'n/a'} ms**, ${summary.met ? 'met' : 'not met'}.`,
  ].join('\n');
}
