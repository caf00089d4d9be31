import { describe, expect, it } from 'vitest';
import { benchCodes } from '../fanout/market.js';
import {
  clientTopics,
  type DropRun,
  impliedTimings,
  type KillRun,
  lossesByReason,
  markdownOf,
  summarize,
} from './figures.js';

const codes = benchCodes(300);
const settings = {
  heartbeatMs: 5000,
  maxMissedPongs: 2,
  pongDeadlineMs: 1000,
  firstRetryMs: 250,
  retryCeilingMs: 1000,
  tickMs: 100,
};

describe('clientTopics', () => {
  it('gives every client DAY_MARKET and one chart when clients outnumber the codes', () => {
    const topics = clientTopics(1000, codes);
    expect(topics.every((t) => t.length === 2 && t[0] === 'DAY_MARKET')).toBe(true);
    expect(new Set(topics.flat()).size).toBe(301);
  });

  it('deals several charts per client when codes outnumber the clients', () => {
    const topics = clientTopics(100, codes);
    expect(topics.every((t) => t.length === 4)).toBe(true);
    expect(new Set(topics.flat()).size).toBe(301);
    expect(topics[0]).toEqual([
      'DAY_MARKET',
      'KLINE.SYM001.1min',
      'KLINE.SYM101.1min',
      'KLINE.SYM201.1min',
    ]);
  });
});

describe('impliedTimings', () => {
  it('reads the drop and silence windows off the settings', () => {
    expect(impliedTimings(settings)).toEqual({
      dropToFreshMs: { from: 0, to: 350 },
      restartToFreshMs: { from: 0, to: 1100 },
      silentDetectionMs: { from: 11_000, to: 16_000 },
    });
  });
});

describe('lossesByReason', () => {
  it('counts the gateway’s "upstream lost" log lines by reason', () => {
    const log = [
      '{"level":40,"module":"realtime","upstream":"public","reason":"closed","attempt":0,"msg":"upstream lost"}',
      '{"level":40,"module":"realtime","upstream":"public","reason":"heartbeat","attempt":0,"msg":"upstream lost"}',
      '{"level":40,"module":"realtime","upstream":"public","reason":"closed","attempt":0,"msg":"upstream lost"}',
      '{"level":30,"msg":"upstream connected"}',
    ].join('\n');
    expect(lossesByReason(log)).toEqual({ closed: 2, heartbeat: 1 });
  });
});

describe('summarize', () => {
  const drop = (freshMs: number, stale = 0): DropRun => ({
    dropped: 1,
    reconnectMs: freshMs - 80,
    resubscribedMs: freshMs - 60,
    freshMs,
    medianClientFreshMs: freshMs - 20,
    stale,
    watched: 1000,
  });

  const kill = (freshMs: number, stale = 0): KillRun => ({
    dropped: 1,
    downMs: 3000,
    reconnectMs: freshMs - 80,
    resubscribedMs: freshMs - 60,
    freshMs,
    medianClientFreshMs: freshMs - 20,
    stale,
    watched: 1000,
  });

  it('takes medians and checks them against the Targets', () => {
    const summary = summarize(
      [drop(300), drop(900), drop(200)],
      [kill(700), kill(1400), kill(600)],
      [
        { phaseMs: 2500, detectedMs: 17_000, reconnectMs: 17_100 },
        { phaseMs: 833, detectedMs: 19_000, reconnectMs: 19_200 },
        { phaseMs: 4167, detectedMs: 16_000, reconnectMs: 16_050 },
      ],
      settings,
      undefined,
    );
    expect(summary.drop).toMatchObject({ runs: 3, freshMs: 300, met: 'met', staleClients: 0 });
    // A restart counts by its slowest run.
    expect(summary.restart).toMatchObject({ runs: 3, downMs: 3000, freshMs: 1400, met: 'met' });
    expect(summary.silent).toMatchObject({ runs: 3, detectedMs: 17_000, met: 'not met' });
    const markdown = markdownOf(summary, 'described');
    expect(markdown).toContain('| 11000–16000 ms | ≤ 15000 ms | not met |');
    expect(markdown).toContain('| 1400 ms |');
    expect(markdown).toContain('| 0–1100 ms | ≤ 1500 ms | met |');
  });

  it('does not count a restart slower than 1.5 s anywhere, or with a stale client, as met', () => {
    const slow = summarize([drop(300)], [kill(600), kill(1600)], [], settings, 'skipped');
    expect(slow.restart).toMatchObject({ freshMs: 1600, met: 'not met' });
    const stale = summarize([drop(300)], [kill(600, 1)], [], settings, 'skipped');
    expect(stale.restart.met).toBe('not met');
  });

  it('does not count a drop after which some client never got a fresh tick as met', () => {
    const summary = summarize([drop(300, 4)], [kill(500)], [], settings, 'skipped for a reason');
    expect(summary.drop.met).toBe('not met');
    expect(summary.silent).toEqual({ skipped: 'skipped for a reason' });
    expect(markdownOf(summary, '')).toContain('skipped for a reason');
  });
});
