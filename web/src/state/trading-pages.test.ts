import type { Order } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { readAllPages, toOpenOrder, toPendingMargin } from './trading-pages.js';

/** A server paging `rows` by `size`, recording the pages asked for. */
function pagedServer(rows: { Id: number }[], size: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number) => {
    asked.push(page);
    return { data: rows.slice((page - 1) * size, page * size), total: rows.length, balance: '5' };
  };
  return { asked, fetchPage };
}

const ids = (count: number) => Array.from({ length: count }, (_, i) => ({ Id: count - i }));

describe('readAllPages', () => {
  it('reads page after page until the total is reached', async () => {
    const server = pagedServer(ids(23), 10);
    const all = await readAllPages(server.fetchPage);
    expect(server.asked).toEqual([1, 2, 3]);
    expect(all.rows.map((row) => row.Id)).toEqual(ids(23).map((row) => row.Id));
    expect(all.complete).toBe(true);
    expect(all.first.balance).toBe('5');
  });

  it('stops after one page when it holds everything, and on an empty list', async () => {
    const full = pagedServer(ids(10), 10);
    await readAllPages(full.fetchPage);
    expect(full.asked).toEqual([1]);

    const empty = pagedServer([], 10);
    const none = await readAllPages(empty.fetchPage);
    expect(empty.asked).toEqual([1]);
    expect(none).toMatchObject({ rows: [], complete: true });
  });

  it('stops at an empty page even when the total promises more', async () => {
    const asked: number[] = [];
    const all = await readAllPages(async (page) => {
      asked.push(page);
      return { data: page === 1 ? [{ Id: 1 }, { Id: 2 }] : [], total: 9 };
    });
    expect(asked).toEqual([1, 2]);
    expect(all).toMatchObject({ complete: false });
    expect(all.rows).toHaveLength(2);
  });

  it('reads at most the page cap', async () => {
    const asked: number[] = [];
    const all = await readAllPages(async (page) => {
      asked.push(page);
      // A server whose total is always a page ahead of what it has served.
      return { data: [{ Id: page }], total: page + 1 };
    }, 4);
    expect(asked).toEqual([1, 2, 3, 4]);
    expect(all.complete).toBe(false);
  });

  it('keeps a row once when an insert pushes it onto the next page', async () => {
    const pages = [
      { data: [{ Id: 5 }, { Id: 4 }, { Id: 3 }], total: 5 },
      // Order 6 was placed meanwhile: 3 moved down a page.
      { data: [{ Id: 3 }, { Id: 2 }, { Id: 1 }], total: 6 },
    ];
    const all = await readAllPages(async (page) => pages[page - 1] ?? { data: [], total: 6 });
    expect(all.rows.map((row) => row.Id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('rejects when a page fails', async () => {
    await expect(
      readAllPages(async (page) => {
        if (page === 2) throw new Error('offline');
        return { data: [{ Id: 1 }], total: 2 };
      }),
    ).rejects.toThrow('offline');
  });
});

const order: Order = {
  Id: 42,
  OrderType: 1,
  Quantity: 0.5,
  Price: 1.1,
  OriginPrice: 1.1,
  UpdatePrice: 1.2,
  FactProfits: '50',
  CautionMoney: '110',
  TradeFee: '0.55',
  TargetLossPrice: 0,
  TargetProfitPrice: 1.3,
  CreateTimeHandler: '2025-01-01 00:00:00',
  CompleteTimeHandler: '',
  Status: 1,
  Multiple: 500,
  ForexId: 3,
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', ForexContNum: 100000, PricePrecision: 5 },
};

describe('what the worker is given', () => {
  it('passes a holding order with the fields the live model reads (its stop levels for a trailing stop), and nothing else', () => {
    expect(toOpenOrder(order)).toEqual({
      Id: 42,
      OrderType: 1,
      Quantity: 0.5,
      Price: 1.1,
      UpdatePrice: 1.2,
      FactProfits: '50',
      CautionMoney: '110',
      ForexId: 3,
      TargetLossPrice: 0,
      TargetProfitPrice: 1.3,
      ForexTradeLists: { ForexContNum: 100000, PricePrecision: 5 },
    });
  });

  it('passes a pending order as its margin', () => {
    expect(toPendingMargin(order)).toEqual({ Id: 42, CautionMoney: '110' });
  });
});
