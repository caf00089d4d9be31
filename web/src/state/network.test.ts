import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** state/network.ts afresh, over a stand-in window and live worker, on fake timers. */
async function loadNetwork() {
  vi.resetModules();
  const told: boolean[] = [];
  const said: boolean[] = [];
  vi.doMock('../live/bridge.js', () => ({
    liveWorker: () => ({
      requestEnded: async (answered: boolean) => {
        told.push(answered);
      },
      setOnline: async (online: boolean) => {
        said.push(online);
      },
    }),
  }));
  const browser = new EventTarget();
  const phone = { onLine: true };
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', phone);
  const network = await import('./network.js');
  network.followNetwork();
  const { live } = await import('../live/store.js');
  /** The worker's connection state, as a batch would set it. */
  const connection = (state: 'connecting' | 'live' | 'reconnecting' | 'offline') => {
    live.connection.state = state;
  };
  return { ...network, browser, phone, told, said, connection };
}

/** Lets valtio's batched notifications run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A retry waiting while the connection is live and has answered. */
async function waitingWhileLive() {
  const network = await loadNetwork();
  network.connection('live');
  network.requestEnded(true);
  await settle();
  const retry = vi.fn();
  network.retryUntilStopped(retry);
  return { ...network, retry };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.doUnmock('../live/bridge.js');
  vi.unstubAllGlobals();
});

describe('the connection coming back', () => {
  it('runs what waits when the socket turns live, without any browser event', async () => {
    const { whenBack, connection } = await loadNetwork();
    connection('offline');
    const task = vi.fn();
    whenBack(task);
    whenBack(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    connection('live');
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('counts each return, so a load that failed after one can tell it missed it', async () => {
    const { connectionReturns, connection, requestEnded } = await loadNetwork();
    connection('offline');
    await settle();
    const before = connectionReturns();
    connection('live');
    await settle();
    expect(connectionReturns()).toBe(before + 1);
    // An answer while nothing went unanswered is not a return.
    requestEnded(true);
    expect(connectionReturns()).toBe(before + 1);
    requestEnded(false);
    requestEnded(true);
    expect(connectionReturns()).toBe(before + 2);
  });

  it('tells the worker the browser’s word at once and at each event', async () => {
    const { browser, phone, said } = await loadNetwork();
    phone.onLine = false;
    browser.dispatchEvent(new Event('offline'));
    phone.onLine = true;
    browser.dispatchEvent(new Event('online'));
    await settle();
    expect(said).toEqual([true, false, true]);
  });

  it('runs it on the browser’s online event too, and on a request answered after none was', async () => {
    const { whenBack, requestEnded, browser, connection, told } = await loadNetwork();
    connection('offline');
    const first = vi.fn();
    whenBack(first);
    browser.dispatchEvent(new Event('online'));
    expect(first).toHaveBeenCalledTimes(1);

    const second = vi.fn();
    whenBack(second);
    requestEnded(false);
    expect(second).not.toHaveBeenCalled();
    requestEnded(true);
    expect(second).toHaveBeenCalledTimes(1);
    // The worker heard both: nothing answered, then something did.
    await settle();
    expect(told).toEqual([false, true]);
  });

  it('retries on a growing, bounded backoff while the connection is not back, and stops when told', async () => {
    const { retryUntilStopped, connection } = await loadNetwork();
    connection('offline');
    await settle();
    // The jitter at its top: each wait is (nearly) all of 2, 4, 8, 16, 30, 30 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const retry = vi.fn();
    const stop = retryUntilStopped(retry);
    await vi.advanceTimersByTimeAsync(2000);
    expect(retry).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000 + 8000 + 16_000);
    expect(retry).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retry).toHaveBeenCalledTimes(6);
    stop();
    const count = retry.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(retry).toHaveBeenCalledTimes(count);
  });

  it('keeps no timer while the connection is live and answers: what it refused waits for its return', async () => {
    const { retry, connection } = await waitingWhileLive();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(retry).not.toHaveBeenCalled();
    connection('reconnecting');
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(retry).toHaveBeenCalledTimes(1);
    connection('live');
    await settle();
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('retries while live after something went unanswered: a retry that raced the return', async () => {
    const { retry, requestEnded } = await waitingWhileLive();
    requestEnded(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(retry).toHaveBeenCalledTimes(1);
    // An answer: that is the connection back, and what waits runs at once, then rests.
    requestEnded(true);
    expect(retry).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(retry).toHaveBeenCalledTimes(2);
  });
});
