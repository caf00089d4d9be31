import { describe, expect, it } from 'vitest';
import { allStarted, createResources } from './resources.js';

describe('resources', () => {
  it('closes what started, in reverse order, even when another start failed', async () => {
    const resources = createResources();
    const closed: string[] = [];
    let release: (value: string) => void = () => {};
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    const started = allStarted([
      resources.keep(Promise.resolve('first'), async (name) => closed.push(name)),
      resources.keep(Promise.reject(new Error('no browser')), async () => closed.push('never')),
      resources.keep(slow, async (name) => closed.push(name)),
    ]);
    setTimeout(() => release('slow'), 10);
    await expect(started).rejects.toThrow('no browser');
    await resources.closeAll();
    expect(closed).toEqual(['slow', 'first']);
  });

  it('resolves every value in order when all start', async () => {
    expect(await allStarted([Promise.resolve(1), Promise.resolve('two')])).toEqual([1, 'two']);
  });

  it('keeps closing after one close fails, and closes each only once', async () => {
    const resources = createResources();
    const closed: number[] = [];
    await resources.keep(Promise.resolve(1), async (n) => closed.push(n));
    await resources.keep(Promise.resolve(2), async () => {
      throw new Error('stuck');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await resources.closeAll();
      await resources.closeAll();
    } finally {
      console.error = original;
    }
    expect(closed).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});
