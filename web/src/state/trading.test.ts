import type { Order, OrderList } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import { describe, expect, it, vi } from 'vitest';
import { eurusdOrder } from '../test-support/api-calls.js';
import { nextTask } from '../test-support/until.js';
import { type AccountFigures, createTradingRefresher, type TradingState } from './trading.js';

function order(id: number, status: number): Order {
  return eurusdOrder({
    Id: id,
    CautionMoney: '10',
    TradeFee: '0.1',
    Status: status,
    ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', ForexContNum: 1000, PricePrecision: 5 },
  });
}

/**
 * A fake account: `holding` and `pending` orders paged by 2, and a recording worker. Answers
 * wait for `release()` while `hold` is set, so tests can overlap calls.
 */
function setup(options: { holding: number; pending: number; balance?: string }) {
  const state = proxy<TradingState>({
    holding: ref([]),
    pending: ref([]),
    balance: null,
    loaded: false,
  });
  const lists = {
    1: Array.from({ length: options.holding }, (_, i) => order(100 + i, 1)),
    0: Array.from({ length: options.pending }, (_, i) => order(200 + i, 0)),
  };
  const requests: string[] = [];
  const pushed: { method: string; value: unknown }[] = [];
  const waiting: (() => void)[] = [];
  /** Reads put off until the connection is back. */
  const whenBack: (() => void)[] = [];
  const env = {
    token: 'tok' as string | null,
    hold: false,
    fail: false,
    online: true,
    balance: options.balance ?? '1000',
  };
  // The device's copy: what was kept, and what it was asked to do.
  const device = {
    kept: undefined as AccountFigures | undefined,
    forgotten: 0,
    /** Its code cannot load (fetched with no network): every load rejects, as `import()` does. */
    unloadable: false,
  };
  const refresh = createTradingRefresher({
    deviceCopy: {
      save: (figures) => {
        device.kept = figures;
      },
      load: async () => {
        if (device.unloadable) throw new TypeError('Failed to fetch dynamically imported module');
        return device.kept;
      },
      forget: () => {
        device.kept = undefined;
        device.forgotten++;
      },
    },
    state,
    token: () => env.token,
    online: () => env.online,
    whenBack: (read) => whenBack.push(read),
    fetchPage: async (status, page): Promise<OrderList> => {
      requests.push(`${status}:${page}`);
      if (env.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      if (env.fail) throw new Error('refused');
      const rows = lists[status];
      return {
        data: rows.slice((page - 1) * 2, page * 2),
        total: rows.length,
        all_fact_profits: '0',
        balance: status === 1 ? env.balance : 'not this one',
      };
    },
    worker: () => ({
      setHoldings: (value) => pushed.push({ method: 'setHoldings', value }),
      setPending: (value) => pushed.push({ method: 'setPending', value }),
      setBalance: (value) => pushed.push({ method: 'setBalance', value }),
    }),
  });
  const release = async () => {
    // Let the reads reach their next request, then answer everything waiting.
    for (let round = 0; round < 20; round++) {
      await nextTask();
      for (const resume of waiting.splice(0)) resume();
    }
  };
  return { state, requests, pushed, env, refresh, release, lists, device, whenBack };
}

describe('refreshTrading', () => {
  it('reads every page of both lists and hands the orders and balance to the worker', async () => {
    const { state, requests, pushed, refresh } = setup({
      holding: 5,
      pending: 3,
      balance: '987.5',
    });
    await refresh();

    expect(requests.sort()).toEqual(['0:1', '0:2', '1:1', '1:2', '1:3']);
    expect(state.loaded).toBe(true);
    expect(state.balance).toBe('987.5');
    expect(state.holding.map((row) => row.Id)).toEqual([100, 101, 102, 103, 104]);
    expect(state.pending.map((row) => row.Id)).toEqual([200, 201, 202]);

    const byMethod = Object.fromEntries(pushed.map((push) => [push.method, push.value]));
    expect(byMethod.setBalance).toBe('987.5');
    expect(byMethod.setPending).toEqual([
      { Id: 200, CautionMoney: '10' },
      { Id: 201, CautionMoney: '10' },
      { Id: 202, CautionMoney: '10' },
    ]);
    expect((byMethod.setHoldings as Order[]).map((row) => row.Id)).toEqual([
      100, 101, 102, 103, 104,
    ]);
  });

  it('only clears when logged out', async () => {
    const { state, requests, pushed, env, refresh } = setup({ holding: 1, pending: 1 });
    await refresh();
    env.token = null;
    await refresh();
    expect(state).toMatchObject({ holding: [], pending: [], balance: null, loaded: false });
    expect(requests).toHaveLength(2);
    expect(pushed).toHaveLength(3);
  });

  it('answers a burst of calls with the running read and one more', async () => {
    const { requests, env, refresh, release } = setup({ holding: 1, pending: 1 });
    env.hold = true;
    const first = refresh();
    const burst = [refresh(), refresh(), refresh()];
    expect(burst[1]).toBe(burst[0]);
    expect(burst[2]).toBe(burst[0]);
    const settled = Promise.all([first, ...burst]);
    await release();
    await settled;
    // One read of two single-page lists, then exactly one trailing read.
    expect(requests).toEqual(['1:1', '0:1', '1:1', '0:1']);

    // Idle again: the next call starts a read of its own at once.
    env.hold = false;
    await refresh();
    expect(requests).toHaveLength(6);
  });

  it('drops a read that ends after the token changed', async () => {
    const { state, pushed, env, refresh, release } = setup({ holding: 2, pending: 0 });
    env.hold = true;
    const read = refresh();
    env.token = 'someone-else';
    await release();
    await read;
    expect(pushed).toEqual([]);
    expect(state.loaded).toBe(false);
  });

  it('empties the lists at once on logout, even while a read runs', async () => {
    const { state, env, refresh, release } = setup({ holding: 1, pending: 0 });
    await refresh();
    expect(state.holding).toHaveLength(1);
    env.hold = true;
    const running = refresh();
    env.token = null;
    await refresh();
    expect(state.holding).toEqual([]);
    await release();
    await running;
    expect(state.holding).toEqual([]);
  });

  it('keeps the last figures and resolves when a read fails', async () => {
    const { state, pushed, env, refresh } = setup({ holding: 1, pending: 1, balance: '50' });
    await refresh();
    env.fail = true;
    env.balance = '70';
    await expect(refresh()).resolves.toBeUndefined();
    expect(state.balance).toBe('50');
    expect(pushed).toHaveLength(3);
  });

  it('keeps what it read on the device, and shows that copy when a read fails first', async () => {
    const first = setup({ holding: 2, pending: 1, balance: '55' });
    await first.refresh();
    expect(first.device.kept).toMatchObject({ balance: '55', stopOutLevel: null });
    expect(first.device.kept?.holding.map((row) => row.Id)).toEqual([100, 101]);

    // A later start with no network: the copy shows, marked as the device's, and reaches the
    // worker (which values it at delayed prices until ticks come).
    const offline = setup({ holding: 0, pending: 0 });
    offline.device.kept = first.device.kept;
    offline.env.fail = true;
    await offline.refresh();
    expect(offline.state).toMatchObject({ loaded: true, fromDevice: true, balance: '55' });
    expect(offline.state.holding.map((row) => row.Id)).toEqual([100, 101]);
    expect(offline.pushed.map((push) => push.method).sort()).toEqual([
      'setBalance',
      'setHoldings',
      'setPending',
    ]);

    // The network answers: the answer replaces the copy, and is kept in its place.
    offline.env.fail = false;
    await offline.refresh();
    expect(offline.state).toMatchObject({ loaded: true, fromDevice: false, balance: '1000' });
    expect(offline.device.kept?.holding).toEqual([]);
  });

  it('asks nothing with no network: the copy shows when nothing does, else what shows stays', async () => {
    const { state, device, env, requests, refresh } = setup({ holding: 1, pending: 0 });
    device.kept = { holding: [order(7, 1)], pending: [], balance: '12', stopOutLevel: null };
    env.online = false;
    await refresh();
    expect(requests).toEqual([]);
    expect(state).toMatchObject({ loaded: true, fromDevice: true, balance: '12' });

    env.online = true;
    await refresh();
    expect(state).toMatchObject({ fromDevice: false, balance: '1000' });
    env.online = false;
    await refresh();
    expect(requests).toEqual(['1:1', '0:1']);
    expect(state).toMatchObject({ fromDevice: false, balance: '1000' });
  });

  it('resolves with no copy when the copy’s own code cannot load either', async () => {
    const { state, device, env, refresh, whenBack } = setup({ holding: 1, pending: 0 });
    device.unloadable = true;
    env.fail = true;
    await expect(refresh()).resolves.toBeUndefined();
    env.fail = false;
    env.online = false;
    await expect(refresh()).resolves.toBeUndefined();
    await expect(refresh.showDeviceCopy()).resolves.toBeUndefined();
    expect(state.loaded).toBe(false);
    // Still read again once the connection is back.
    expect(whenBack).toHaveLength(2);
  });

  it('reads again once the connection is back after a read that failed or could not be made', async () => {
    const { state, env, requests, refresh, whenBack } = setup({ holding: 1, pending: 0 });
    env.online = false;
    await refresh();
    env.online = true;
    env.fail = true;
    await refresh();
    expect(whenBack).toHaveLength(2);
    // One function each time: however often put off, one read when the connection is back.
    expect(whenBack[0]).toBe(whenBack[1]);
    env.fail = false;
    whenBack[0]?.();
    await vi.waitFor(() => expect(state).toMatchObject({ loaded: true, balance: '1000' }));
    expect(requests).toEqual(['1:1', '0:1', '1:1', '0:1']);
  });

  it('shows the copy at once when asked, and never over what a read showed', async () => {
    const { state, device, refresh } = setup({ holding: 1, pending: 0, balance: '70' });
    device.kept = { holding: [order(7, 1)], pending: [], balance: '12', stopOutLevel: 50 };
    await refresh.showDeviceCopy();
    expect(state).toMatchObject({ fromDevice: true, balance: '12' });
    await refresh();
    await refresh.showDeviceCopy();
    expect(state).toMatchObject({ fromDevice: false, balance: '70' });
  });

  it('forgets the copy at logout', async () => {
    const { device, env, refresh } = setup({ holding: 1, pending: 0 });
    await refresh();
    expect(device.kept).toBeDefined();
    env.token = null;
    await refresh();
    expect(device.kept).toBeUndefined();
    expect(device.forgotten).toBe(1);
  });
});
