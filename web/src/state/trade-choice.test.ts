import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage.js';
import {
  createTradeStore,
  instrumentIdIn,
  parseInstrumentId,
  shownInstrument,
} from './trade-choice.js';

const list = [{ Id: 4 }, { Id: 9 }, { Id: 12 }];

describe('instrument ids', () => {
  it('reads positive whole ids from numbers and query text', () => {
    expect(parseInstrumentId(9)).toBe(9);
    expect(parseInstrumentId(' 12 ')).toBe(12);
    for (const bad of [0, -3, 1.5, '', 'abc', '1e400', null, undefined, {}, Number.NaN]) {
      expect(parseInstrumentId(bad)).toBeUndefined();
    }
  });

  it('takes the id of a /trade query', () => {
    expect(instrumentIdIn('id=12')).toBe(12);
    expect(instrumentIdIn('from=x&id=4')).toBe(4);
    expect(instrumentIdIn('')).toBeUndefined();
    expect(instrumentIdIn('id=x')).toBeUndefined();
  });
});

describe('the instrument shown', () => {
  it('is the chosen one while the list has it', () => {
    expect(shownInstrument(list, 9)).toEqual({ Id: 9 });
  });

  it('takes the first wanted id the list has', () => {
    expect(shownInstrument(list, 77, 12)).toEqual({ Id: 12 });
    expect(shownInstrument(list, undefined, 9)).toEqual({ Id: 9 });
    expect(shownInstrument(list, 4, 12)).toEqual({ Id: 4 });
  });

  it('falls back to the first of the list for no choice or unknown ids', () => {
    expect(shownInstrument(list, null)).toEqual({ Id: 4 });
    expect(shownInstrument(list)).toEqual({ Id: 4 });
    expect(shownInstrument(list, 77, undefined)).toEqual({ Id: 4 });
  });

  it('is undefined while the list is empty', () => {
    expect(shownInstrument([], 9)).toBeUndefined();
  });
});

describe('trade store', () => {
  it('starts with no choice and the 1min period', () => {
    const store = createTradeStore(memoryStorage());
    expect(store.state).toEqual({ instrumentId: null, period: '1min' });
  });

  it('remembers the chosen instrument across reloads', () => {
    const storage = memoryStorage();
    createTradeStore(storage).chooseInstrument(12);
    expect(createTradeStore(storage).state.instrumentId).toBe(12);
  });

  it('ignores an unreadable stored choice', () => {
    const storage = memoryStorage();
    storage.setItem('pipstream.trade.instrument', '"nope"');
    expect(createTradeStore(storage).state.instrumentId).toBeNull();
  });

  it('switches the period without storing it', () => {
    const storage = memoryStorage();
    const store = createTradeStore(storage);
    store.choosePeriod('1day');
    expect(store.state.period).toBe('1day');
    expect(createTradeStore(storage).state.period).toBe('1min');
  });

  it('works without any storage', () => {
    const store = createTradeStore(undefined);
    store.chooseInstrument(4);
    expect(store.state.instrumentId).toBe(4);
  });
});
