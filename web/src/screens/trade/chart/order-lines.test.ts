import { orderPnl } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  type LineOrder,
  levelsWith,
  orderLines,
  priceStep,
  snapPrice,
  stopOfDrag,
} from './order-lines.js';

const order = (patch: Partial<LineOrder> = {}): LineOrder => ({
  Id: 7,
  OrderType: 1,
  Quantity: 0.1,
  Price: 1.085,
  TargetLossPrice: 1.08,
  TargetProfitPrice: 1.09,
  ForexId: 3,
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', ForexContNum: 100000, PricePrecision: 5 },
  ...patch,
});

describe('orderLines', () => {
  it('draws a holding’s entry, stop loss and take profit, and a pending order’s target', () => {
    const lines = orderLines(
      3,
      [order()],
      [order({ Id: 8, OrderType: 2, Price: 1.1 })],
      new Set(),
      null,
    );
    expect(
      lines.map((line) => [line.id, line.kind, line.side, line.price, line.draggable]),
    ).toEqual([
      ['7:entry', 'entry', 'buy', 1.085, true],
      ['7:stopLoss', 'stopLoss', 'buy', 1.08, true],
      ['7:takeProfit', 'takeProfit', 'buy', 1.09, true],
      ['8:pending', 'pending', 'sell', 1.1, false],
    ]);
  });

  it('leaves out levels that are off, other instruments, and orders a close push named', () => {
    const lines = orderLines(
      3,
      [
        order({ TargetLossPrice: 0, TargetProfitPrice: 0 }),
        order({ Id: 9 }),
        order({ Id: 10, ForexId: 4 }),
      ],
      [],
      new Set([9]),
      null,
    );
    expect(lines.map((line) => line.id)).toEqual(['7:entry']);
  });

  it('draws a draft level where the order has it, or adds the one dragged out of the entry', () => {
    const moved = orderLines(3, [order()], [], new Set(), {
      orderId: 7,
      kind: 'takeProfit',
      price: 1.095,
    });
    expect(moved.find((line) => line.kind === 'takeProfit')?.price).toBe(1.095);
    const added = orderLines(3, [order({ TargetLossPrice: 0 })], [], new Set(), {
      orderId: 7,
      kind: 'stopLoss',
      price: 1.082,
    });
    expect(added.map((line) => line.kind)).toEqual(['entry', 'stopLoss', 'takeProfit']);
  });
});

describe('a drag', () => {
  it('sets the stop line’s own level, or from the entry the one on that side of it', () => {
    expect(stopOfDrag(order(), 'takeProfit', 1.2)).toBe('takeProfit');
    expect(stopOfDrag(order(), 'entry', 1.09)).toBe('takeProfit');
    expect(stopOfDrag(order(), 'entry', 1.08)).toBe('stopLoss');
    expect(stopOfDrag(order({ OrderType: 2 }), 'entry', 1.09)).toBe('stopLoss');
    expect(stopOfDrag(order({ OrderType: 2 }), 'entry', 1.08)).toBe('takeProfit');
    expect(stopOfDrag(order(), 'entry', 1.085)).toBeNull();
    expect(stopOfDrag(order(), 'pending', 1.09)).toBeNull();
  });

  it('keeps the other level as it is', () => {
    expect(levelsWith(order(), { orderId: 7, kind: 'stopLoss', price: 1.07 })).toEqual({
      stopLoss: 1.07,
      takeProfit: 1.09,
    });
    expect(levelsWith(order(), { orderId: 99, kind: 'stopLoss', price: 1.07 })).toEqual({
      stopLoss: 1.08,
      takeProfit: 1.09,
    });
  });

  it('snaps to the instrument’s price grid', () => {
    expect(snapPrice(order(), 1.0861234)).toBe(1.08612);
    expect(priceStep(order())).toBeCloseTo(0.00001, 12);
  });

  it('estimates the P&L at the level with the protocol’s orderPnl', () => {
    const draft = { orderId: 7, kind: 'takeProfit' as const, price: 1.0912 };
    expect(checkDraft(order(), draft, 1.086).pnl).toBe(orderPnl(order(), 1.0912));
  });

  it('refuses a level on the wrong side of the current price before anything is sent', () => {
    // A buy: its take profit must be above the price, its stop loss below.
    expect(
      checkDraft(order(), { orderId: 7, kind: 'takeProfit', price: 1.0855 }, 1.086).issue,
    ).toBe('take_profit_wrong_side');
    expect(checkDraft(order(), { orderId: 7, kind: 'stopLoss', price: 1.087 }, 1.086).issue).toBe(
      'stop_loss_wrong_side',
    );
    expect(
      checkDraft(order(), { orderId: 7, kind: 'stopLoss', price: 1.081 }, 1.086).issue,
    ).toBeNull();
    // A sell the other way round.
    const sell = order({ OrderType: 2, TargetLossPrice: 0, TargetProfitPrice: 0 });
    expect(checkDraft(sell, { orderId: 7, kind: 'stopLoss', price: 1.085 }, 1.086).issue).toBe(
      'stop_loss_wrong_side',
    );
    expect(
      checkDraft(sell, { orderId: 7, kind: 'takeProfit', price: 1.08 }, 1.086).issue,
    ).toBeNull();
    expect(checkDraft(sell, { orderId: 7, kind: 'takeProfit', price: -1 }, 1.086).issue).toBe(
      'not_positive',
    );
  });
});
