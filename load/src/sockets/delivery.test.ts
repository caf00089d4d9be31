import { describe, expect, it } from 'vitest';
import { DeliveryBook } from './delivery.js';

const LATE_MS = 1000;

function book() {
  const settled: { refAt: number; added: number | undefined }[] = [];
  let unmatched = 0;
  const delivery = new DeliveryBook(LATE_MS, {
    settled: (refAt, added) => settled.push({ refAt, added }),
    unmatched: (count) => {
      unmatched += count;
    },
  });
  return { delivery, settled, unmatched: () => unmatched };
}

describe('delivery against the reference socket', () => {
  it('judges each reference frame once its sockets have had `late` to receive it', () => {
    const { delivery, settled } = book();
    const socket = {};
    delivery.frame(socket, 'DAY_MARKET', 'first', 100);
    delivery.frame(socket, 'DAY_MARKET', 'k1', 520);
    delivery.reference([{ topic: 'DAY_MARKET', key: 'k1', at: 500 }]);
    delivery.settle(1400);
    expect(settled).toEqual([]);
    delivery.settle(1500);
    expect(settled).toEqual([{ refAt: 500, added: 20 }]);
  });

  it('counts a frame missed when it never came or came later than `late`', () => {
    const { delivery, settled } = book();
    const socket = {};
    delivery.frame(socket, 'DAY_MARKET', 'first', 100);
    delivery.frame(socket, 'DAY_MARKET', 'slow', 200 + LATE_MS + 1);
    delivery.reference([
      { topic: 'DAY_MARKET', key: 'never', at: 150 },
      { topic: 'DAY_MARKET', key: 'slow', at: 200 },
    ]);
    delivery.settle(5000);
    expect(settled).toEqual([
      { refAt: 150, added: undefined },
      { refAt: 200, added: undefined },
    ]);
  });

  it('hands on an arrival ahead of the reference with its lead (the recorder adds nothing for it)', () => {
    const { delivery, settled } = book();
    const socket = {};
    delivery.frame(socket, 'DAY_MARKET', 'first', 100);
    delivery.frame(socket, 'DAY_MARKET', 'k', 480);
    delivery.reference([{ topic: 'DAY_MARKET', key: 'k', at: 500 }]);
    delivery.settle(5000);
    expect(settled).toEqual([{ refAt: 500, added: -20 }]);
  });

  it('expects nothing before a socket watched a topic, after its connection ended, or of other topics', () => {
    const { delivery, settled } = book();
    const socket = {};
    delivery.frame(socket, 'KLINE.EURUSD.1min', 'first', 1000);
    delivery.ended(socket, 2000);
    delivery.reference([
      { topic: 'KLINE.EURUSD.1min', key: 'before', at: 900 },
      { topic: 'KLINE.EURUSD.1min', key: 'during', at: 1500 },
      { topic: 'KLINE.EURUSD.1min', key: 'after', at: 2100 },
      { topic: 'DAY_MARKET', key: 'other topic', at: 1500 },
    ]);
    delivery.settle(10_000);
    expect(settled).toEqual([{ refAt: 1500, added: undefined }]);
  });

  it("takes a socket's first frame of a topic as its start, not as a delivery", () => {
    const { delivery, settled, unmatched } = book();
    const socket = {};
    // The gateway's snapshot on subscribing: the reference had the same bytes long before.
    delivery.frame(socket, 'KLINE.EURUSD.1min', 'candle', 5000);
    delivery.reference([{ topic: 'KLINE.EURUSD.1min', key: 'candle', at: 1000 }]);
    delivery.settle(20_000);
    expect(settled).toEqual([]);
    expect(unmatched()).toBe(0);
  });

  it('counts frames no reference frame matched, up to the end of the window only', () => {
    const { delivery, settled, unmatched } = book();
    const socket = {};
    delivery.frame(socket, 'DAY_MARKET', 'first', 100);
    delivery.frame(socket, 'DAY_MARKET', 'merged catch-up', 300);
    delivery.frame(socket, 'DAY_MARKET', 'k', 900);
    delivery.frame(socket, 'DAY_MARKET', 'after the window', 1300);
    delivery.reference([
      { topic: 'DAY_MARKET', key: 'k', at: 890 },
      { topic: 'DAY_MARKET', key: 'after the window', at: 1290 },
    ]);
    delivery.settle(1400, 1000);
    expect(settled).toEqual([{ refAt: 890, added: 10 }]);
    expect(unmatched()).toBe(1);
  });

  it('judges every socket of a topic, each receiving the same frame once', () => {
    const { delivery, settled } = book();
    const sockets = [{}, {}, {}];
    for (const socket of sockets) delivery.frame(socket, 'DAY_MARKET', 'first', 0);
    delivery.frame(sockets[0] as object, 'DAY_MARKET', 'k', 105);
    delivery.frame(sockets[1] as object, 'DAY_MARKET', 'k', 130);
    delivery.reference([{ topic: 'DAY_MARKET', key: 'k', at: 100 }]);
    delivery.settle(5000);
    expect(settled).toEqual([
      { refAt: 100, added: 5 },
      { refAt: 100, added: 30 },
      { refAt: 100, added: undefined },
    ]);
  });
});
