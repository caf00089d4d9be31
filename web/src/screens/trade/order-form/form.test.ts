import { describe, expect, it } from 'vitest';
import {
  buildOrder,
  canDecrease,
  chosenLeverage,
  deviationOf,
  estimateInput,
  type FormInstrument,
  fieldIssues,
  initialDraft,
  isMarketOpen,
  type OrderDraft,
  orderIssues,
  orderRisk,
  parseDecimal,
  readDeviation,
  snapLots,
  stepDraftLots,
  summarize,
  tidyLots,
  tidyPrice,
  usesLeverage,
} from './form.js';
import { copper, eurusd } from './instruments.fixture.js';

/** Fixed margin per lot (MarginMode 1). */
const silver: FormInstrument = {
  ...eurusd,
  Id: 3,
  MarginMode: 1,
  HasForexMultiple: [{ Value: 100 }],
};

const noLeverage: FormInstrument = { ...eurusd, Id: 4, HasForexMultiple: [] };

const draft = (patch: Partial<OrderDraft> = {}, instrument = eurusd): OrderDraft => ({
  ...initialDraft(instrument),
  ...patch,
});

describe('parseDecimal', () => {
  it('reads plain decimals, a decimal comma and a sign', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal(' 0.5 ')).toBe(0.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('3.')).toBe(3);
    expect(parseDecimal('1,25')).toBe(1.25);
    expect(parseDecimal('-2')).toBe(-2);
  });

  it('refuses anything else', () => {
    for (const text of ['', ' ', 'abc', '1e3', '1.2.3', '1,000.5', '0x10', '--1', '.']) {
      expect(parseDecimal(text)).toBeNaN();
    }
  });
});

describe('a fresh form', () => {
  it('starts at the minimum lots, the first leverage, market mode, no stop levels', () => {
    expect(initialDraft(eurusd)).toEqual({
      mode: 1,
      lots: '0.01',
      leverage: 100,
      targetPrice: '',
      stopLossOn: false,
      stopLoss: '',
      takeProfitOn: false,
      takeProfit: '',
    });
  });

  it('shows the minimum with the step decimals and has no leverage when none is offered', () => {
    expect(initialDraft(copper).lots).toBe('0.10');
    expect(initialDraft(noLeverage).leverage).toBeNull();
    expect(initialDraft(eurusd, 0).mode).toBe(0);
  });
});

describe('market and leverage', () => {
  it('is open only for MarketStatus 1', () => {
    expect(isMarketOpen({ MarketStatus: 1 })).toBe(true);
    expect(isMarketOpen({ MarketStatus: 2 })).toBe(false);
    expect(isMarketOpen({ MarketStatus: 0 })).toBe(false);
  });

  it('uses leverage unless the margin is fixed per lot', () => {
    expect(usesLeverage(eurusd)).toBe(true);
    expect(usesLeverage(silver)).toBe(false);
  });

  it('keeps a picked leverage while offered, else falls back to the default', () => {
    expect(chosenLeverage({ leverage: 200 }, eurusd)).toBe(200);
    expect(chosenLeverage({ leverage: 500 }, eurusd)).toBe(100);
    expect(chosenLeverage({ leverage: null }, eurusd)).toBe(100);
    expect(chosenLeverage({ leverage: 100 }, noLeverage)).toBeNull();
  });
});

describe('lot stepping (docs/product.md#validation)', () => {
  it('disables minus at the minimum', () => {
    expect(canDecrease('0.01', eurusd)).toBe(false);
    expect(canDecrease('0.02', eurusd)).toBe(true);
    expect(canDecrease('0.10', copper)).toBe(false);
    expect(canDecrease('0.11', copper)).toBe(true);
  });

  it('disables minus for nothing usable typed', () => {
    expect(canDecrease('', eurusd)).toBe(false);
    expect(canDecrease('abc', eurusd)).toBe(false);
    expect(canDecrease('-1', eurusd)).toBe(false);
  });

  it('steps without float noise', () => {
    expect(stepDraftLots('0.01', eurusd, 1)).toBe('0.02');
    expect(stepDraftLots('0.29', eurusd, 1)).toBe('0.30');
    expect(stepDraftLots('0.30', eurusd, -1)).toBe('0.29');
  });

  it('never steps under the minimum, and starts from it when nothing is typed', () => {
    expect(stepDraftLots('0.01', eurusd, -1)).toBe('0.01');
    expect(stepDraftLots('0.10', copper, -1)).toBe('0.10');
    expect(stepDraftLots('', copper, 1)).toBe('0.10');
    expect(stepDraftLots('x', eurusd, -1)).toBe('0.01');
  });
});

