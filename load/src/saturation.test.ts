import { describe, expect, it } from 'vitest';
import {
  GENERATOR_BUSY_LIMIT,
  hostBusyBetween,
  judgeSaturation,
  readHostCpu,
} from './saturation.js';

const generator = (name: string, share: number) => ({
  name,
  cpuSeconds: share * 10,
  wallSeconds: 10,
});

describe('saturated generators', () => {
  it('reads a generator at ease as measuring its target', () => {
    const verdict = judgeSaturation(
      [generator('generator 1', 0.4), generator('generator 2', 0.5)],
      0.6,
    );
    expect(verdict).toMatchObject({ saturated: false, reason: null, hostBusy: 0.6 });
    expect(verdict.coresUsed).toBeCloseTo(0.9);
    expect(verdict.shares.map((s) => s.share)).toEqual([0.4, 0.5]);
  });

  it('marks a generator busy past its limit, naming it', () => {
    const verdict = judgeSaturation([
      generator('generator 1', 0.3),
      generator('generator 2', GENERATOR_BUSY_LIMIT),
    ]);
    expect(verdict.saturated).toBe(true);
    expect(verdict.reason).toBe('a generator was busy ≥ 85 % of a core (generator 2 85 %)');
  });

  it('marks a run on a machine with every core busy, whoever took them', () => {
    const verdict = judgeSaturation([generator('generator 1', 0.2)], 0.97);
    expect(verdict.saturated).toBe(true);
    expect(verdict.reason).toBe("the machine's cores were 97 % busy");
  });

  it('reads the share of the cores busy between two readings of the machine', () => {
    expect(hostBusyBetween({ busyMs: 100, totalMs: 1000 }, { busyMs: 400, totalMs: 1400 })).toBe(
      0.75,
    );
    expect(hostBusyBetween({ busyMs: 1, totalMs: 1 }, { busyMs: 1, totalMs: 1 })).toBeNull();
    const reading = readHostCpu();
    expect(reading.totalMs).toBeGreaterThanOrEqual(reading.busyMs);
  });
});
