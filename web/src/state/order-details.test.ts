import { MAX_KEPT_ORDER_DETAILS, type OrderDetails } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage.js';
import { createOrderDetailsBook, ORDER_DETAILS_KEY } from './order-details.js';

const details: OrderDetails = {
  lots: 0.05,
  leverage: 200,
  mode: 1,
  stopLoss: { on: true, pips: -50 },
  takeProfit: { on: false, pips: null },
};

describe('the order details kept on the device', () => {
  it('keeps each instrument its own, apart for demo and real accounts, across a reload', () => {
    const storage = memoryStorage();
    const book = createOrderDetailsBook(storage);
    book.keep('demo', 7, details);
    book.keep('demo', 8, { ...details, lots: 1 });
    book.keep('real', 7, { ...details, leverage: 100 });
    book.keep('demo', 7, { ...details, lots: 0.1 });

    const reloaded = createOrderDetailsBook(storage);
    expect(reloaded.get('demo', 7)).toEqual({ ...details, lots: 0.1 });
    expect(reloaded.get('demo', 8)).toEqual({ ...details, lots: 1 });
    expect(reloaded.get('real', 7)).toEqual({ ...details, leverage: 100 });
    expect(reloaded.get('real', 8)).toBeUndefined();
  });

  it('reads broken or old entries as none, and keeps the rest', () => {
    const broken = [
      { ...details, account: 'demo', instrumentId: 7, lots: 'many' },
      { account: 'demo', instrumentId: 9, lots: 1 },
      { ...details, account: 'demo', instrumentId: 8 },
    ];
    for (const stored of ['{not json', '"text"', '42', JSON.stringify(broken)]) {
      const book = createOrderDetailsBook(memoryStorage({ [ORDER_DETAILS_KEY]: stored }));
      expect(book.get('demo', 7)).toBeUndefined();
      expect(book.get('demo', 9)).toBeUndefined();
    }
    const book = createOrderDetailsBook(
      memoryStorage({ [ORDER_DETAILS_KEY]: JSON.stringify(broken) }),
    );
    expect(book.get('demo', 8)).toEqual(details);
    // Keeping another drops the broken entries for good.
    book.keep('demo', 7, details);
    expect(book.get('demo', 7)).toEqual(details);
    expect(book.get('demo', 8)).toEqual(details);
  });

  it('keeps the latest instruments up to the cap, and forgets quietly without storage', () => {
    const storage = memoryStorage();
    const book = createOrderDetailsBook(storage);
    for (let id = 1; id <= MAX_KEPT_ORDER_DETAILS + 3; id++) book.keep('real', id, details);
    expect(book.get('real', MAX_KEPT_ORDER_DETAILS + 3)).toEqual(details);
    expect(book.get('real', 4)).toEqual(details);
    expect(book.get('real', 3)).toBeUndefined();

    const none = createOrderDetailsBook(undefined);
    none.keep('real', 1, details);
    expect(none.get('real', 1)).toBeUndefined();

    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => createOrderDetailsBook(full).keep('real', 1, details)).not.toThrow();
  });
});
