import { QUOTE_STALE_MS, type QuoteTick } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createLiveModel, type InstrumentTerms } from './model.js';

function instrument(id: number, open = true): InstrumentTerms {
  return {
    Id: id,
    Code: `SYM${id}`,
    CategoryId: 1,
    MarketStatus: open ? 1 : 2,
    PricePrecision: 5,
    ForexContNum: 100_000,
    MarginMode: 0,
    ForexFeeRate: 0,
    HasForexMultiple: [{ Value: 100 }],
    ForexQuotations: { Open: 1.1, Close: 1.1, Change: 0 },
  };
}

function tick(id: number, close: number): QuoteTick {
  return {
    Id: id,
    Code: `SYM${id}`,
    Open: 1.1,
    High: 1.2,
    Low: 1,
    Close: close,
    Change: 0,
    Time: 0,
  };
}

/** A model on a clock the test moves, with instrument 1 (open) and 2 (closed), live. */
function liveModel() {
  const clock = { now: 1_000_000 };
  const model = createLiveModel({ now: () => clock.now });
  model.setInstruments([instrument(1), instrument(2, false)]);
  model.setSocketState('open');
  model.applyTicks([tick(1, 1.1)]);
  model.takeChanges();
  return { model, clock };
}

const delayedOf = (model: ReturnType<typeof createLiveModel>, id: number) =>
  model.snapshot().quotes?.get(id)?.delayed;

describe('quote freshness', () => {
  it('marks an open market’s quote delayed once none came for QUOTE_STALE_MS, fresh on the next', () => {
    const { model, clock } = liveModel();
    clock.now += QUOTE_STALE_MS;
    model.checkAges();
    expect(model.takeChanges()?.quotes).toBeUndefined();
    clock.now += 1;
    model.checkAges();
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(true);
    // The same price again (a refresh) makes it fresh: age, not movement, counts.
    model.applyTicks([tick(1, 1.1)]);
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(false);
    // A closed market sends nothing and is not delayed for it.
    expect(delayedOf(model, 2)).toBe(false);
  });

  it('delays every quote while the browser is offline, until a quote comes after it is back', () => {
    const { model, clock } = liveModel();
    model.setBrowserOnline(false);
    const batch = model.takeChanges();
    expect(batch?.connection?.state).toBe('offline');
    expect(batch?.quotes?.get(1)?.delayed).toBe(true);
    expect(batch?.quotes?.get(2)?.delayed).toBe(true);
    // A quote that still arrives while offline is not trusted.
    model.applyTicks([tick(1, 1.2)]);
    expect(delayedOf(model, 1)).toBe(true);
    clock.now += 10;
    model.setBrowserOnline(true);
    expect(model.takeChanges()?.connection?.state).toBe('live');
    // Live again, but the last quote is from before: still delayed until a fresh one.
    expect(delayedOf(model, 1)).toBe(true);
    expect(delayedOf(model, 2)).toBe(false);
    clock.now += 10;
    model.applyTicks([tick(1, 1.2)]);
    expect(delayedOf(model, 1)).toBe(false);
  });

  it('delays quotes while the socket is down or the gateway says its upstream is', () => {
    const { model } = liveModel();
    model.setUpstream(false);
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(true);
    model.setUpstream(true);
    model.applyTicks([tick(1, 1.1)]);
    expect(delayedOf(model, 1)).toBe(false);
    model.setSocketState('reconnecting');
    expect(delayedOf(model, 1)).toBe(true);
  });

  it('marks a holding and the account delayed with its quote', () => {
    const { model, clock } = liveModel();
    model.setBalance('10000');
    model.setHoldings([
      {
        Id: 7,
        OrderType: 1,
        Quantity: 1,
        Price: 1.1,
        UpdatePrice: 1.1,
        FactProfits: '0',
        CautionMoney: '1100',
        ForexId: 1,
        ForexTradeLists: { ForexContNum: 100_000, PricePrecision: 5 },
      },
    ]);
    expect(model.takeChanges()?.account?.delayed).toBe(false);
    clock.now += QUOTE_STALE_MS + 1;
    model.checkAges();
    const batch = model.takeChanges();
    expect(batch?.holdings?.get(7)?.delayed).toBe(true);
    expect(batch?.account?.delayed).toBe(true);
  });
});

describe('risk crossings', () => {
  it('posts each downward crossing of a warning level once, with the stop-out level', () => {
    const { model } = liveModel();
    model.setStopOutLevel(50);
    // 1 lot at 1.1 with 100× leverage: 1 100 margin; equity = balance + margin + P&L.
    model.setBalance('600');
    model.setHoldings([
      {
        Id: 7,
        OrderType: 1,
        Quantity: 1,
        Price: 1.1,
        UpdatePrice: 1.1,
        FactProfits: '0',
        CautionMoney: '1100',
        ForexId: 1,
        ForexTradeLists: { ForexContNum: 100_000, PricePrecision: 5 },
      },
    ]);
    // Equity 1 700 of 1 100: 154.5 %, clear.
    expect(model.takeChanges()?.risk).toMatchObject({ band: 0, crossings: 0, stopOutLevel: 50 });
    // −100: equity 1 600, 145.45 %: the warning.
    model.applyTicks([tick(1, 1.099)]);
    expect(model.takeChanges()?.risk).toMatchObject({
      band: 1,
      crossings: 1,
      level: 150,
      riskRateText: '145.45%',
    });
    // Lower still within the band: no new crossing, but the rate the banner shows follows.
    model.applyTicks([tick(1, 1.0985)]);
    expect(model.takeChanges()?.risk).toMatchObject({
      band: 1,
      crossings: 1,
      riskRateText: '140.91%',
    });
    // The same figures again: nothing posted.
    model.applyTicks([tick(1, 1.0985)]);
    expect(model.takeChanges()?.risk).toBeUndefined();
    // −700: equity 1 000, 90.91 %: the margin call.
    model.applyTicks([tick(1, 1.093)]);
    expect(model.takeChanges()?.risk).toMatchObject({ band: 2, crossings: 2, level: 100 });
  });

  it('posts nothing on a tick while clear of every level', () => {
    const { model } = liveModel();
    model.setBalance('6000');
    model.setHoldings([
      {
        Id: 7,
        OrderType: 1,
        Quantity: 1,
        Price: 1.1,
        UpdatePrice: 1.1,
        FactProfits: '0',
        CautionMoney: '1100',
        ForexId: 1,
        ForexTradeLists: { ForexContNum: 100_000, PricePrecision: 5 },
      },
    ]);
    model.takeChanges();
    model.applyTicks([tick(1, 1.0999)]);
    expect(model.takeChanges()?.risk).toBeUndefined();
  });
});
