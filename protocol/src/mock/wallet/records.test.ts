import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusal.js';
import { amountMicros, namesOneRecord, recordNumber } from './records.js';

describe('recordNumber', () => {
  it('joins the prefix, the UTC day and the zero-padded id', () => {
    const ms = Date.UTC(2025, 2, 1, 23, 59, 59);
    expect(recordNumber('D', ms, 42)).toBe('D20250301000042');
    expect(recordNumber('W', ms, 1_234_567)).toBe('W202503011234567');
  });
});

describe('amountMicros', () => {
  it('reads a typed amount as micro-units', () => {
    expect(amountMicros('12.5')).toBe(12_500_000n);
    expect(amountMicros('1000000', 1_000_000_000_000n)).toBe(1_000_000_000_000n);
  });

  it('refuses less than a micro-unit and more than the bound', () => {
    for (const [amount, max] of [
      ['0.0000001', undefined],
      ['1000000.000001', 1_000_000_000_000n],
    ] as const) {
      let caught: unknown;
      try {
        amountMicros(amount, max);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(Refusal);
      expect((caught as Refusal).key).toBe('wallet.amount_invalid');
    }
  });
});

describe('namesOneRecord', () => {
  it('wants exactly one of id and number', () => {
    expect(namesOneRecord({ id: 1 })).toBe(true);
    expect(namesOneRecord({ number: 'D1' })).toBe(true);
    expect(namesOneRecord({})).toBe(false);
    expect(namesOneRecord({ id: 1, number: 'D1' })).toBe(false);
  });
});
