/**
 * Merging is exact: results of disjoint halves of the same samples, added, report what one
 * result of all the samples reports — every count, every percentile, second by second.
 */
import { describe, expect, it } from 'vitest';
import { Recorder } from '../generator/recorder.js';
import { decodeHistogram } from '../histogram.js';
import { figuresOf } from './figures.js';
import { mergeResults } from './merge.js';
import type { Result } from './schema.js';

/** A seeded source, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const ROUTES = ['getBalance', 'tradeList', 'submit'];
const CLOSE_CODES = ['1012', '4408', '4508'];

/** One sample of everything a generator records, drawn from `next`. */
function record(recorder: Recorder, next: () => number, i: number) {
  const at = START + Math.floor(next() * 30_000);
  recorder.frame(next() < 0.8 ? 'DAY_MARKET' : 'KLINE', at);
  recorder.settled(at, next() < 0.99 ? next() ** 3 * 400 : undefined);
  recorder.answer(
    ROUTES[i % ROUTES.length] as string,
    next() < 0.97 ? 200 : 502,
    next() ** 4 * 2000,
    next() < 0.02 ? '0' : undefined,
    at,
  );
  if (next() < 0.01) recorder.requestFailed('tradeList', 'timeout', at);
  if (next() < 0.05) {
    recorder.connected(next() < 0.8);
    recorder.firstTick.recordValue(Math.round(next() * 3_000_000));
    recorder.open(at, Math.floor(next() * 1000));
  }
  if (next() < 0.01) recorder.gap(5000 + next() * 4000);
  if (next() < 0.01) {
    const code = CLOSE_CODES[i % CLOSE_CODES.length] as string;
    recorder.closed[code] = (recorder.closed[code] ?? 0) + 1;
  }
  if (next() < 0.005) recorder.login(next() < 0.5 ? 1 : 503);
}

function resultOf(recorder: Recorder, generator: string): Result {
  return recorder.toResult({
    target: 'http://127.0.0.1:8080',
    referenceUrl: 'ws://127.0.0.1:8080/v1/ws',
    startedAt: START,
    endedAt: START + 30_000,
    interrupted: false,
    planned: 1000,
    machines: [
      {
        host: 'generator-host',
        cores: 2,
        hostBusy: null,
        generators: [{ name: generator, cpuSeconds: 3, wallSeconds: 30 }],
      },
    ],
    scenario: {},
  });
}

/** Every percentile of a histogram, as HdrHistogram prints them. */
const distribution = (encoded: string) => decodeHistogram(encoded).outputPercentileDistribution();

/** A result with each histogram replaced by its full percentile distribution. */
function comparable(result: Result) {
  return {
    sockets: {
      ...result.sockets,
      planned: undefined,
      firstTick: distribution(result.sockets.firstTick),
      gapLength: distribution(result.sockets.gapLength),
    },
    frames: { ...result.frames, added: distribution(result.frames.added) },
    rest: Object.fromEntries(
      Object.entries(result.rest).map(([name, route]) => [
        name,
        { ...route, latency: distribution(route.latency) },
      ]),
    ),
    series: result.series.map((second) => ({
      ...second,
      open: undefined,
      added: distribution(second.added),
      rest: distribution(second.rest),
    })),
  };
}

describe('merging results', () => {
  const whole = new Recorder();
  const halves = [new Recorder(), new Recorder()];
  const next = random(20_261_128);
  for (let i = 0; i < 6000; i++) {
    // The same draws for the whole and for the half the sample falls in.
    const draws: number[] = [];
    record(
      whole,
      () => {
        const value = next();
        draws.push(value);
        return value;
      },
      i,
    );
    let replay = 0;
    record(halves[i % 2] as Recorder, () => draws[replay++] as number, i);
  }
  const merged = mergeResults([
    resultOf(halves[0] as Recorder, 'a'),
    resultOf(halves[1] as Recorder, 'b'),
  ]);
  const single = resultOf(whole, 'whole');

  it('adds every count and histogram exactly', () => {
    expect(comparable(merged)).toEqual(comparable(single));
  });

  it('reports the same figures — counts, rates and every percentile — as one run', () => {
    const figures = figuresOf(merged);
    const expected = figuresOf(single);
    expect(figures.frames).toEqual(expected.frames);
    expect(figures.rest).toEqual(expected.rest);
    expect({ ...figures.sockets, planned: 0, peakOpen: 0 }).toEqual({
      ...expected.sockets,
      planned: 0,
      peakOpen: 0,
    });
    expect(figures.rest.all.latency.p99).toBeGreaterThan(0);
    expect(figures.frames.added.count).toBeGreaterThan(5800);
  });

  it('keeps both generators on their one machine, and counts the parts', () => {
    expect(merged.parts).toBe(2);
    expect(merged.machines).toEqual([
      {
        host: 'generator-host',
        cores: 2,
        hostBusy: null,
        generators: [
          { name: 'a', cpuSeconds: 3, wallSeconds: 30 },
          { name: 'b', cpuSeconds: 3, wallSeconds: 30 },
        ],
      },
    ]);
    expect(merged.sockets.planned).toBe(2000);
  });

  it('lines seconds up on the wall clock, adding the sockets open in each', () => {
    const halvesOpen = [halves[0], halves[1]].map((half) =>
      resultOf(half as Recorder, 'x').series.reduce((sum, second) => sum + second.open, 0),
    );
    expect(merged.series.reduce((sum, second) => sum + second.open, 0)).toBe(
      (halvesOpen[0] ?? 0) + (halvesOpen[1] ?? 0),
    );
    const ats = merged.series.map((second) => second.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(new Set(ats).size).toBe(ats.length);
  });

  it('takes the earliest start and the latest end, and an interruption of any part', () => {
    const early = { ...single, startedAt: START - 500, interrupted: true };
    const late = { ...single, endedAt: START + 31_000 };
    const both = mergeResults([early, late]);
    expect([both.startedAt, both.endedAt, both.interrupted]).toEqual([
      START - 500,
      START + 31_000,
      true,
    ]);
  });
});
