import { describe, expect, it } from 'vitest';
import { alertInputOf, readAlertForm } from './alert-form.js';

const quote = { close: 1.1, change: 0.5 };

describe('readAlertForm', () => {
  it('reads a level on the side the price has not reached', () => {
    expect(readAlertForm('above', '1.2', quote)).toEqual({
      condition: { kind: 'above', price: 1.2 },
    });
    expect(readAlertForm('below', '1,05', quote)).toEqual({
      condition: { kind: 'below', price: 1.05 },
    });
    expect(readAlertForm('move', '2', quote)).toEqual({ condition: { kind: 'move', percent: 2 } });
  });

  it('refuses a level the price already reached', () => {
    expect(readAlertForm('above', '1.1', quote)).toEqual({ error: 'reached' });
    expect(readAlertForm('below', '1.15', quote)).toEqual({ error: 'reached' });
    expect(readAlertForm('move', '0.5', quote)).toEqual({ error: 'moved' });
  });

  it('refuses what is not a price or a percentage', () => {
    for (const text of ['', ' ', 'abc', '0', '-1', '1.2.3', '1e3']) {
      expect(readAlertForm('above', text, quote)).toEqual({ error: 'price' });
    }
    for (const text of ['0', '101', 'x']) {
      expect(readAlertForm('move', text, quote)).toEqual({ error: 'percent' });
    }
  });

  it('waits for a quote to check the level against', () => {
    expect(readAlertForm('above', '1.2', undefined)).toEqual({ error: 'no_quote' });
  });

  it('shows an alert’s value back in the field', () => {
    expect(alertInputOf({ kind: 'below', price: 1.05 })).toBe('1.05');
    expect(alertInputOf({ kind: 'move', percent: 2.5 })).toBe('2.5');
  });
});
