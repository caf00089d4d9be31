import type { PriceAlert } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createAlertWatch } from './alert-watch.js';

const alert = (id: string, instrumentId: number, condition: PriceAlert['condition']) =>
  ({
    id,
    instrumentId,
    code: 'EURUSD',
    precision: 5,
    condition,
    createdAt: 1,
    firedAt: null,
  }) satisfies PriceAlert;
const tick = (Id: number, Close: number, Change = 0) => ({ Id, Close, Change });

describe('alert watch', () => {
  it('fires an alert once, on the tick that reaches it, with the price that did', () => {
    const watch = createAlertWatch(() => 42);
    watch.setAlerts([alert('a', 1, { kind: 'above', price: 1.2 })]);
    expect(watch.evaluate([tick(1, 1.19)])).toEqual([]);
    expect(watch.evaluate([tick(1, 1.21, 0.5)])).toEqual([
      {
        id: 'a',
        instrumentId: 1,
        condition: { kind: 'above', price: 1.2 },
        price: 1.21,
        change: 0.5,
        at: 42,
      },
    ]);
    expect(watch.evaluate([tick(1, 1.3)])).toEqual([]);
    expect(watch.size).toBe(0);
  });

  it('looks only at the ticking instrument’s alerts', () => {
    const watch = createAlertWatch();
    watch.setAlerts([
      alert('a', 1, { kind: 'below', price: 1 }),
      alert('b', 2, { kind: 'move', percent: 1 }),
    ]);
    expect(watch.evaluate([tick(2, 0.5, 0.2), tick(3, 0.1, 9)])).toEqual([]);
    expect(watch.evaluate([tick(2, 0.5, -1.5)]).map((fired) => fired.id)).toEqual(['b']);
    expect(watch.size).toBe(1);
  });

  it('does not arm again an alert that fired, nor one the list marks fired', () => {
    const watch = createAlertWatch();
    const above = alert('a', 1, { kind: 'above', price: 1 });
    watch.setAlerts([above, { ...alert('b', 1, { kind: 'above', price: 1 }), firedAt: 5 }]);
    expect(watch.evaluate([tick(1, 2)]).map((fired) => fired.id)).toEqual(['a']);
    // A list sent before the main thread heard of the firing still names it armed.
    watch.setAlerts([above]);
    expect(watch.size).toBe(0);
    expect(watch.evaluate([tick(1, 3)])).toEqual([]);
  });

  it('refuses a list that fails its shape and keeps the alerts it had', () => {
    const watch = createAlertWatch();
    watch.setAlerts([alert('a', 1, { kind: 'above', price: 1 })]);
    expect(() => watch.setAlerts([{ id: 'x' }])).toThrow(TypeError);
    expect(() => watch.setAlerts('nonsense')).toThrow(TypeError);
    expect(watch.size).toBe(1);
  });
});
