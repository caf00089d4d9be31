import { describe, expect, it } from 'vitest';
import {
  holdingsDiffer,
  orderFee,
  orderPrice,
  parseStopInput,
  pnlTone,
  statusKey,
  stopInputOf,
  stopPrice,
  tabOf,
  withoutOrders,
} from './order-view.js';

const eurusd = {
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', ForexContNum: 1, PricePrecision: 5 },
};

describe('order screen texts', () => {
  it('lists the fee of an order at 6 decimals, and none for a cancelled one', () => {
    expect(orderFee({ Status: 3, TradeFee: '1.5' })).toBe('1.500000');
    expect(orderFee({ Status: 1, TradeFee: '0.010849' })).toBe('0.010849');
    expect(orderFee({ Status: 4, TradeFee: '0.010849' })).toBeNull();
  });

  it('opens the tab the query names, holding otherwise', () => {
    expect(tabOf('type=0')).toBe(0);
    expect(tabOf('type=3')).toBe(3);
    expect(tabOf('type=1')).toBe(1);
    expect(tabOf('')).toBe(1);
    expect(tabOf('type=2')).toBe(1);
    expect(tabOf('type=abc')).toBe(1);
  });

  it('writes prices at the instrument precision and an unset stop as off', () => {
    expect(orderPrice(eurusd, 1.1)).toBe('1.10000');
    expect(stopPrice(eurusd, 1.123456)).toBe('1.12346');
    expect(stopPrice(eurusd, 0)).toBeNull();
  });

  it('colours a profit by its sign', () => {
    expect(pnlTone('12.5')).toBe('up');
    expect(pnlTone(-0.01)).toBe('down');
    expect(pnlTone('0')).toBe('flat');
    expect(pnlTone(undefined)).toBe('flat');
  });

  it('reads take-profit and stop-loss inputs: empty is off, negatives are refused', () => {
    expect(parseStopInput('')).toBe(0);
    expect(parseStopInput('  ')).toBe(0);
    expect(parseStopInput('0')).toBe(0);
    expect(parseStopInput('1.2345')).toBe(1.2345);
    expect(parseStopInput('1,5')).toBe(1.5);
    expect(parseStopInput('.5')).toBe(0.5);
    expect(parseStopInput('-1')).toBeNull();
    expect(parseStopInput('1e3')).toBeNull();
    expect(parseStopInput('abc')).toBeNull();
    expect(stopInputOf(eurusd, 0)).toBe('');
    expect(stopInputOf(eurusd, 1.095)).toBe('1.09500');
  });

  it('names every status, including the cancelled one', () => {
    expect(statusKey(0)).toBe('web.order.status.pending');
    expect(statusKey(1)).toBe('web.order.status.holding');
    expect(statusKey(3)).toBe('web.order.status.closed');
    expect(statusKey(4)).toBe('web.order.status.cancelled');
    expect(statusKey(9)).toBe('web.order.status.other');
  });

  it('drops orders that closed, keeping the list as is when none did', () => {
    const rows = [{ Id: 1 }, { Id: 2 }, { Id: 3 }];
    expect(withoutOrders(rows, new Set([2]))).toEqual([{ Id: 1 }, { Id: 3 }]);
    expect(withoutOrders(rows, new Set([9]))).toBe(rows);
    expect(withoutOrders(rows, new Set())).toBe(rows);
  });
});

describe('holdingsDiffer', () => {
  const row = (Id: number, TargetLossPrice = 0, TargetProfitPrice = 0) => ({
    Id,
    TargetLossPrice,
    TargetProfitPrice,
  });

  it('finds a stop level changed elsewhere, or a row no longer held', () => {
    expect(holdingsDiffer([row(1, 1.09)], [row(1, 1.09), row(2)])).toBe(false);
    expect(holdingsDiffer([row(1, 1.09)], [row(1, 1.095)])).toBe(true);
    expect(holdingsDiffer([row(1, 0, 1.2)], [row(1, 0, 0)])).toBe(true);
    expect(holdingsDiffer([row(1), row(3)], [row(1)])).toBe(true);
    expect(holdingsDiffer([], [row(1)])).toBe(false);
  });
});
