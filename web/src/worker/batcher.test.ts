import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveBatch, mergeBatch, type QuoteView } from './batch.js';
import { createBatcher, FRAME_FALLBACK_MS, nextFrame } from './batcher.js';

function quote(id: number, close: number): QuoteView {
  return {
    id,
    close,
    open: 1,
    high: null,
    low: null,
    change: 0,
    prevClose: null,
    direction: 'flat',
    time: null,
    closeText: String(close),
    changeText: '0.00%',
    delayed: false,
    closed: false,
  };
}

function liveBatcher() {
  const flushed: LiveBatch[] = [];
  const batcher = createBatcher<LiveBatch>({
    empty: () => ({}),
    merge: mergeBatch,
    flush: (batch) => flushed.push(batch),
  });
  return { batcher, flushed };
}

describe('batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('flushes at most once per frame, merging latest-wins', () => {
    const { batcher, flushed } = liveBatcher();
    batcher.push({
      quotes: new Map([
        [1, quote(1, 1.1)],
        [2, quote(2, 2.1)],
      ]),
    });
    batcher.push({ quotes: new Map([[1, quote(1, 1.2)]]), closed: [5] });
    batcher.push({
      connection: { state: 'connecting', loggedIn: false, accountPaused: false },
      holdings: new Map([[9, null]]),
      closed: [6],
    });
    batcher.push({
      connection: { state: 'live', loggedIn: true, accountPaused: false },
      resync: true,
    });
    expect(flushed).toHaveLength(0);

    vi.advanceTimersByTime(FRAME_FALLBACK_MS);
    expect(flushed).toHaveLength(1);
    const [batch] = flushed;
    expect(batch?.quotes).toEqual(
      new Map([
        [1, quote(1, 1.2)],
        [2, quote(2, 2.1)],
      ]),
    );
    expect(batch?.holdings).toEqual(new Map([[9, null]]));
    expect(batch?.connection).toEqual({ state: 'live', loggedIn: true, accountPaused: false });
    expect(batch?.closed).toEqual([5, 6]);
    expect(batch?.resync).toBe(true);

    batcher.push({ account: null });
    batcher.push({ estimate: null });
    vi.advanceTimersByTime(FRAME_FALLBACK_MS - 1);
    expect(flushed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([batch, { account: null, estimate: null }]);
  });

  it('schedules no frame while nothing is pending', () => {
    const { flushed } = liveBatcher();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS * 10);
    expect(flushed).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves the pushed change sets untouched', () => {
    const { batcher, flushed } = liveBatcher();
    const first: LiveBatch = { quotes: new Map([[1, quote(1, 1)]]), closed: [1] };
    batcher.push(first);
    batcher.push({ quotes: new Map([[2, quote(2, 2)]]), closed: [2] });
    vi.advanceTimersByTime(FRAME_FALLBACK_MS);
    expect(first.quotes?.size).toBe(1);
    expect(first.closed).toEqual([1]);
    expect(flushed[0]?.quotes?.size).toBe(2);
  });

  it('can flush at once or drop what is pending', () => {
    const { batcher, flushed } = liveBatcher();
    batcher.push({ candle: null });
    batcher.flushNow();
    expect(flushed).toEqual([{ candle: null }]);
    batcher.push({ account: null });
    batcher.cancel();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS);
    expect(flushed).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses requestAnimationFrame where the scope has one', () => {
    const frames: (() => void)[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => cancelled.push(handle));
    const { batcher, flushed } = liveBatcher();
    batcher.push({ candle: null });
    batcher.push({ account: null });
    expect(frames).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    frames[0]?.();
    expect(flushed).toEqual([{ candle: null, account: null }]);

    const cancel = nextFrame(() => {});
    cancel();
    expect(cancelled).toEqual([2]);
  });

  it('with settleMs, keeps the inputs of one step together across a frame boundary', () => {
    const frames: (() => void)[] = [];
    let clock = 0;
    const flushed: LiveBatch[] = [];
    const batcher = createBatcher<LiveBatch>({
      empty: () => ({}),
      merge: mergeBatch,
      flush: (batch) => flushed.push(batch),
      schedule: (callback) => {
        frames.push(callback);
        return () => {};
      },
      settleMs: 8,
      maxWaitMs: 50,
      now: () => clock,
    });
    const frame = () => frames.shift()?.();

    // DAY_MARKET at 0; a frame at 3 ms is too soon after it: it passes.
    batcher.push({ quotes: new Map([[1, quote(1, 1.1)]]) });
    clock = 3;
    frame();
    expect(flushed).toHaveLength(0);
    // FOREX_TRADE at 6 ms; the frame at 19 ms is quiet enough: one batch for both.
    clock = 6;
    batcher.push({ holdings: new Map([[9, null]]) });
    clock = 19;
    frame();
    expect(flushed).toHaveLength(1);
    expect(flushed[0]?.quotes?.size).toBe(1);
    expect(flushed[0]?.holdings?.size).toBe(1);
    expect(frames).toHaveLength(0);

    // An input long enough before its frame flushes there, without delay.
    batcher.push({ candle: null });
    clock = 30;
    frame();
    expect(flushed).toHaveLength(2);

    // A steady stream of inputs still flushes once the first has waited maxWaitMs.
    batcher.push({ account: null });
    for (let step = 0; step < 5; step++) {
      clock += 16;
      batcher.push({ estimate: null });
      frame();
    }
    expect(flushed).toHaveLength(3);
  });
});
