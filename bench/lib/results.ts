/**
 * Where a benchmark's figures go: `bench/results/<name>.json` (every run and the medians) and
 * one JSON line on stdout. Figures are printed and saved, never asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';

export const RESULTS_DIR = new URL('../results/', import.meta.url);

/** The machine a figure came from: without it a number means little. */
export function machine() {
  const [cpu] = cpus();
  return {
    cpu: cpu?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: type(),
    node: process.version,
    at: new Date().toISOString(),
  };
}

/** What every benchmark hands back to the runner. */
export interface BenchResult {
  /** File name under bench/results/ and the key of the summary line. */
  readonly name: string;
  /** Whether this was the reduced `bench:quick` run. */
  readonly quick: boolean;
  /** What was measured with what (client counts, durations, rates). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The figures of the summary line: medians and ratios to the baseline. */
  readonly summary: Readonly<Record<string, unknown>>;
  /** Every run's raw figures, for whoever wants to look closer. */
  readonly runs: readonly unknown[];
  /** Markdown for SUMMARY.md: a short table of the medians and ratios. */
  readonly markdown: string;
}

/** Writes `bench/results/<name>.json` and returns its path. */
export function saveResult(result: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = new URL(`${result.name}.json`, RESULTS_DIR);
  const { markdown: _markdown, ...data } = result;
  writeFileSync(file, `${JSON.stringify({ machine: machine(), ...data }, null, 2)}\n`);
  return file.pathname;
}

/** A markdown table from a header row and rows of cells. */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    `| ${cells.map((cell) => String(cell ?? '–')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Options every benchmark's `run` takes. */
export interface BenchOptions {
  /** The reduced run of `npm run bench:quick`: the same code, smaller and shorter. */
  readonly quick: boolean;
  /**
   * Another build of the web app (a `web/dist` folder, e.g. of the main branch) that the client
   * benchmark pairs this build's first quote with, visit by visit (`--reference-web DIR`).
   */
  readonly referenceWeb?: string;
}

/** A benchmark module: `bench/<name>/index.ts` exports one. */
export interface Benchmark {
  readonly name: string;
  run(options: BenchOptions): Promise<BenchResult>;
}
