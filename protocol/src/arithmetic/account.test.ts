import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  canAfford,
  canAffordMicros,
  equity,
  freeMargin,
  freeMarginMicros,
  isStopOut,
  riskRate,
} from './account.js';

describe('account figures', () => {
  it('sums the margin of holding and pending orders, and the P&L of holding ones only', () => {
    const figures = accountFigures({
      balance: 1000,
      orders: [
        { margin: 100, pnl: 25, holding: true },
        { margin: 50, pnl: -10, holding: true },
        { margin: 200, pnl: 999, holding: false },
      ],
    });
    expect(figures).toEqual({
      balance: 1000,
      usedMargin: 350,
      floatingPnl: 15,
      equity: 1365,
      freeMargin: 1015,
      riskRate: 390,
    });
  });

  it('has no risk rate without used margin', () => {
    expect(accountFigures({ balance: 250, orders: [] })).toEqual({
      balance: 250,
      usedMargin: 0,
      floatingPnl: 0,
      equity: 250,
      freeMargin: 250,
      riskRate: null,
    });
  });

  it('accepts any iterable of orders', () => {
    const orders = new Map([[1, { margin: 10, pnl: -5, holding: true }]]);
    expect(accountFigures({ balance: 0, orders: orders.values() }).equity).toBe(5);
  });

  // [balance, used margin, floating P&L, equity, free margin, risk rate]
  it.each([
    [1000, 0, 0, 1000, 1000, null],
    [900, 100, 0, 1000, 900, 1000],
    [900, 100, -950, 50, -50, 50],
    [0, 500, -500, 0, -500, 0],
    [100, 400, 100, 600, 200, 150],
  ])(
    'balance %d, margin %d, P&L %d → equity %d, free %d, risk %s',
    (b, used, pnl, eq, free, risk) => {
      const e = equity(b, used, pnl);
      expect(e).toBe(eq);
      expect(freeMargin(e, used)).toBe(free);
      expect(riskRate(e, used)).toBe(risk);
    },
  );
});

describe('isStopOut', () => {
  it.each([
    [null, 50, false],
    [150, 50, false],
    [50.01, 50, false],
    [50, 50, true],
    [49.99, 50, true],
    [0, 50, true],
    [-20, 0, true],
  ])('risk %s against level %d → %s', (rate, level, expected) => {
    expect(isStopOut(rate, level)).toBe(expected);
  });
});

describe('canAfford', () => {
  it.each([
    [1000, 1000, 100, 1, true],
    [1000, 1000, 999, 1, true],
    [1000, 1000, 999, 1.000001, false],
    [50, 1000, 60, 0, false],
    [1000, 50, 60, 0, false],
    [0.3, 0.3, 0.1, 0.2, true],
    [0.30000000000000004, 10, 0.3, 0, true],
    [-10, 100, 0, 0, false],
  ])('free %d, balance %d, margin %d, fee %d → %s', (free, balance, margin, fee, expected) => {
    expect(canAfford({ freeMargin: free, balance, margin, fee })).toBe(expected);
  });

  it('has an exact form on micro-units', () => {
    expect(
      canAffordMicros({ freeMargin: 300_000n, balance: 300_000n, margin: 100_000n, fee: 200_000n }),
    ).toBe(true);
    expect(
      canAffordMicros({ freeMargin: 300_000n, balance: 300_000n, margin: 100_000n, fee: 200_001n }),
    ).toBe(false);
    expect(
      canAffordMicros({ freeMargin: 299_999n, balance: 900_000n, margin: 100_000n, fee: 200_000n }),
    ).toBe(false);
  });
});

describe('freeMarginMicros', () => {
  it('is balance plus floating P&L, exactly, losses included', () => {
    // Hand-checked: 1000.000001 − 250.5 = 749.500001 USD.
    expect(freeMarginMicros(1_000_000_001n, -250_500_000n)).toBe(749_500_001n);
    expect(freeMarginMicros(0n, 0n)).toBe(0n);
  });
});
