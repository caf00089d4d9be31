import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMicros, toMicros } from '../../arithmetic/money.js';
import type { MockUpstream } from '../server.js';
import { createLedger } from '../services/ledger.js';
import { control, fundedRealUser, startMock } from './test-support.js';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMock({ tickMs: 1000 });
});
afterAll(() => mock.close());

describe('concurrency', () => {
  it('50 simultaneous submits on one account never use more margin than it has', async () => {
    const user = await fundedRealUser(mock, '1000');
    await control(mock, '/deposits/review', { id: user.depositId, approve: true });
    const list = await user.api.call('tradeList', {});
    const instrument = list.find(
      (i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0 && i.MarginMode !== 1,
    );
    if (!instrument) throw new Error('no open leverage instrument');
    // Lots sized so that roughly a fifth of the orders fit in the balance.
    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1;
    const marginPerLot = (instrument.ForexContNum * instrument.ForexQuotations.Close) / leverage;
    const step = instrument.Pip;
    const lots = Math.max(instrument.ForexMinCont, Math.ceil(200 / marginPerLot / step) * step);

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        user.api.call('submit', {
          type: 1,
          cont: Number(lots.toFixed(6)),
          forex_id: instrument.Id,
          status: 1,
          multiple: leverage,
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        msg: expect.stringMatching(/margin/i),
      });
    }

    const summary = await user.api.call('forexDetail');
    expect(toMicros(summary.balance)).toBeGreaterThanOrEqual(0n);
    const ledger = createLedger(mock.deps);
    const userId = (await user.api.call('userInfo')).id;
    expect(fromMicros(ledger.sum(userId))).toBe(summary.balance);
    const holding = await user.api.call('myDeal', { status: 1 });
    expect(holding.total).toBe(placed.length);
  });
});