describe('snapping typed values', () => {
  it('moves lots to the nearest step and up to the minimum', () => {
    expect(snapLots(0.123, eurusd)).toBe(0.12);
    expect(snapLots(0.125, eurusd)).toBe(0.13);
    expect(snapLots(0.3, eurusd)).toBe(0.3);
    expect(snapLots(0.004, eurusd)).toBe(0.01);
    expect(snapLots(0.05, copper)).toBe(0.1);
    expect(snapLots(-1, eurusd)).toBe(0.01);
  });

  it('tidies the lots text on leaving the field, leaving unreadable text for its message', () => {
    expect(tidyLots('0.123', eurusd)).toBe('0.12');
    expect(tidyLots('2', eurusd)).toBe('2.00');
    expect(tidyLots('abc', eurusd)).toBe('abc');
  });

  it('tidies prices to the instrument precision', () => {
    expect(tidyPrice('1.1', 5)).toBe('1.10000');
    expect(tidyPrice('1.234567', 5)).toBe('1.23457');
    expect(tidyPrice('', 5)).toBe('');
    expect(tidyPrice('-1', 5)).toBe('-1');
  });
});

describe('field checks', () => {
  it('accepts a fresh form', () => {
    expect(fieldIssues(draft(), eurusd)).toEqual({});
  });

  it('names what is wrong with the lots', () => {
    expect(fieldIssues(draft({ lots: '' }), eurusd)).toEqual({ lots: 'required' });
    expect(fieldIssues(draft({ lots: 'a' }), eurusd)).toEqual({ lots: 'not_a_number' });
    expect(fieldIssues(draft({ lots: '0' }), eurusd)).toEqual({ lots: 'lots_not_positive' });
    expect(fieldIssues(draft({ lots: '0.05' }), copper)).toEqual({ lots: 'lots_below_minimum' });
    expect(fieldIssues(draft({ lots: '0.015' }), eurusd)).toEqual({ lots: 'lots_off_step' });
  });

  it('needs a target price above 0 for a pending order only', () => {
    expect(fieldIssues(draft({ mode: 0 }), eurusd)).toEqual({ targetPrice: 'required' });
    expect(fieldIssues(draft({ mode: 0, targetPrice: '0' }), eurusd)).toEqual({
      targetPrice: 'price_not_positive',
    });
    expect(fieldIssues(draft({ mode: 0, targetPrice: '1.1' }), eurusd)).toEqual({});
    expect(fieldIssues(draft({ mode: 1, targetPrice: 'junk' }), eurusd)).toEqual({});
  });

  it('checks stop levels only while switched on, with a minimum of 0', () => {
    expect(fieldIssues(draft({ stopLoss: 'junk', takeProfit: '-1' }), eurusd)).toEqual({});
    expect(fieldIssues(draft({ stopLossOn: true, takeProfitOn: true }), eurusd)).toEqual({
      stopLoss: 'required',
      takeProfit: 'required',
    });
    expect(
      fieldIssues(
        draft({ stopLossOn: true, stopLoss: '-0.1', takeProfitOn: true, takeProfit: 'x' }),
        eurusd,
      ),
    ).toEqual({ stopLoss: 'price_negative', takeProfit: 'not_a_number' });
    expect(fieldIssues(draft({ stopLossOn: true, stopLoss: '0' }), eurusd)).toEqual({});
  });
});

