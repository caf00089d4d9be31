import { describe, expect, it } from 'vitest';
import { Recorder } from '../generator/recorder.js';
import { figuresOf } from '../result/figures.js';
import { judgeThresholds, THRESHOLD_RULES, thresholdsSchema } from './thresholds.js';

const START = Date.UTC(2026, 10, 28);

/** Figures of a run with REST answers of 10, 20 … 1000 ms, 1 gap and 2 refused handshakes. */
function figures({ rest = true } = {}) {
  const recorder = new Recorder();
  if (rest) {
    for (let ms = 10; ms <= 1000; ms += 10)
      recorder.answer('getBalance', 200, ms, undefined, START);
  }
  recorder.settled(START, 12);
  recorder.settled(START, undefined);
  recorder.gap(6000);
  recorder.refused['http 429'] = 2;
  return figuresOf(
    recorder.toResult({
      target: 'http://127.0.0.1:8080',
      referenceUrl: 'ws://127.0.0.1:8080/v1/ws',
      startedAt: START,
      endedAt: START + 10_000,
      interrupted: false,
      planned: 10,
      machines: [],
      scenario: {},
    }),
  );
}

describe('thresholds', () => {
  it('passes what holds and names what fails, with the figure it was', () => {
    const verdicts = judgeThresholds(
      thresholdsSchema.parse({ maxP99: '2s', minDelivered: '99.9%', maxRefused: 2, maxGaps: 0 }),
      figures(),
    );
    expect(verdicts).toEqual([
      {
        flag: '--max-p99',
        passed: true,
        line: '--max-p99 2.00 s: REST p99 (all routes) was 990.2 ms',
      },
      {
        flag: '--min-delivered',
        passed: false,
        line: '--min-delivered 99.90 %: frames delivered was 50.00 %',
      },
      {
        flag: '--max-refused',
        passed: true,
        line: '--max-refused 2: socket handshakes refused was 2',
      },
      { flag: '--max-gaps', passed: false, line: '--max-gaps 0: gaps in the quote feed was 1' },
    ]);
  });

  it('fails a threshold on a figure the run could not measure', () => {
    const [verdict] = judgeThresholds(
      thresholdsSchema.parse({ maxP99: '50ms' }),
      figures({ rest: false }),
    );
    expect(verdict).toEqual({
      flag: '--max-p99',
      passed: false,
      line: '--max-p99 50.0 ms: REST p99 (all routes) was not measured',
    });
  });

  it('judges nothing when none is set', () => {
    expect(judgeThresholds({}, figures())).toEqual([]);
  });

  it('has a rule for every threshold the schema takes', () => {
    expect(Object.keys(THRESHOLD_RULES).sort()).toEqual(Object.keys(thresholdsSchema.shape).sort());
  });
});
