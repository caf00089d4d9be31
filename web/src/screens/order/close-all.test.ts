import type { Order } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { closeSelection, runCloses } from './close-all.js';

const order = (Id: number, FactProfits: string) => ({ Id, FactProfits }) as Order;
const holdings = [order(1, '5.5'), order(2, '-3'), order(3, '0'), order(4, '1')];

describe('closeSelection', () => {
  it('covers every holding, the profitable or the losing ones, with their P&L summed', () => {
    const noLive = () => undefined;
    expect(closeSelection(holdings, 'all', noLive)).toEqual({ orders: holdings, pnl: '3.5' });
    const profitable = closeSelection(holdings, 'profitable', noLive);
    expect(profitable.orders.map((o) => o.Id)).toEqual([1, 4]);
    expect(profitable.pnl).toBe('6.5');
    const losing = closeSelection(holdings, 'losing', noLive);
    expect(losing.orders.map((o) => o.Id)).toEqual([2]);
    expect(losing.pnl).toBe('-3');
  });

  it('judges by the live P&L where there is one', () => {
    const live = new Map([[1, -2]]);
    const losing = closeSelection(holdings, 'losing', (id) => live.get(id));
    expect(losing.orders.map((o) => o.Id)).toEqual([1, 2]);
    expect(losing.pnl).toBe('-5');
  });

  it('names an order listed twice once', () => {
    expect(closeSelection([...holdings, order(1, '5.5')], 'all', () => undefined).orders).toEqual(
      holdings,
    );
  });

  it('covers nothing when there is nothing to close', () => {
    expect(closeSelection([], 'all', () => undefined)).toEqual({ orders: [], pnl: '0' });
  });
});

describe('runCloses', () => {
  it('closes one at a time and answers for each, failures listed', async () => {
    let running = 0;
    const progress: number[] = [];
    const run = await runCloses(
      holdings,
      async (o) => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return o.Id === 2 ? { closed: false, reason: 'refused' } : { closed: true };
      },
      (done) => progress.push(done),
    );
    expect(run.closed.map((o) => o.Id)).toEqual([1, 3, 4]);
    expect(run.failed).toEqual([{ order: holdings[1], reason: 'refused' }]);
    expect(progress).toEqual([1, 2, 3, 4]);
  });
});
