import { describe, expect, it } from 'vitest';
import { watchNetwork } from './network.js';

describe('watchNetwork', () => {
  it('tells the state at once and on every online and offline event, until stopped', () => {
    const target = new EventTarget();
    let online = true;
    const told: boolean[] = [];
    const stop = watchNetwork({
      target: target as unknown as Window,
      onLine: () => online,
      tell: (value) => told.push(value),
    });
    online = false;
    target.dispatchEvent(new Event('offline'));
    online = true;
    target.dispatchEvent(new Event('online'));
    stop();
    target.dispatchEvent(new Event('offline'));
    expect(told).toEqual([true, false, true]);
  });
});
