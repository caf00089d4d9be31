import { ApiError, type ArmedTrailingStop } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { TrailMove, TrailOutcome } from '../worker/contract.js';
import {
  createTrailingBook,
  createTrailSender,
  TRAILING_KEY,
  type TrailingState,
} from './trailing-stops.js';

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

function setup(storage = memoryStorage()) {
  const state: TrailingState = { byOrder: {} };
  const armed: ArmedTrailingStop[][] = [];
  const who = { uid: 'alice' as string | null };
  const book = createTrailingBook({
    state,
    storage,
    uid: () => who.uid,
    arm: (stops) => armed.push(stops),
    now: () => 50,
  });
  book.load();
  return { book, state, armed, storage, who };
}

describe('the trailing stops kept on the device', () => {
  it('keeps a stop per holding, arms it, and reads it back after a reload', () => {
    const first = setup();
    expect(first.book.set(7, { distancePips: 20, stepPips: 5 })).toBe(true);
    expect(first.state.byOrder).toEqual({ 7: { distancePips: 20, stepPips: 5 } });
    expect(first.armed.at(-1)).toEqual([{ orderId: 7, distancePips: 20, stepPips: 5, setAt: 50 }]);

    const reloaded = setup(first.storage);
    expect(reloaded.state.byOrder).toEqual({ 7: { distancePips: 20, stepPips: 5 } });
    expect(reloaded.armed.at(-1)).toHaveLength(1);
  });

  it('turns a stop off, and leaves nothing on the device once none is left', () => {
    const { book, state, armed, storage } = setup();
    book.set(7, { distancePips: 20, stepPips: 5 });
    book.set(7, null);
    expect(state.byOrder).toEqual({});
    expect(armed.at(-1)).toEqual([]);
    expect(storage.entries.has(TRAILING_KEY)).toBe(false);
  });

  it('forgets the stops of holdings gone, closed or no longer held', () => {
    const { book, state } = setup();
    book.set(7, { distancePips: 20, stepPips: 5 });
    book.set(8, { distancePips: 30, stepPips: 1 });
    book.set(9, { distancePips: 40, stepPips: 2 });
    book.forget([8]);
    expect(Object.keys(state.byOrder)).toEqual(['7', '9']);
    book.keepHeld([9, 10]);
    expect(Object.keys(state.byOrder)).toEqual(['9']);
  });

  it('arms only the logged-in account’s stops, and keeps another account’s on the device', () => {
    const { book, state, armed, who } = setup();
    book.set(7, { distancePips: 20, stepPips: 5 });
    who.uid = 'bob';
    book.accountChanged();
    expect(state.byOrder).toEqual({});
    expect(armed.at(-1)).toEqual([]);
    // Bob's holdings, read: Alice's stop stays on the device for her.
    book.keepHeld([]);
    who.uid = 'alice';
    book.accountChanged();
    expect(state.byOrder).toEqual({ 7: { distancePips: 20, stepPips: 5 } });
    who.uid = null;
    expect(book.set(7, null)).toBe(false);
  });

  it('drops a broken entry the device kept, never the whole list', () => {
    const storage = memoryStorage();
    storage.setItem(
      TRAILING_KEY,
      JSON.stringify([
        { uid: 'alice', orderId: 7, distancePips: 20, stepPips: 5, setAt: 1 },
        { uid: 'alice', orderId: 8, distancePips: 0, stepPips: 5, setAt: 1 },
      ]),
    );
    expect(setup(storage).state.byOrder).toEqual({ 7: { distancePips: 20, stepPips: 5 } });
  });
});

describe('sending the worker’s moves', () => {
  const move: TrailMove = { id: 3, orderId: 7, stopLoss: 1.1005, takeProfit: 0 };

  function sender(send: (move: TrailMove) => Promise<void>, trails = true) {
    const settled: [number, TrailOutcome][] = [];
    const notices: (string | undefined)[] = [];
    let refreshed = 0;
    const run = createTrailSender({
      trails: () => trails,
      send,
      settle: (id, outcome) => settled.push([id, outcome]),
      refresh: () => {
        refreshed += 1;
      },
      notify: (_, reason) => notices.push(reason),
    });
    return { run, settled, notices, refreshed: () => refreshed };
  }

  it('sends a move, tells the worker it went through, and re-reads the orders', async () => {
    const sent: TrailMove[] = [];
    const { run, settled, refreshed } = sender(async (given) => void sent.push(given));
    await run.send([move]);
    expect(sent).toEqual([move]);
    expect(settled).toEqual([[3, 'moved']]);
    expect(refreshed()).toBe(1);
  });

  it('tells the trader once of a holding whose moves keep failing, again after one went through', async () => {
    let outcome: 'refuse' | 'drop' | 'pass' = 'refuse';
    const { run, settled, notices } = sender(async () => {
      if (outcome === 'refuse') {
        throw new ApiError({
          route: 'setStopPrice',
          code: 0,
          msg: 'The price moved',
          httpStatus: 200,
          flags: {},
        });
      }
      if (outcome === 'drop') throw new TypeError('no answer');
    });
    await run.send([move]);
    outcome = 'drop';
    await run.send([{ ...move, id: 4 }]);
    expect(settled).toEqual([
      [3, 'refused'],
      [4, 'failed'],
    ]);
    expect(notices).toEqual(['The price moved']);
    outcome = 'pass';
    await run.send([{ ...move, id: 5 }]);
    outcome = 'drop';
    await run.send([{ ...move, id: 6 }]);
    expect(notices).toEqual(['The price moved', undefined]);
  });

  it('sends nothing for a holding whose stop was turned off since', async () => {
    const sent: TrailMove[] = [];
    const { run, settled } = sender(async (given) => void sent.push(given), false);
    await run.send([move]);
    expect(sent).toEqual([]);
    expect(settled).toEqual([[3, 'refused']]);
  });
});
