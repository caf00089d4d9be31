import type { Order } from '@pipstream/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MODULE } from '../../test-support/api-calls.js';

/** A buy of 1 lot of EURUSD (instrument 7), as `my_deal` lists it. */
const holding = {
  Id: 41,
  ForexId: 7,
  OrderType: 1,
  Quantity: 1,
  FactProfits: '12.5',
  ForexTradeLists: { ShowCode: 'EURUSD', PricePrecision: 5 },
} as unknown as Order;

/**
 * actions.ts over an API whose closes stay pending until the test answers them, a live EURUSD
 * price, and a trader who confirms every question.
 */
async function loadActions() {
  vi.resetModules();
  const closes: { input: unknown; answer: (value: unknown) => void }[] = [];
  const { live } = await import('../../live/store.js');
  // The texts the questions are written in: every language's come from a chunk of their own.
  await (await import('../../i18n/index.js')).loadFallbackTexts();
  vi.doMock(API_MODULE, () => ({
    api: {
      call: (name: string, input: unknown) => {
        if (name !== 'close') return Promise.reject(new Error(`unexpected call ${name}`));
        return new Promise((answer) => closes.push({ input, answer }));
      },
    },
  }));
  vi.doMock('../../state/trading.js', () => ({ refreshTrading: async () => undefined }));
  const asked: string[] = [];
  vi.doMock('../../state/ui.js', async (original) => ({
    ...(await original<typeof import('../../state/ui.js')>()),
    confirm: async ({ message }: { message: string }) => {
      asked.push(message);
      return true;
    },
    // The close question confirms the live price it shows.
    confirmAtPrice: async ({ message }: { message: string }) => {
      asked.push(message);
      return live.quotes[7]?.close ?? null;
    },
  }));
  live.connection.state = 'live';
  live.quotes[7] = { delayed: false, close: 1.1 } as (typeof live.quotes)[number];
  const actions = await import('./actions.js');
  return { ...actions, closes, asked };
}

describe('closing a holding, never twice', () => {
  afterEach(() => {
    vi.doUnmock(API_MODULE);
    vi.doUnmock('../../state/trading.js');
    vi.doUnmock('../../state/ui.js');
  });

  it('sends one close while the first is on its way, and says the order is already closing', async () => {
    const { closeOrder, closeAll, closes, asked } = await loadActions();

    const first = closeOrder(holding);
    await vi.waitFor(() => expect(closes).toHaveLength(1));
    // A second tap on the row: nothing asked, nothing sent.
    expect(await closeOrder(holding)).toBe(false);
    // A close all covering it: the order is listed as already closing, not sent again.
    const run = await closeAll('all', [holding], () => undefined);
    expect(run?.closed).toEqual([]);
    expect(run?.failed).toEqual([{ order: holding, reason: 'Its close is already on its way' }]);
    expect(closes).toHaveLength(1);
    expect(asked).toHaveLength(2);

    // Sent at the price confirmed, with the deviation kept for market orders (the default).
    expect(closes[0]?.input).toEqual({ id: 41, price: 1.1, deviation: 2 });
    closes[0]?.answer(null);
    expect(await first).toBe(true);
    expect(closes).toHaveLength(1);
  });
});
