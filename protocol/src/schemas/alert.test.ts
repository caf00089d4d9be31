import { describe, expect, it } from 'vitest';
import { armedAlertsSchema, MAX_ALERTS, priceAlertSchema, readStoredAlerts } from './alert.js';

const alert = (id: string, condition: unknown = { kind: 'above', price: 1.2 }) => ({
  id,
  instrumentId: 3,
  code: 'EURUSD',
  precision: 5,
  condition,
  createdAt: 1_700_000_000_000,
  firedAt: null,
});

describe('price alert shapes', () => {
  it('takes the three kinds of condition', () => {
    for (const condition of [
      { kind: 'above', price: 1.2 },
      { kind: 'below', price: 0.5 },
      { kind: 'move', percent: 2.5 },
    ]) {
      expect(priceAlertSchema.safeParse(alert('a', condition)).success).toBe(true);
    }
  });

  it('refuses levels and percentages that cannot fire sensibly', () => {
    for (const condition of [
      { kind: 'above', price: 0 },
      { kind: 'below', price: -1 },
      { kind: 'above', price: Number.POSITIVE_INFINITY },
      { kind: 'move', percent: 0 },
      { kind: 'move', percent: 101 },
      { kind: 'sideways', price: 1 },
      { kind: 'above' },
    ]) {
      expect(priceAlertSchema.safeParse(alert('a', condition)).success).toBe(false);
    }
  });

  it('bounds the armed list handed to the worker', () => {
    const many = Array.from({ length: MAX_ALERTS + 1 }, (_, index) => alert(String(index)));
    expect(armedAlertsSchema.safeParse(many.slice(0, MAX_ALERTS)).success).toBe(true);
    expect(armedAlertsSchema.safeParse(many).success).toBe(false);
  });
});

describe('readStoredAlerts', () => {
  it('reads anything that is not a list as no alerts', () => {
    for (const stored of [undefined, null, 'x', 42, { id: 'a' }]) {
      expect(readStoredAlerts(stored)).toEqual([]);
    }
  });

  it('drops broken entries and repeated ids, keeping the good ones', () => {
    const stored = [
      alert('a'),
      { id: 'b' },
      'junk',
      alert('a'),
      alert('c', { kind: 'x' }),
      alert('d'),
    ];
    expect(readStoredAlerts(stored).map((entry) => entry.id)).toEqual(['a', 'd']);
  });

  it('keeps at most MAX_ALERTS', () => {
    const many = Array.from({ length: MAX_ALERTS + 5 }, (_, index) => alert(String(index)));
    expect(readStoredAlerts(many)).toHaveLength(MAX_ALERTS);
  });
});
