import { describe, expect, it } from 'vitest';
import type { Progress } from '../generator/messages.js';
import { progressLine } from './progress.js';

const progress = (overrides: Partial<Progress>): Progress => ({
  open: 0,
  browsersConnected: 0,
  reconnects: 0,
  refused: 0,
  frames: 0,
  gaps: 0,
  answers: 0,
  failed: 0,
  cpuSeconds: 0,
  ...overrides,
});

describe('the progress line', () => {
  it('adds the generators up and shows rates over the last second, and each one’s CPU', () => {
    const line = progressLine({
      elapsedMs: 12_400,
      durationMs: 30_000,
      planned: 2000,
      before: [
        progress({ frames: 1000, answers: 10, cpuSeconds: 1 }),
        progress({ frames: 500, cpuSeconds: 2 }),
      ],
      generators: [
        progress({ open: 1000, frames: 3000, answers: 30, refused: 1, cpuSeconds: 1.4 }),
        progress({ open: 990, frames: 2500, failed: 2, cpuSeconds: 2.9 }),
      ],
      seconds: 1,
    });
    expect(line).toBe(
      '12/30 s · open 1 990/2 000 · refused 1 · frames 4 000/s · gaps 0 · REST 20/s · failed 2 · CPU 40 % 90 %',
    );
  });

  it('says when the window is over and the sockets are closing', () => {
    const line = progressLine({
      elapsedMs: 31_000,
      durationMs: 30_000,
      planned: 10,
      before: [undefined],
      generators: [undefined],
      seconds: 1,
    });
    expect(line).toMatch(/^closing · open 0\/10 .* CPU –$/);
  });
});
