/**
 * For unit tests of modules that call the API: replaces `api/index.ts`, for modules imported
 * from now on (after `vi.resetModules()`), by one that records each call's name and answers
 * `answer(name)`. Undo with `vi.doUnmock(API_MODULE)`. And an order as the API answers one.
 */
import type { Order } from '@pipstream/protocol';
import { vi } from 'vitest';

/** The API module's path, as `vi.doMock` takes it from any test file. */
export const API_MODULE = new URL('../api/index.ts', import.meta.url).pathname;

/** Mocks the API module; the returned array fills with the names of the calls made. */
export function recordApiCalls(answer: (name: string) => unknown): string[] {
  const calls: string[] = [];
  vi.doMock(API_MODULE, () => ({
    api: {
      call: async (name: string) => {
        calls.push(name);
        return answer(name);
      },
    },
  }));
  return calls;
}

/**
 * An order as `my_deal` lists it, for tests of what the app shows of one: a holding buy of 1 lot
 * of EUR/USD at 1.1 with 100× leverage and no stop levels, any field overridden by `fields`.
 */
export function eurusdOrder(fields: Partial<Order> = {}): Order {
  return {
    Id: 1,
    OrderType: 1,
    Quantity: 1,
    Price: 1.1,
    OriginPrice: 1.1,
    UpdatePrice: 1.1,
    FactProfits: '0',
    CautionMoney: '1100',
    TradeFee: '1.1',
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    CreateTimeHandler: '2025-01-01 00:00:00',
    CompleteTimeHandler: '',
    Status: 1,
    Multiple: 100,
    ForexId: 1,
    ForexTradeLists: {
      ShowCode: 'EUR/USD',
      Code: 'EURUSD',
      ForexContNum: 100_000,
      PricePrecision: 5,
    },
    ...fields,
  };
}