describe('stop levels against the side', () => {
  const stops = draft({
    stopLossOn: true,
    stopLoss: '1.05',
    takeProfitOn: true,
    takeProfit: '1.15',
  });

  it('accepts a buy with stop loss below and take profit above the price', () => {
    expect(orderIssues(stops, 'buy', eurusd, 1.1)).toEqual({});
  });

  it('refuses the same levels for a sell', () => {
    expect(orderIssues(stops, 'sell', eurusd, 1.1)).toEqual({
      stopLoss: 'stop_loss_wrong_side',
      takeProfit: 'take_profit_wrong_side',
    });
  });

  it('measures a pending order from its target price', () => {
    const pending = { ...stops, mode: 0 as const, targetPrice: '1.2' };
    expect(orderIssues(pending, 'buy', eurusd, 1.1)).toEqual({
      takeProfit: 'take_profit_wrong_side',
    });
  });

  it('skips side checks without a price, and for levels at 0 (off)', () => {
    expect(orderIssues(stops, 'sell', eurusd, undefined)).toEqual({});
    const zero = draft({ stopLossOn: true, stopLoss: '0', takeProfitOn: true, takeProfit: '0' });
    expect(orderIssues(zero, 'sell', eurusd, 1.1)).toEqual({});
  });
});

describe('building the order', () => {
  it('sends a market buy with stop levels off as 0', () => {
    expect(buildOrder(draft({ lots: '0.05', leverage: 200 }), 'buy', eurusd, 1.1)).toEqual({
      ok: true,
      payload: {
        type: 1,
        cont: 0.05,
        forex_id: 1,
        status: 1,
        target_price: 0,
        stop_loss_price: 0,
        target_profit_price: 0,
        multiple: 200,
      },
    });
  });

  it('sends a pending sell with its target and stop levels', () => {
    const pending = draft({
      mode: 0,
      targetPrice: '1.2',
      stopLossOn: true,
      stopLoss: '1.25',
      takeProfitOn: true,
      takeProfit: '1.1',
    });
    expect(buildOrder(pending, 'sell', eurusd, 1.1)).toEqual({
      ok: true,
      payload: {
        type: 2,
        cont: 0.01,
        forex_id: 1,
        status: 0,
        target_price: 1.2,
        stop_loss_price: 1.25,
        target_profit_price: 1.1,
        multiple: 100,
      },
    });
  });

  it('sends nothing without leverage (docs/product.md#validation), before any other check', () => {
    expect(buildOrder(draft({ lots: '' }, noLeverage), 'buy', noLeverage, 1.1)).toEqual({
      ok: false,
      reason: 'leverage_not_configured',
    });
  });

  it('sends nothing while the market is closed', () => {
    const closed = { ...eurusd, MarketStatus: 2 };
    expect(buildOrder(draft(), 'buy', closed, 1.1)).toEqual({ ok: false, reason: 'market_closed' });
  });

  it('returns the issues of an invalid form', () => {
    expect(buildOrder(draft({ lots: '0.015' }), 'sell', eurusd, 1.1)).toEqual({
      ok: false,
      reason: 'invalid',
      issues: { lots: 'lots_off_step' },
    });
  });

  it('sends the default leverage for a fixed-margin instrument', () => {
    const check = buildOrder(draft({ leverage: null }, silver), 'buy', silver, 30);
    expect(check.ok && check.payload.multiple).toBe(100);
  });
});

describe('the estimate input', () => {
  it('maps the form for the worker', () => {
    expect(estimateInput(draft({ lots: '0.20', leverage: 50 }), eurusd)).toEqual({
      instrumentId: 1,
      lots: 0.2,
      leverage: 50,
      mode: 1,
      targetPrice: 0,
    });
  });

  it('passes a pending target once typed, and 0 until then', () => {
    expect(estimateInput(draft({ mode: 0, targetPrice: '1.3' }), eurusd).targetPrice).toBe(1.3);
    expect(estimateInput(draft({ mode: 0, targetPrice: '' }), eurusd).targetPrice).toBe(0);
    expect(estimateInput(draft({ mode: 1, targetPrice: '1.3' }), eurusd).targetPrice).toBe(0);
  });

  it('reads unusable lots and a missing leverage as 0', () => {
    const input = estimateInput(draft({ lots: 'abc' }, noLeverage), noLeverage);
    expect(input.lots).toBe(0);
    expect(input.leverage).toBe(0);
  });
});

