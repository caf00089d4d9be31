/** Result files for tests, made the way a generator makes them (its Recorder). */
import { Recorder } from '../generator/recorder.js';
import type { Result } from '../result/schema.js';

export const START = Date.UTC(2026, 10, 28, 12, 0, 0);

/** A 10 s result on one machine; `fill` records what the test needs. */
export function resultOf(fill: (recorder: Recorder) => void, generator = 'generator 1'): Result {
  const recorder = new Recorder();
  fill(recorder);
  return recorder.toResult({
    target: 'http://127.0.0.1:8080',
    referenceUrl: 'ws://127.0.0.1:8080/v1/ws?lang=en',
    startedAt: START,
    endedAt: START + 10_000,
    interrupted: false,
    planned: 100,
    machines: [
      {
        host: 'load-host',
        cores: 2,
        hostBusy: 0.5,
        generators: [{ name: generator, cpuSeconds: 2, wallSeconds: 10 }],
      },
    ],
    scenario: {},
  });
}

/** A little of everything: frames delivered, REST answers on two routes, a refused handshake. */
export function busyResult(generator?: string): Result {
  return resultOf((recorder) => {
    for (let i = 0; i < 100; i++) {
      const at = START + i * 100;
      recorder.frame('DAY_MARKET', at);
      recorder.settled(at, 5 + (i % 10));
      recorder.answer(i % 2 ? 'getBalance' : 'tradeList', 200, 10 + i, undefined, at);
      recorder.open(at, 50);
    }
    recorder.connected(true);
    recorder.firstTick.recordValue(120_000);
    recorder.refused['http 429'] = 1;
  }, generator);
}
