import { describe, expect, it } from 'vitest';
import { silentLog, sleep } from '../test-support/harness.js';
import { createInstrumentCodes } from './instrument-codes.js';

/** A trade list the test changes, counting its reads. */
function upstreamList(initial: string[]) {
  const state = { codes: initial, reads: 0, failing: false };
  const load = async () => {
    state.reads++;
    await sleep(20);
    if (state.failing) throw new Error('upstream down');
    return state.codes;
  };
  return { state, load };
}

describe('createInstrumentCodes', () => {
  it('passes a listed code at once, after the first read', async () => {
    const { state, load } = upstreamList(['EURUSD', 'XAUUSD']);
    const codes = createInstrumentCodes({ load, refreshGapMs: 100, log: silentLog });
    await sleep(50);
    expect(codes.check('EURUSD')).toBe(true);
    expect(codes.check('XAUUSD')).toBe(true);
    expect(state.reads).toBe(1);
  });

  it('reads the list again on a miss, once for every miss at the time, so a new listing works', async () => {
    const { state, load } = upstreamList(['EURUSD']);
    const codes = createInstrumentCodes({ load, refreshGapMs: 100, log: silentLog });
    await sleep(50);
    state.codes = ['EURUSD', 'NEWFX'];
    const started = performance.now();
    const answers = await Promise.all([
      codes.check('NEWFX'),
      codes.check('ZZ1'),
      codes.check('ZZ2'),
      codes.check('NEWFX'),
    ]);
    expect(answers).toEqual([true, false, false, true]);
    expect(state.reads).toBe(2);
    // No sooner than the gap after the first read.
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('reads at most once per gap, however many misses come', async () => {
    const { state, load } = upstreamList(['EURUSD']);
    const codes = createInstrumentCodes({ load, refreshGapMs: 100, log: silentLog });
    await sleep(50);
    const started = performance.now();
    for (let i = 0; i < 5; i++) expect(await codes.check(`ZZ${i}`)).toBe(false);
    const elapsed = performance.now() - started;
    expect(state.reads).toBeLessThanOrEqual(1 + Math.ceil(elapsed / 100));
    expect(state.reads).toBe(6);
    expect(elapsed).toBeGreaterThanOrEqual(5 * 100 - 50);
  });

  it('lets every code through until the list has been read once, then keeps the last list', async () => {
    const { state, load } = upstreamList(['EURUSD']);
    state.failing = true;
    const codes = createInstrumentCodes({ load, refreshGapMs: 10, log: silentLog });
    expect(codes.check('ANYTHING')).toBe(true);
    await sleep(50);
    expect(codes.check('ANYTHING')).toBe(true);
    state.failing = false;
    await sleep(50);
    expect(await codes.check('ZZ1')).toBe(false);
    state.failing = true;
    expect(await codes.check('ZZ2')).toBe(false);
    expect(codes.check('EURUSD')).toBe(true);
  });
});
