import type { OrderDetails } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { detailsOfDraft, draftFromDetails, summarizeDraft } from './details.js';
import { initialDraft, type OrderDraft } from './form.js';
import { copper, eurusd } from './instruments.fixture.js';

const kept: OrderDetails = {
  lots: 0.05,
  leverage: 200,
  mode: 1,
  stopLoss: { on: true, pips: -50 },
  takeProfit: { on: true, pips: 80.5 },
};

const draft = (patch: Partial<OrderDraft> = {}): OrderDraft => ({
  ...initialDraft(eurusd),
  ...patch,
});

describe('draftFromDetails', () => {
  it('starts a fresh form when nothing was kept', () => {
    expect(draftFromDetails(undefined, eurusd, 1.085)).toEqual(initialDraft(eurusd));
  });

  it('sets lots, leverage, type, and each level at its distance from the price now', () => {
    expect(draftFromDetails(kept, eurusd, 1.085)).toEqual({
      mode: 1,
      lots: '0.05',
      leverage: 200,
      targetPrice: '',
      stopLossOn: true,
      stopLoss: '1.08000',
      takeProfitOn: true,
      takeProfit: '1.09305',
    });
    // The same distances from another price: never a stale level.
    expect(draftFromDetails(kept, eurusd, 1.1).stopLoss).toBe('1.09500');
  });

  it('starts a pending order at the live price, and a level on without a distance empty', () => {
    const pending = draftFromDetails(
      {
        ...kept,
        mode: 0,
        stopLoss: { on: true, pips: null },
        takeProfit: { on: false, pips: null },
      },
      eurusd,
      1.085,
    );
    expect(pending).toMatchObject({
      mode: 0,
      targetPrice: '1.08500',
      stopLossOn: true,
      stopLoss: '',
      takeProfitOn: false,
      takeProfit: '',
    });
  });

  it('clamps what the instrument no longer allows to what it does', () => {
    const moved = draftFromDetails(
      { ...kept, lots: 0.037, leverage: 500, stopLoss: { on: true, pips: -20_000 } },
      copper,
      1.5,
    );
    // Up to copper's minimum, the default leverage, and a level that would be below 0 left off.
    expect(moved).toMatchObject({ lots: '0.10', leverage: 100, stopLossOn: false, stopLoss: '' });
    expect(draftFromDetails({ ...kept, lots: 0.237 }, eurusd, 1).lots).toBe('0.24');
    expect(draftFromDetails({ ...kept, leverage: null }, eurusd, 1).leverage).toBe(100);
  });
});

describe('detailsOfDraft', () => {
  it('keeps the choice and each level as a signed distance in pips from the price', () => {
    const form = draft({
      lots: '0.30',
      leverage: 50,
      stopLossOn: true,
      stopLoss: '1.0800',
      takeProfitOn: true,
      takeProfit: '1.09305',
    });
    expect(detailsOfDraft(form, eurusd, 1.085, undefined)).toEqual({
      lots: 0.3,
      leverage: 50,
      mode: 1,
      stopLoss: { on: true, pips: -50 },
      takeProfit: { on: true, pips: 80.5 },
    });
    // Built back from what was kept, the form is the same.
    expect(draftFromDetails(detailsOfDraft(form, eurusd, 1.085, undefined), eurusd, 1.085)).toEqual(
      { ...form, lots: '0.30', stopLoss: '1.08000' },
    );
  });

  it('measures a pending order’s levels from its target', () => {
    const form = draft({ mode: 0, targetPrice: '1.09', stopLossOn: true, stopLoss: '1.088' });
    expect(detailsOfDraft(form, eurusd, 1.085, undefined).stopLoss).toEqual({
      on: true,
      pips: -20,
    });
  });

  it('keeps what it had while a field is not yet usable', () => {
    const half = draft({ lots: 'abc', stopLossOn: true, stopLoss: '', takeProfitOn: true });
    expect(detailsOfDraft(half, eurusd, 1.085, kept)).toMatchObject({
      lots: 0.05,
      stopLoss: { on: true, pips: -50 },
      takeProfit: { on: true, pips: 80.5 },
    });
    expect(detailsOfDraft(half, eurusd, undefined, undefined)).toMatchObject({
      lots: 0.01,
      stopLoss: { on: true, pips: null },
    });
    // A level on the price itself is no distance; off forgets it.
    expect(
      detailsOfDraft(draft({ stopLossOn: true, stopLoss: '1.085' }), eurusd, 1.085, undefined)
        .stopLoss,
    ).toEqual({ on: true, pips: null });
    expect(detailsOfDraft(draft(), eurusd, 1.085, kept).stopLoss).toEqual({
      on: false,
      pips: null,
    });
  });
});

describe('summarizeDraft', () => {
  it('sums up lots, leverage and the prices that are on', () => {
    const form = draft({ lots: '0.05', leverage: 200, stopLossOn: true, stopLoss: '1.08' });
    expect(summarizeDraft(form, eurusd, true)).toEqual({
      lots: 0.05,
      leverage: 200,
      targetPrice: null,
      stopLoss: '1.08000',
      takeProfit: null,
    });
    expect(
      summarizeDraft(
        draft({ mode: 0, targetPrice: '1.1', lots: 'x', takeProfit: '1.2' }),
        eurusd,
        false,
      ),
    ).toEqual({
      lots: null,
      leverage: null,
      targetPrice: '1.10000',
      stopLoss: null,
      takeProfit: null,
    });
  });
});
