import type { Order } from '@pipstream/protocol';
import { proxy } from 'valtio/vanilla';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFallbackTexts } from '../i18n/index.js';
import type { OrderSignals } from '../live/store.js';
import { eurusdOrder } from '../test-support/api-calls.js';
import { nextTask } from '../test-support/until.js';
import { expectOwnClose, startOrderNews } from './order-news.js';
import type { TradingState } from './trading.js';

// The texts the news is written in: every language's come from a chunk of their own.
beforeAll(() => loadFallbackTexts());

/** A pending 1-lot EUR/USD buy at 1.095, fields overridden by `fields`. */
function order(id: number, fields: Partial<Order> = {}): Order {
  return eurusdOrder({
    Id: id,
    Price: 1.095,
    OriginPrice: 1.095,
    UpdatePrice: 1.095,
    CautionMoney: '1095',
    TradeFee: '1.095',
    CreateTimeHandler: '2026-01-01 00:00:00',
    Status: 0,
    ...fields,
  });
}

function harness(history: Order[] = []) {
  const trading = proxy<TradingState>({ holding: [], pending: [], balance: '0', loaded: true });
  const signals = proxy<OrderSignals>({ closedIds: [], closedSeq: 0, resyncSeq: 0 });
  const told: string[] = [];
  const stop = startOrderNews({
    trading,
    signals,
    history: async () => ({ data: history, total: history.length }),
    announce: (text) => told.push(text),
  });
  return { trading, signals, told, stop };
}

/** A FOREX_CLOSED push naming `ids`, then the history read it starts has been answered. */
async function pushClosed(signals: OrderSignals, ids: number[]) {
  signals.closedIds = ids;
  signals.closedSeq += 1;
  await nextTask();
  await nextTask();
}

describe('order news', () => {
  it('announces an order that was pending and is now holding, once', async () => {
    const { trading, told } = harness();
    trading.pending = [order(1)];
    await nextTask();
    trading.pending = [];
    trading.holding = [order(1, { Status: 1, FactProfits: '2.5' })];
    await nextTask();
    trading.holding = [order(1, { Status: 1, FactProfits: '3' })];
    await nextTask();
    expect(told).toEqual(['Pending order filled: EUR/USD Buy 1.00 lots at 1.09500, P&L 2.50']);
  });

  it('announces closes named by a push with their reason, but not this tab’s own or a reset', async () => {
    const closed = [
      order(2, { Status: 3, UpdatePrice: 1.09, FactProfits: '-500', CloseReason: 'stop_loss' }),
      order(3, { Status: 3, UpdatePrice: 1.1, FactProfits: '500', CloseReason: 'manual' }),
      order(4, { Status: 3, FactProfits: '0', CloseReason: 'demo_reset' }),
      order(5, { Status: 3, UpdatePrice: 1.1, FactProfits: '1' }),
    ];
    const { signals, told } = harness(closed);
    expectOwnClose(3);
    await pushClosed(signals, [2, 3, 4, 5]);
    expect(told).toEqual([
      'Stop loss hit: EUR/USD Buy 1.00 lots closed at 1.09000, P&L -500.00',
      'Position closed: EUR/USD Buy 1.00 lots at 1.10000, P&L 1.00',
    ]);
  });

  it('announces a take profit hit with its level and P&L', async () => {
    const closed = [
      order(6, { Status: 3, UpdatePrice: 1.105, FactProfits: '1000', CloseReason: 'take_profit' }),
    ];
    const { signals, told } = harness(closed);
    await pushClosed(signals, [6]);
    expect(told).toEqual([
      'Take profit hit: EUR/USD Buy 1.00 lots closed at 1.10500, P&L 1,000.00',
    ]);
  });

  it('announces a manual close made on another device, a sell naming its side', async () => {
    const closed = [
      order(7, {
        Status: 3,
        OrderType: 2,
        Quantity: 0.5,
        UpdatePrice: 1.0987,
        FactProfits: '-12.5',
        CloseReason: 'manual',
      }),
    ];
    const { signals, told } = harness(closed);
    // Not closed from this tab: no expectOwnClose(7).
    await pushClosed(signals, [7]);
    expect(told).toEqual(['Closed manually: EUR/USD Sell 0.50 lots closed at 1.09870, P&L -12.50']);
  });
});
