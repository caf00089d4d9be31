import { describe, expect, it } from 'vitest';
import { accountWatch, createWatch, holdAhead, watchAccount } from './watch.js';

/** A registry whose bursts end when the test says, and what its listener heard. */
function registry() {
  const queue: (() => void)[] = [];
  const watch = createWatch((callback) => queue.push(callback));
  const heard: number[][] = [];
  watch.listen((ids) => heard.push([...ids]));
  const endBurst = () => {
    for (const callback of queue.splice(0)) callback();
  };
  return { watch, heard, endBurst, queue };
}

describe('the quote watch', () => {
  it('tells the watched set once per burst, however many rows mounted in it', () => {
    const { watch, heard, endBurst, queue } = registry();
    watch.watch(3);
    watch.watch(1);
    watch.watch(2);
    expect(queue).toHaveLength(1);
    expect(heard).toEqual([]);
    endBurst();
    expect(heard).toEqual([[1, 2, 3]]);
  });

  it('counts holders per id: an id stays watched until its last holder lets go', () => {
    const { watch, heard, endBurst } = registry();
    const row = watch.watch(5);
    const tradeScreen = watch.watch(5);
    endBurst();
    row();
    endBurst();
    expect(watch.ids()).toEqual([5]);
    tradeScreen();
    endBurst();
    expect(watch.ids()).toEqual([]);
    // The burst where only one of two holders left changed nothing, so nothing was told.
    expect(heard).toEqual([[5], []]);
  });

  it('a release is idempotent', () => {
    const { watch, endBurst } = registry();
    const first = watch.watch(1);
    watch.watch(1);
    first();
    first();
    endBurst();
    expect(watch.ids()).toEqual([1]);
  });

  it('tells nothing when a burst ends where it started (a row remounted)', () => {
    const { watch, heard, endBurst } = registry();
    const release = watch.watch(1);
    endBurst();
    release();
    watch.watch(1);
    endBurst();
    expect(heard).toEqual([[1]]);
  });

  it('tells a listener only changes from the set held when it registered', () => {
    const queue: (() => void)[] = [];
    const watch = createWatch((callback) => queue.push(callback));
    watch.watch(4);
    // No listener yet: nothing is scheduled.
    expect(queue).toHaveLength(0);
    const heard: number[][] = [];
    watch.listen((ids) => heard.push([...ids]));
    watch.watch(4);
    for (const callback of queue.splice(0)) callback();
    expect(heard).toEqual([]);
    watch.watch(6);
    for (const callback of queue.splice(0)) callback();
    expect(heard).toEqual([[4, 6]]);
  });

  it('ends a burst at the next microtask by default', async () => {
    const watch = createWatch();
    const heard: number[][] = [];
    watch.listen((ids) => heard.push([...ids]));
    watch.watch(2);
    watch.watch(1);
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([[1, 2]]);
  });

  it("holds ids ahead of their rows, then lets go of them without dropping the rows' own holds", () => {
    const watch = createWatch((callback) => callback());
    const told: number[][] = [];
    watch.listen((ids) => told.push([...ids]));
    let letGo: (() => void) | undefined;
    holdAhead(watch, [3, 1], 5000, (ms, task) => {
      expect(ms).toBe(5000);
      letGo = task;
    });
    expect(watch.ids()).toEqual([1, 3]);
    const row = watch.watch(3);
    letGo?.();
    expect(watch.ids()).toEqual([3]);
    row();
    expect(watch.ids()).toEqual([]);
    expect(told).toEqual([[3], [1, 3], [3], []]);
  });

  it('keeps the account watched while any reader holds it', () => {
    expect(accountWatch.ids()).toEqual([]);
    const card = watchAccount();
    const form = watchAccount();
    card();
    card();
    expect(accountWatch.ids()).toHaveLength(1);
    form();
    expect(accountWatch.ids()).toEqual([]);
  });
});
