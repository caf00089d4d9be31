import { describe, expect, it } from 'vitest';
import type { Browser } from '../browsers/browser.js';
import { createLoginAnswers } from './login-answers.js';

/** A browser whose every write takes `costMs` of the event loop, recording what it got. */
function slowBrowser(costMs: number) {
  const got: string[] = [];
  const browser = {
    send(answer: string) {
      const until = performance.now() + costMs;
      while (performance.now() < until) {}
      got.push(answer);
    },
  } as unknown as Browser;
  return { browser, got };
}

/** The most `written()` grew between two turns of the event loop until `done()`. */
async function mostPerTurn(written: () => number, done: () => boolean): Promise<number> {
  let most = 0;
  let before = written();
  while (!done()) {
    await new Promise((resolve) => setImmediate(resolve));
    most = Math.max(most, written() - before);
    before = written();
  }
  return most;
}

describe('login answers', () => {
  it("writes many browsers' answers in slices of a few ms, each browser's in order", async () => {
    const answers = createLoginAnswers(2);
    const browsers = Array.from({ length: 500 }, () => slowBrowser(0.05));
    const owed = ['first', 'second', 'third', 'fourth'];
    for (const { browser } of browsers) answers.queue(browser, owed);
    // Nothing is written by the call itself: a thousand owed answers would be 100 ms here.
    expect(browsers.every(({ got }) => got.length === 0)).toBe(true);
    const written = () => browsers.filter(({ got }) => got.length > 0).length;
    const most = await mostPerTurn(written, () => answers.pending === 0);
    expect(browsers.every(({ got }) => got.join() === owed.join())).toBe(true);
    // A slice of 2 ms holds about ten browsers' answers (0.2 ms each), and one more to end it;
    // written at once, all 500 would have held the loop 100 ms.
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(12);
  });

  it('puts an answer sent now behind those still on their way to the same browser', async () => {
    const answers = createLoginAnswers(2);
    const { browser, got } = slowBrowser(0);
    const other = slowBrowser(0);
    answers.queue(browser, ['owed']);
    answers.send(browser, ['refused at once']);
    answers.send(other.browser, ['alone']);
    expect(other.got).toEqual(['alone']);
    expect(got).toEqual([]);
    await mostPerTurn(
      () => got.length,
      () => answers.pending === 0,
    );
    expect(got).toEqual(['owed', 'refused at once']);
  });
});
