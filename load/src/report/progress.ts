/**
 * The line a run prints every second: where it is, and the figures an engineer watches while
 * it goes — sockets open, refusals, frames and REST answers a second, failures, and each
 * generator's CPU, so a saturating generator shows before the summary says so.
 */
import type { Progress } from '../generator/messages.js';
import { formatCount } from '../options/units.js';

export interface ProgressLine {
  readonly elapsedMs: number;
  readonly durationMs: number;
  readonly planned: number;
  /** Each generator's latest progress (undefined before its first). */
  readonly generators: readonly (Progress | undefined)[];
  /** The same a second earlier, for the rates. */
  readonly before: readonly (Progress | undefined)[];
  readonly seconds: number;
}

const total = (all: readonly (Progress | undefined)[], read: (p: Progress) => number) =>
  all.reduce((sum, p) => sum + (p ? read(p) : 0), 0);

export function progressLine(line: ProgressLine): string {
  const { generators, before } = line;
  const rate = (read: (p: Progress) => number) =>
    formatCount(
      Math.max(0, total(generators, read) - total(before, read)) / Math.max(line.seconds, 0.001),
    );
  const cpu = generators.map((now, i) => {
    const then = before[i];
    if (!now || !then) return '–';
    return `${Math.round(((now.cpuSeconds - then.cpuSeconds) / line.seconds) * 100)} %`;
  });
  return [
    line.elapsedMs > line.durationMs
      ? 'closing'
      : `${Math.round(line.elapsedMs / 1000)}/${Math.round(line.durationMs / 1000)} s`,
    `open ${formatCount(total(generators, (p) => p.open))}/${formatCount(line.planned)}`,
    `refused ${formatCount(total(generators, (p) => p.refused))}`,
    `frames ${rate((p) => p.frames)}/s`,
    `gaps ${formatCount(total(generators, (p) => p.gaps))}`,
    `REST ${rate((p) => p.answers)}/s`,
    `failed ${formatCount(total(generators, (p) => p.failed))}`,
    `CPU ${cpu.join(' ')}`,
  ].join(' · ');
}
