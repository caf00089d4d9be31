import { proxy } from 'valtio/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountFeed } from './account-feed.js';

interface Fakes {
  session: { token: string | null; user: unknown };
  settings: { base: { trade_fee_type: number } | null; language: string };
  signals: { resyncSeq: number; closedSeq: number; closedIds: number[] };
  calls: string[];
  refreshes: number;
}

/** A feed over plain proxies, recording what it asks of the worker and how often it refreshes. */
function setup(initial: { token?: string | null; feeType?: number; ready?: Promise<void> } = {}) {
  const fakes: Fakes = {
    session: proxy({ token: initial.token ?? null, user: initial.token ? { id: 1 } : null }),
    settings: proxy({
      base: initial.feeType === undefined ? null : { trade_fee_type: initial.feeType },
      language: 'en',
    }),
    signals: proxy({ resyncSeq: 0, closedSeq: 0, closedIds: [] as number[] }),
    calls: [],
    refreshes: 0,
  };
  const stop = createAccountFeed({
    session: fakes.session,
    settings: fakes.settings,
    signals: fakes.signals,
    worker: () => ({
      setToken: (token) => fakes.calls.push(`setToken:${token}`),
      setFeeType: (type) => fakes.calls.push(`setFeeType:${type}`),
    }),
    refresh: async () => {
      fakes.refreshes += 1;
    },
    debounceMs: 100,
    ...(initial.ready && { ready: initial.ready }),
  });
  return { ...fakes, fakes, stop };
}

/** A start-up that lets the feed read when the test calls `open`. */
function readyGate() {
  let open = () => {};
  const ready = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { ready, open };
}