describe('the confirmation summary', () => {
  it('formats a pending order with its levels', () => {
    const check = buildOrder(
      draft({ mode: 0, lots: '0.5', targetPrice: '1.2', stopLossOn: true, stopLoss: '1.1' }),
      'buy',
      eurusd,
      1.15,
    );
    if (!check.ok) throw new Error('expected a payload');
    expect(summarize(check.payload, eurusd)).toEqual({
      side: 'buy',
      lots: '0.50',
      targetPrice: '1.20000',
      leverage: 100,
      stopLoss: '1.10000',
      takeProfit: null,
    });
  });

  it('leaves out the price of a market order and the leverage of a fixed margin', () => {
    const check = buildOrder(draft({}, silver), 'sell', silver, 30);
    if (!check.ok) throw new Error('expected a payload');
    expect(summarize(check.payload, silver)).toEqual({
      side: 'sell',
      lots: '0.01',
      targetPrice: null,
      leverage: null,
      stopLoss: null,
      takeProfit: null,
    });
  });
});

describe('the deviation a market order goes with', () => {
  it('is the kept choice within 0–100 pips, or the default until one is made', () => {
    expect(deviationOf(null)).toBe(2);
    expect(deviationOf(0)).toBe(0);
    expect(deviationOf(7.5)).toBe(7.5);
    expect(deviationOf(250)).toBe(100);
  });

  it.each<[string, number | string]>([
    ['0', 0],
    ['2', 2],
    ['0.5', 0.5],
    ['1,5', 1.5],
    ['100', 100],
    ['', 'required'],
    ['two', 'not_a_number'],
    ['-1', 'deviation_out_of_range'],
    ['100.1', 'deviation_out_of_range'],
    ['0.25', 'deviation_out_of_range'],
  ])('reads %j as %j', (text, expected) => {
    expect(readDeviation(text)).toBe(expected);
  });
});

describe('the money at risk before confirming', () => {
  it('values one pip of the lots typed: 0.0001 × lots × 100 000 on EUR/USD', () => {
    expect(orderRisk(draft({ lots: '1' }), eurusd, 1.1).pipValue).toBeCloseTo(10, 9);
    expect(orderRisk(draft({ lots: '0.01' }), eurusd, 1.1).pipValue).toBeCloseTo(0.1, 9);
    expect(orderRisk(draft({ lots: 'x' }), eurusd, 1.1)).toEqual({
      pipValue: null,
      stopLoss: null,
      takeProfit: null,
    });
  });

  it('values each level for the side it can belong to, from the live price', () => {
    // A buy's levels: stop loss 50 pips under, take profit 100 over, 1 lot.
    const buy = orderRisk(
      draft({
        lots: '1',
        stopLossOn: true,
        stopLoss: '1.0950',
        takeProfitOn: true,
        takeProfit: '1.1100',
      }),
      eurusd,
      1.1,
    );
    expect(buy.stopLoss).toBeCloseTo(-500, 6);
    expect(buy.takeProfit).toBeCloseTo(1000, 6);
    // A sell's: stop loss over the price, take profit under it.
    const sell = orderRisk(
      draft({
        lots: '1',
        stopLossOn: true,
        stopLoss: '1.1050',
        takeProfitOn: true,
        takeProfit: '1.09',
      }),
      eurusd,
      1.1,
    );
    expect(sell.stopLoss).toBeCloseTo(-500, 6);
    expect(sell.takeProfit).toBeCloseTo(1000, 6);
    // The price moves, the figures with it.
    expect(
      orderRisk(draft({ lots: '1', stopLossOn: true, stopLoss: '1.0950' }), eurusd, 1.101).stopLoss,
    ).toBeCloseTo(-600, 6);
  });

  it('values a pending order from its target, and leaves a level off or unreadable out', () => {
    const pending = draft({
      mode: 0,
      targetPrice: '1.08',
      lots: '0.1',
      stopLossOn: true,
      stopLoss: '1.075',
      takeProfitOn: false,
      takeProfit: '1.2',
    });
    expect(orderRisk(pending, eurusd, 1.1).stopLoss).toBeCloseTo(-50, 6);
    expect(orderRisk(pending, eurusd, 1.1).takeProfit).toBeNull();
    expect(orderRisk({ ...pending, stopLoss: 'abc' }, eurusd, 1.1).stopLoss).toBeNull();
  });
});
