import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../envelope.js';
import { parseWith } from './explain.js';
import { instrumentSchema } from './market.js';
import { orderListSchema } from './order.js';
import { moneySchema } from './primitives.js';
import { ledgerRecordSchema, ledgerText } from './wallet.js';

const instrument = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EUR/USD',
  Logo: '/logo/eur.png',
  CategoryId: 1,
  MarketStatus: 1,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexContNum: 100000,
  MarginMode: 2,
  ForexFeeRate: 0.001,
  HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
  ForexQuotations: { Open: 1.08, Close: 1.081, Change: 0.09 },
};

describe('entity schemas', () => {
  it('read an instrument and name the broken field of a malformed one', () => {
    expect(parseWith(instrumentSchema, instrument).ok).toBe(true);
    const broken = { ...instrument, ForexQuotations: { Open: 1, Close: 'x', Change: 0 } };
    const parsed = parseWith(instrumentSchema, broken);
    expect(parsed.ok ? '' : parsed.error).toMatch(/^ForexQuotations\.Close: /);
  });

  it('turn money into exact decimal strings whichever way it arrives', () => {
    expect(moneySchema.parse(0.1 + 0.2)).toBe('0.3');
    expect(moneySchema.parse(1e-7)).toBe('0.0000001');
    expect(moneySchema.parse(' 12.50 ')).toBe('12.50');
    expect(moneySchema.safeParse('1e3').success).toBe(false);
    expect(moneySchema.safeParse(Number.NaN).success).toBe(false);
    expect(moneySchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('show Memo for ledger type 10 and MemoTran for any other (docs/product.md#entities)', () => {
    const row = ledgerRecordSchema.parse({
      Id: 1,
      Value: -5,
      Type: 10,
      Memo: 'manual',
      MemoTran: 'Adjustment',
      CreatedAtTran: '2026-01-01 00:00:00',
    });
    expect(row.Value).toBe('-5');
    expect(ledgerText(row)).toBe('manual');
    expect(ledgerText({ ...row, Type: 3 })).toBe('Adjustment');
  });

  it('read the envelope and an order list, refusing a missing total', () => {
    expect(envelopeSchema.parse({ code: 1, msg: 'ok', data: null })).toMatchObject({ code: 1 });
    const parsed = parseWith(orderListSchema, { data: [], all_fact_profits: 0, balance: '1' });
    expect(parsed.ok ? '' : parsed.error).toMatch(/^total: /);
  });
});