/** Lets valtio deliver its (microtask-batched) notifications. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('account feed', () => {
  it('hands trade_fee_type to the worker when the settings load and when it changes', async () => {
    const { fakes, stop } = setup();
    expect(fakes.calls).toEqual([]);
    fakes.settings.base = { trade_fee_type: 1 };
    await settle();
    fakes.settings.language = 'fr';
    await settle();
    fakes.settings.base = { trade_fee_type: 0 };
    await settle();
    expect(fakes.calls).toEqual(['setFeeType:1', 'setFeeType:0']);
    stop();
  });

  it('pushes base settings that were loaded before it started', () => {
    const { fakes, stop } = setup({ feeType: 1 });
    expect(fakes.calls).toEqual(['setFeeType:1']);
    stop();
  });

  it('logs the worker in and reads the orders on login; logs out and clears on logout', async () => {
    const { fakes, stop } = setup();
    fakes.session.token = 'tok-1';
    fakes.session.user = { id: 1 };
    await settle();
    expect(fakes.calls).toEqual(['setToken:tok-1']);
    expect(fakes.refreshes).toBe(1);

    fakes.session.token = null;
    fakes.session.user = null;
    await settle();
    expect(fakes.calls).toEqual(['setToken:tok-1', 'setToken:null']);
    expect(fakes.refreshes).toBe(2);
    stop();
  });

  it('reads a stored login once, when the start-up lets it', async () => {
    const { ready, open } = readyGate();
    const { fakes, stop } = setup({ token: 'stored', ready });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fakes.refreshes).toBe(0);
    fakes.session.user = { id: 1, fresh: true };
    await settle();
    expect(fakes.refreshes).toBe(0);
    open();
    await settle();
    expect(fakes.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fakes.refreshes).toBe(1);
    // The token is the one the worker was connected with: no extra setToken.
    expect(fakes.calls).toEqual([]);
    stop();
  });

  it('does not read a stored login the startup check ended', async () => {
    const { ready, open } = readyGate();
    const { fakes, stop } = setup({ token: 'dead', ready });
    fakes.session.token = null;
    fakes.session.user = null;
    await settle();
    open();
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    // One refresh with no token: it only clears.
    expect(fakes.refreshes).toBe(1);
    expect(fakes.calls).toEqual(['setToken:null']);
    stop();
  });

  it('answers a burst of order signals with one refresh', async () => {
    const { fakes, stop } = setup();
    for (let frame = 0; frame < 4; frame++) {
      fakes.signals.closedSeq += 1;
      fakes.signals.closedIds = [frame];
      if (frame % 2 === 0) fakes.signals.resyncSeq += 1;
      await settle();
      await vi.advanceTimersByTimeAsync(16);
    }
    expect(fakes.refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(fakes.refreshes).toBe(1);

    fakes.signals.resyncSeq += 1;
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(fakes.refreshes).toBe(2);
    stop();
  });

  it('holds the reads asked for before the start-up lets it read, then makes them as one', async () => {
    const { ready, open } = readyGate();
    const { fakes, stop } = setup({ ready });
    fakes.session.token = 'tok-1';
    fakes.session.user = { id: 1 };
    await settle();
    fakes.signals.resyncSeq += 1;
    await settle();
    vi.advanceTimersByTime(100);
    // The worker logs in at once; the orders wait.
    expect(fakes.calls).toEqual(['setToken:tok-1']);
    expect(fakes.refreshes).toBe(0);

    open();
    await settle();
    expect(fakes.refreshes).toBe(1);
    fakes.signals.closedSeq += 1;
    await settle();
    vi.advanceTimersByTime(100);
    expect(fakes.refreshes).toBe(2);
    stop();
  });

  it('reads nothing once ready when nothing was asked for, or when stopped', async () => {
    const { ready, open } = readyGate();
    const quiet = setup({ ready });
    const stopped = setup({ ready });
    stopped.fakes.session.token = 'tok-2';
    await settle();
    stopped.stop();
    open();
    await settle();
    expect(quiet.fakes.refreshes).toBe(0);
    expect(stopped.fakes.refreshes).toBe(0);
    quiet.stop();
  });

  it('stops listening when stopped', async () => {
    const { fakes, stop } = setup();
    stop();
    fakes.signals.resyncSeq += 1;
    fakes.session.token = 'other';
    fakes.settings.base = { trade_fee_type: 1 };
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fakes.calls).toEqual([]);
    expect(fakes.refreshes).toBe(0);
  });
});

describe('account feed: holdings changed elsewhere', () => {
  /** A feed with holdings and a page that can go to the background. */
  function withPage(holdings: number) {
    let shown = true;
    const listeners = new Set<() => void>();
    const page = {
      visible: () => shown,
      onChange: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const state = { refreshes: 0, holding: Array.from({ length: holdings }, (_, id) => ({ id })) };
    const stop = createAccountFeed({
      session: proxy({ token: 'token-1', user: { id: 1 } }),
      settings: proxy({ base: null }),
      signals: proxy({ resyncSeq: 0, closedSeq: 0 }),
      worker: () => ({ setToken: () => undefined, setFeeType: () => undefined }),
      refresh: async () => {
        state.refreshes += 1;
      },
      holdings: state,
      page,
      rereadMs: 20_000,
    });
    const show = (visible: boolean) => {
      shown = visible;
      for (const listener of listeners) listener();
    };
    return { state, stop, show };
  }

  it('reads the holdings again every period while one is open and the app is on screen', () => {
    const { state, stop } = withPage(1);
    // The login's own read.
    expect(state.refreshes).toBe(1);
    vi.advanceTimersByTime(19_999);
    expect(state.refreshes).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.refreshes).toBe(2);
    vi.advanceTimersByTime(40_000);
    expect(state.refreshes).toBe(4);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(state.refreshes).toBe(4);
  });

  it('reads nothing on the period without a holding, nor while in the background', () => {
    const idle = withPage(0);
    vi.advanceTimersByTime(60_000);
    expect(idle.state.refreshes).toBe(1);
    idle.stop();

    const hidden = withPage(1);
    hidden.show(false);
    vi.advanceTimersByTime(60_000);
    expect(hidden.state.refreshes).toBe(1);
    hidden.stop();
  });

  it('reads at once on coming back to the foreground, the period starting from there', () => {
    const { state, stop, show } = withPage(1);
    vi.advanceTimersByTime(15_000);
    show(false);
    show(true);
    expect(state.refreshes).toBe(2);
    // Not 5 s later (where the old period would have ended), but a whole period after.
    vi.advanceTimersByTime(19_999);
    expect(state.refreshes).toBe(2);
    vi.advanceTimersByTime(1);
    expect(state.refreshes).toBe(3);
    stop();
  });
});
