import { MAX_DRAWINGS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../../test-support/memory-storage.js';
import { createDrawingStore, DRAWINGS_KEY } from './drawing-store.js';

const ids = () => {
  let n = 0;
  return () => `d${++n}`;
};

describe('the drawing store', () => {
  it('keeps each instrument’s drawings on the device, and reads them back', () => {
    const storage = memoryStorage();
    const store = createDrawingStore(storage, ids());
    const line = store.add(7, { kind: 'horizontal', price: 1.085 });
    store.add(8, {
      kind: 'trend',
      from: { time: 100, price: 1.2 },
      to: { time: 200, price: 1.3 },
    });
    expect(line).toEqual({ id: 'd1', kind: 'horizontal', price: 1.085 });
    const again = createDrawingStore(storage, ids());
    expect(again.of(7)).toEqual([line]);
    expect(again.of(8)).toHaveLength(1);
    expect(again.of(9)).toEqual([]);
  });

  it('moves and deletes a drawing by its id', () => {
    const storage = memoryStorage();
    const store = createDrawingStore(storage, ids());
    store.add(7, { kind: 'horizontal', price: 1.085 });
    store.update(7, { id: 'd1', kind: 'horizontal', price: 1.09 });
    store.update(7, { id: 'unknown', kind: 'horizontal', price: 2 });
    expect(store.of(7)).toEqual([{ id: 'd1', kind: 'horizontal', price: 1.09 }]);
    store.remove(7, 'd1');
    expect(store.of(7)).toEqual([]);
    expect(storage.getItem(DRAWINGS_KEY)).toBe('{}');
  });

  it('refuses a drawing past the cap of one instrument, not of another', () => {
    const store = createDrawingStore(memoryStorage(), ids());
    for (let n = 0; n < MAX_DRAWINGS; n++) {
      expect(store.add(7, { kind: 'horizontal', price: 1 + n / 100 })).not.toBeNull();
    }
    expect(store.add(7, { kind: 'horizontal', price: 2 })).toBeNull();
    expect(store.of(7)).toHaveLength(MAX_DRAWINGS);
    expect(store.add(8, { kind: 'horizontal', price: 2 })).not.toBeNull();
  });

  it('reads broken or foreign kept data as no drawings', () => {
    for (const kept of ['not json', '"lines"', '[1,2]', '{"7":"junk"}', '{"7":[{"id":"a"}]}']) {
      const store = createDrawingStore(memoryStorage({ [DRAWINGS_KEY]: kept }));
      expect(store.of(7), kept).toEqual([]);
    }
  });
});
