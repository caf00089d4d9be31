import type { FiredAlert, PriceAlert } from '@pipstream/protocol';
import { MAX_ALERTS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage.js';
import { ALERTS_KEY, type AlertsState, createAlertBook } from './alerts.js';

function setUp(stored?: unknown) {
  const storage = memoryStorage(
    stored === undefined
      ? {}
      : { [ALERTS_KEY]: typeof stored === 'string' ? stored : JSON.stringify(stored) },
  );
  const state: AlertsState = { list: [] };
  const armed: PriceAlert[][] = [];
  const told: string[] = [];
  let ids = 0;
  const book = createAlertBook({
    state,
    storage,
    arm: (list) => armed.push(list),
    announce: (fired) => told.push(fired.id),
    now: () => 1000,
    newId: () => `id${++ids}`,
  });
  return { book, state, storage, armed, told };
}

const eurusd = { id: 1, code: 'EURUSD', precision: 5 };
const fired = (id: string): FiredAlert => ({
  id,
  instrumentId: 1,
  condition: { kind: 'above', price: 1.2 },
  price: 1.21,
  change: 0.3,
  at: 5000,
});

describe('the alert book', () => {
  it('keeps alerts on the device and arms them again after a reload', () => {
    const first = setUp();
    first.book.load();
    expect(first.book.save(eurusd, { kind: 'above', price: 1.2 })).toBeNull();
    expect(first.book.save(eurusd, { kind: 'move', percent: 2 })).toBeNull();
    const saved = first.storage.getItem(ALERTS_KEY);

    const again = setUp(JSON.parse(saved ?? 'null'));
    again.book.load();
    expect(again.state.list.map((alert) => alert.condition)).toEqual([
      { kind: 'above', price: 1.2 },
      { kind: 'move', percent: 2 },
    ]);
    expect(again.armed.at(-1)?.map((alert) => alert.id)).toEqual(['id1', 'id2']);
  });

  it('ignores what the device kept that is not an alert', () => {
    for (const stored of ['{not json', '"text"', { id: 'x' }, [{ id: 'x' }, null, 7]]) {
      const { book, state, armed } = setUp(stored);
      book.load();
      expect(state.list).toEqual([]);
      expect(armed).toEqual([[]]);
    }
  });

  it('marks a fired alert, tells it once and arms the rest only', () => {
    const { book, state, armed, told } = setUp();
    book.save(eurusd, { kind: 'above', price: 1.2 });
    book.save(eurusd, { kind: 'below', price: 1 });
    book.fired([fired('id1')]);
    book.fired([fired('id1')]);
    expect(told).toEqual(['id1']);
    expect(state.list.find((alert) => alert.id === 'id1')?.firedAt).toBe(5000);
    expect(armed.at(-1)?.map((alert) => alert.id)).toEqual(['id2']);
  });

  it('arms an edited alert again under a new id, in its place', () => {
    const { book, state } = setUp();
    book.save(eurusd, { kind: 'above', price: 1.2 });
    book.save(eurusd, { kind: 'below', price: 1 });
    book.fired([fired('id1')]);
    book.save(eurusd, { kind: 'above', price: 1.3 }, 'id1');
    expect(state.list.map((alert) => [alert.id, alert.firedAt])).toEqual([
      ['id3', null],
      ['id2', null],
    ]);
  });

  it('deletes an alert, and refuses one past the limit', () => {
    const { book, state } = setUp();
    for (let index = 0; index < MAX_ALERTS; index++) {
      expect(book.save(eurusd, { kind: 'move', percent: 1 })).toBeNull();
    }
    expect(book.save(eurusd, { kind: 'move', percent: 1 })).toBe('full');
    book.remove('id1');
    expect(state.list).toHaveLength(MAX_ALERTS - 1);
    expect(book.save(eurusd, { kind: 'move', percent: 1 })).toBeNull();
  });
});
