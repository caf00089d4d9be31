import { describe, expect, it } from 'vitest';
import { ledgerRowView, signedAmount } from './ledger-view.js';

const record = {
  Type: 1,
  Memo: 'ledger.deposit',
  MemoTran: 'Deposit D20250101',
  Value: '10000',
  CreatedAtTran: '2025-03-04 05:06:07',
};

describe('signedAmount', () => {
  it.each([
    ['10000', '+10000.00'],
    ['100.5', '+100.50'],
    ['-100.5', '-100.50'],
    ['-0.054321', '-0.054321'],
    ['0.1234567', '+0.123457'],
    ['0', '0.00'],
    ['-0', '0.00'],
    ['12.3000', '+12.30'],
  ])('writes %j as %j', (value, shown) => {
    expect(signedAmount(value)).toBe(shown);
  });

  it('shows "--" for what is not a decimal', () => {
    expect(signedAmount('abc')).toBe('--');
    expect(signedAmount('')).toBe('--');
  });
});

describe('ledgerRowView', () => {
  it('shows MemoTran for every type but 10', () => {
    for (const Type of [1, 2, 3, 9, 11]) {
      expect(ledgerRowView({ ...record, Type }).text).toBe('Deposit D20250101');
    }
  });

  it('shows Memo as written for Type 10 (docs/product.md#entities)', () => {
    const adjustment = { ...record, Type: 10, Memo: 'Goodwill credit', MemoTran: 'translated' };
    expect(ledgerRowView(adjustment).text).toBe('Goodwill credit');
  });

  it('colours and signs the amount', () => {
    expect(ledgerRowView(record)).toMatchObject({ amount: '+10000.00', tone: 'up' });
    expect(ledgerRowView({ ...record, Value: '-25' })).toMatchObject({
      amount: '-25.00',
      tone: 'down',
    });
    expect(ledgerRowView({ ...record, Value: '0' })).toMatchObject({ tone: 'flat' });
  });

  it('keeps the UTC time for the row to write in the viewer’s zone', () => {
    expect(ledgerRowView(record).time).toBe('2025-03-04 05:06:07');
  });
});
