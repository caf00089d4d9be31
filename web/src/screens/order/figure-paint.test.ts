import { describe, expect, it } from 'vitest';
import type { AccountView, HoldingView } from '../../worker/contract.js';
import type { FigureElement } from '../home/quote-paint.js';
import {
  type AccountElements,
  createAccountPainter,
  createHoldingPainter,
  pnlClass,
} from './figure-paint.js';

/** An element without a text node at first, counting the writes a painter makes. */
function element(): FigureElement & { writes: number; text: string } {
  const target = {
    className: '',
    writes: 0,
    text: '',
    firstChild: null as { nodeValue: string | null } | null,
    get textContent() {
      return target.text;
    },
    set textContent(value: string | null) {
      target.text = value ?? '';
      target.writes++;
      // As the DOM does: the element now has a text node, edited in place from here on.
      target.firstChild = {
        get nodeValue() {
          return target.text;
        },
        set nodeValue(next: string | null) {
          target.text = next ?? '';
          target.writes++;
        },
      };
    },
    setAttribute() {},
    removeAttribute() {},
  };
  return target;
}

const decimal = (text: string) => `‹${text}›`;

function holding(pnl: number, price: string): HoldingView {
  return {
    id: 7,
    instrumentId: 1,
    side: 'buy',
    lots: 1,
    openPrice: 1.1,
    margin: 10,
    price: Number(price),
    pnl,
    priceText: price,
    pnlText: pnl.toFixed(2),
    delayed: false,
  };
}

describe('pnlClass', () => {
  it('adds the tone of the sign, none when there is no value', () => {
    expect(pnlClass('num', 2)).toBe('num up');
    expect(pnlClass('num', '-0.5')).toBe('num down');
    expect(pnlClass('num', 0)).toBe('num flat');
    expect(pnlClass('num', undefined)).toBe('num');
  });
});

describe('createHoldingPainter', () => {
  it('shows the REST figures until the worker has the order, then the live ones', () => {
    const pnl = element();
    const price = element();
    const paint = createHoldingPainter(
      { pnl: { current: pnl }, price: { current: price } },
      { pnl: '-3', pnlText: '-3.00', priceText: '1.10000' },
      decimal,
    );
    paint(undefined);
    expect([pnl.text, pnl.className, price.text]).toEqual(['‹-3.00›', 'num down', '‹1.10000›']);

    paint(holding(4.5, '1.10450'));
    expect([pnl.text, pnl.className, price.text]).toEqual(['‹4.50›', 'num up', '‹1.10450›']);
  });

  it('writes only what changed', () => {
    const pnl = element();
    const price = element();
    const paint = createHoldingPainter(
      { pnl: { current: pnl }, price: { current: price } },
      { pnl: 0, pnlText: '0.00', priceText: '1.10000' },
      decimal,
    );
    paint(holding(1, '1.10100'));
    const before = { pnl: pnl.writes, price: price.writes };
    paint(holding(1, '1.10200'));
    expect(pnl.writes).toBe(before.pnl);
    expect(price.writes).toBe(before.price + 1);
    expect(price.text).toBe('‹1.10200›');
  });

  it('does nothing before its elements are mounted', () => {
    const paint = createHoldingPainter(
      { pnl: { current: null }, price: { current: null } },
      { pnl: 0, pnlText: '0.00', priceText: '1' },
      decimal,
    );
    expect(() => paint(holding(1, '1.2'))).not.toThrow();
  });
});

describe('createAccountPainter', () => {
  function card() {
    const elements = {
      floatingPnlText: element(),
      balanceText: element(),
      equityText: element(),
      freeMarginText: element(),
      usedMarginText: element(),
      riskRateText: element(),
    };
    const holders = Object.fromEntries(
      Object.entries(elements).map(([field, target]) => [field, { current: target }]),
    ) as unknown as AccountElements;
    return { elements, paint: createAccountPainter(holders, decimal) };
  }

  const account: AccountView = {
    balance: 1000,
    usedMargin: 20,
    floatingPnl: -5,
    equity: 995,
    freeMargin: 975,
    riskRate: 4975,
    balanceText: '1000.00',
    usedMarginText: '20.000000',
    floatingPnlText: '-5.00',
    equityText: '995.00',
    freeMarginText: '975.00',
    riskRateText: '4975.00%',
    delayed: false,
    riskBand: 0,
  };

  it('shows -- for a visitor, then every figure, the total P&L coloured', () => {
    const { elements, paint } = card();
    paint(undefined);
    expect(elements.balanceText.text).toBe('‹--›');
    expect(elements.floatingPnlText.className).toBe('num orders-account-pnl');

    paint(account);
    expect(Object.values(elements).map((target) => target.text)).toEqual([
      '‹-5.00›',
      '‹1000.00›',
      '‹995.00›',
      '‹975.00›',
      '‹20.000000›',
      '‹4975.00%›',
    ]);
    expect(elements.floatingPnlText.className).toBe('num orders-account-pnl down');
    // Only the floating P&L and the risk rate carry a tone.
    expect(elements.balanceText.className).toBe('num');
    expect(elements.riskRateText.className).toBe('num');
  });

  it('colours the risk rate past each warning level, and dims stale figures', () => {
    const { elements, paint } = card();
    paint({ ...account, riskRate: 120, riskRateText: '120.00%', riskBand: 1 });
    expect(elements.riskRateText.className).toBe('num risk-warning');
    paint({ ...account, riskRate: 90, riskRateText: '90.00%', riskBand: 2, delayed: true });
    expect(elements.riskRateText.className).toBe('num risk-danger is-delayed');
    expect(elements.balanceText.className).toBe('num is-delayed');
  });

  it('leaves the balance untouched on a tick that moves only the P&L', () => {
    const { elements, paint } = card();
    paint(account);
    const balanceWrites = elements.balanceText.writes;
    paint({ ...account, floatingPnl: 2, floatingPnlText: '2.00', equityText: '1002.00' });
    expect(elements.balanceText.writes).toBe(balanceWrites);
    expect(elements.floatingPnlText.text).toBe('‹2.00›');
    expect(elements.floatingPnlText.className).toBe('num orders-account-pnl up');
  });
});
