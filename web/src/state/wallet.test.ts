import type { AccountSummary } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { nextTask } from '../test-support/until.js';
import { createSummaryRefresher, type WalletState } from './wallet.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const summary = (balance: string): AccountSummary => ({ balance, lock_balance: '0' });

function setup() {
  const state: WalletState = { summary: null };
  let token: string | null = 'a';
  const answers: ReturnType<typeof deferred<AccountSummary>>[] = [];
  const whenBack: (() => void)[] = [];
  const refresh = createSummaryRefresher({
    state,
    token: () => token,
    whenBack: (read) => whenBack.push(read),
    fetchSummary: () => {
      const answer = deferred<AccountSummary>();
      answers.push(answer);
      return answer.promise;
    },
  });
  return {
    state,
    refresh,
    answers,
    whenBack,
    setToken: (next: string | null) => (token = next),
  };
}

describe('summary refresher', () => {
  it('reads again once the connection is back after a failed read', async () => {
    const { state, refresh, answers, whenBack } = setup();
    const failed = refresh();
    answers[0]?.reject(new Error('no answer'));
    await failed;
    expect(whenBack).toHaveLength(1);
    whenBack[0]?.();
    answers[1]?.resolve(summary('7'));
    await Promise.resolve();
    await nextTask();
    expect(state.summary).toEqual(summary('7'));
  });

  it('stores the summary read', async () => {
    const { state, refresh, answers } = setup();
    const done = refresh();
    answers[0]?.resolve(summary('12.5'));
    await done;
    expect(state.summary).toEqual(summary('12.5'));
  });

  it('shares one read between concurrent calls and reads again once settled', async () => {
    const { refresh, answers } = setup();
    const first = refresh();
    const second = refresh();
    expect(answers).toHaveLength(1);
    answers[0]?.resolve(summary('1'));
    await Promise.all([first, second]);
    const third = refresh();
    expect(answers).toHaveLength(2);
    answers[1]?.resolve(summary('2'));
    await third;
  });

  it('never rejects and keeps the last summary on failure', async () => {
    const { state, refresh, answers } = setup();
    const ok = refresh();
    answers[0]?.resolve(summary('5'));
    await ok;
    const failing = refresh();
    answers[1]?.reject(new Error('network'));
    await expect(failing).resolves.toBeUndefined();
    expect(state.summary).toEqual(summary('5'));
  });

  it('clears and reads nothing when logged out', async () => {
    const { state, refresh, answers, setToken } = setup();
    state.summary = summary('9');
    setToken(null);
    await refresh();
    expect(state.summary).toBeNull();
    expect(answers).toHaveLength(0);
  });

  it('drops a read that ends after the login changed', async () => {
    const { state, refresh, answers, setToken } = setup();
    const done = refresh();
    setToken('b');
    answers[0]?.resolve(summary('77'));
    await done;
    expect(state.summary).toBeNull();
  });
});
