import { judgeSaturation } from '@pipstream/load/saturation';
import { describe, expect, it } from 'vitest';
import {
  compareAt,
  type Measured,
  marginalRssKiB,
  markdownOf,
  type RunKind,
  runFigures,
} from './figures.js';

function measured(overrides: Partial<Measured>): Measured {
  return {
    kind: 'gateway',
    clients: 1000,
    connected: 1000,
    ticks: 40,
    received: 40_000,
    windowSeconds: 4,
    cpuSeconds: 2,
    clientCpuSeconds: 1,
    generators: judgeSaturation([
      { name: 'client process 1', cpuSeconds: 1, wallSeconds: 4 },
      { name: 'client process 2', cpuSeconds: 1.2, wallSeconds: 4 },
    ]),
    writtenBytes: 80_000_000,
    p50Ms: 3,
    p99Ms: 10,
    rssBeforeBytes: 50 * 1024 * 1024,
    rssIdleBytes: 50 * 1024 * 1024 + 8 * 1024 * 1000,
    upstreamConnections: 1,
    upstreamGauge: 1,
    closes: {},
    conflated: 0,
    ...overrides,
  };
}

describe('runFigures', () => {
  it('derives rates, the delivered fraction and RSS per connection', () => {
    const figures = runFigures(measured({ received: 39_960 }));
    expect(figures.messagesPerSecond).toBe(9990);
    expect(figures.delivered).toBeCloseTo(0.999, 6);
    expect(figures.messagesPerCpuSecond).toBe(19_980);
    expect(figures.rssPerConnectionKiB).toBe(8);
    expect(figures.bytesPerMessage).toBeCloseTo(2002, 0);
  });
});

describe('compareAt', () => {
  const runs = [
    runFigures(measured({ cpuSeconds: 2 })),
    runFigures(measured({ kind: 'raw', cpuSeconds: 1.6, p99Ms: 9, upstreamGauge: null })),
    runFigures(measured({ cpuSeconds: 2.2, p99Ms: 12 })),
    runFigures(measured({ kind: 'raw', cpuSeconds: 1.8, p99Ms: 9, upstreamGauge: null })),
    runFigures(measured({ cpuSeconds: 1.8, p99Ms: 11 })),
    runFigures(measured({ kind: 'raw', cpuSeconds: 2.0, p99Ms: 10, upstreamGauge: null })),
    runFigures(measured({ clients: 5000, upstreamConnections: 2 })),
    runFigures(measured({ kind: 'compressed', cpuSeconds: 2.1, p99Ms: 12, writtenBytes: 2e7 })),
    runFigures(measured({ kind: 'compressed', cpuSeconds: 2.3, p99Ms: 14, writtenBytes: 2e7 })),
    runFigures(measured({ kind: 'compressed', cpuSeconds: 2.2, p99Ms: 13, writtenBytes: 2e7 })),
  ];

  it('takes medians per server and ratios gateway / raw', () => {
    const at = compareAt(1000, runs);
    expect(at.runs).toBe(3);
    expect(at.gateway.messagesPerCpuSecond).toBe(20_000);
    expect(at.raw.messagesPerCpuSecond).toBe(22_222);
    expect(at.ratio.messagesPerCpuSecond).toBe(0.9);
    expect(at.gateway.p99Ms).toBe(11);
    expect(at.ratio.p99Ms).toBe(1.222);
  });

  it('compares the compressing gateway with the uncompressed one', () => {
    const at = compareAt(1000, runs);
    expect(at.compressed.messagesPerCpuSecond).toBe(18_182);
    expect(at.compressedRatio.messagesPerCpuSecond).toBe(0.909);
    expect(at.compressedRatio.p99Ms).toBe(1.182);
    expect(at.compressedRatio.bytesPerMessage).toBe(0.25);
  });

  it('says which Targets are met', () => {
    const at = compareAt(1000, runs);
    expect(at.targets).toEqual({
      messagesPerCpuSecond: 'met',
      delivered: 'met',
      p99: 'not met',
      rssPerConnection: 'met',
      upstreamConnections: 'met',
      compressedMessagesPerCpuSecond: 'met',
      compressedDelivered: 'met',
      compressedP99: 'met',
    });
    expect(at.upstreamConnections).toEqual({ atFeeder: 1, gatewayGauge: 1, rawAtFeeder: 1 });
  });

  it('judges no latency or delivery on runs whose load clients saturated, and says why', () => {
    const busy = judgeSaturation(
      [
        { name: 'client process 1', cpuSeconds: 3.6, wallSeconds: 4 },
        { name: 'client process 2', cpuSeconds: 1, wallSeconds: 4 },
      ],
      0.98,
    );
    const saturated = runs.map((run, i) =>
      i === 0 ? runFigures({ ...run, generators: busy }) : run,
    );
    const at = compareAt(1000, saturated);
    expect(at.saturatedRuns).toEqual({
      saturated: 1,
      of: 9,
      reasons: [
        "a generator was busy ≥ 85 % of a core (client process 1 90 %); the machine's cores were 98 % busy",
      ],
    });
    expect(at.targets.p99).toBe('clients saturated');
    expect(at.targets.delivered).toBe('clients saturated');
    expect(at.targets.compressedP99).toBe('clients saturated');
    // The compressing runs alone were at ease: their delivery is judged.
    expect(at.targets.compressedDelivered).toBe('met');
    expect(at.targets.messagesPerCpuSecond).toBe('met');
    const markdown = markdownOf([at], undefined, 'described');
    expect(markdown).toContain('| 1000 | busiest load process, CPU share of a core |');
    expect(markdown).toContain('saturated in 1 of 9 runs');
    expect(markdown).toContain('At 1000 clients 1 of 9 runs had their load clients saturated');
  });

  it('flags more than one upstream connection', () => {
    expect(compareAt(5000, runs).targets.upstreamConnections).toBe('not met');
  });

  it('prints a table row per figure with its Target', () => {
    const markdown = markdownOf([compareAt(1000, runs)], undefined, 'described');
    expect(markdown).toContain(
      '| 1000 | p99 latency (ms) | 13 | 11 | 9 | 1.182 | 1.222 | compressed ≤ 1.2× gateway; gateway ≤ 1.2× raw | met / not met |',
    );
    expect(markdown).toContain('upstream connections');
  });
});

describe('marginalRssKiB', () => {
  const MIB = 1024 * 1024;
  const run = (kind: RunKind, clients: number, growthMiB: number) =>
    runFigures(
      measured({ kind, clients, rssBeforeBytes: 40 * MIB, rssIdleBytes: (40 + growthMiB) * MIB }),
    );

  it('is the growth per connection added between the fewest and the most clients', () => {
    const marginal = marginalRssKiB([
      run('compressed', 1000, 30),
      run('gateway', 1000, 18),
      run('raw', 1000, 7),
      run('compressed', 5000, 110),
      run('gateway', 5000, 50),
      run('raw', 5000, 39),
    ]);
    expect(marginal).toEqual({
      between: [1000, 5000],
      compressed: 20.48,
      gateway: 8.19,
      raw: 8.19,
    });
  });

  it('needs two client counts', () => {
    expect(marginalRssKiB([run('gateway', 1000, 18), run('raw', 1000, 7)])).toBeUndefined();
  });
});
