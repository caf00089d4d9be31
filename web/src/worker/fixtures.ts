/**
 * For the live model's tests: an instrument, an open order and a tick, each with plain
 * defaults a test overrides where it matters.
 */
import type { QuoteTick } from '@pipstream/protocol';
import type { OpenOrder } from './holdings.js';
import type { InstrumentTerms } from './quotes.js';

export function instrument(id: number, overrides: Partial<InstrumentTerms> = {}): InstrumentTerms {
  return {
    Id: id,
    Code: `SYM${id}`,
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    ForexContNum: 100_000,
    MarginMode: 0,
    ForexFeeRate: 0.001,
    HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
    ForexQuotations: { Open: 1.1, Close: 1.1, Change: 0 },
    ...overrides,
  };
}

export function order(
  id: number,
  instrumentId: number,
  overrides: Partial<OpenOrder> = {},
): OpenOrder {
  return {
    Id: id,
    OrderType: 1,
    Quantity: 1,
    Price: 1.1,
    UpdatePrice: 1.1,
    FactProfits: '0',
    CautionMoney: '1100',
    ForexId: instrumentId,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    ForexTradeLists: { ForexContNum: 100_000, PricePrecision: 5 },
    ...overrides,
  };
}

export function tick(id: number, close: number, extra: Partial<QuoteTick> = {}): QuoteTick {
  return {
    Id: id,
    Code: `SYM${id}`,
    Open: 1.1,
    High: Math.max(1.1, close),
    Low: Math.min(1.1, close),
    Close: close,
    Change: 0.5,
    Time: 1_700_000_000_000,
    ...extra,
  };
}
