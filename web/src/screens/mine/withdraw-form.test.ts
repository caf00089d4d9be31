import { formatFee, receivedAmountText, routes, withdrawFee } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  amountMicros,
  cleanAmountInput,
  drawPayload,
  feeRule,
  validateWithdraw,
  type WithdrawDraft,
  withdrawPreview,
} from './withdraw-form.js';

const usdtFixed = { id: 1, code: 'USDT', fee_type: 1, draw_rate: '1', usd_price: '1' };
const btcPercent = { id: 3, code: 'BTC', fee_type: 2, draw_rate: '0.5', usd_price: '0.0000154' };

describe('cleanAmountInput', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['12.', '12.'],
    ['12.5', '12.5'],
    ['0.000001', '0.000001'],
    ['.5', '0.5'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['0', '0'],
    ['1,25', '1.25'],
    [' 1 000 ', '1000'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(cleanAmountInput(typed)).toBe(kept);
  });

  it.each(['abc', '1e5', '-5', '+5', '1.2.3', '1..2', '0.0000001', '1234567890123456', '12$'])(
    'refuses %j',
    (typed) => {
      expect(cleanAmountInput(typed)).toBeNull();
    },
  );
});

describe('amountMicros', () => {
  it('reads what the field holds, a trailing point included', () => {
    expect(amountMicros('12.5')).toBe(12_500_000n);
    expect(amountMicros('12.')).toBe(12_000_000n);
    expect(amountMicros('0.000001')).toBe(1n);
  });

  it('is null for nothing usable', () => {
    for (const text of ['', '.', '0', '0.', '0.000000']) expect(amountMicros(text)).toBeNull();
  });
});

describe('withdrawPreview', () => {
  it('shows "--" for both with no currency (SPEC §9)', () => {
    expect(withdrawPreview('100', null)).toEqual({ fee: '--', received: '--' });
  });

  it('equals the protocol arithmetic for a fixed fee', () => {
    expect(withdrawPreview('100', usdtFixed)).toEqual({
      fee: formatFee(withdrawFee('100', usdtFixed)),
      received: receivedAmountText('100', usdtFixed),
    });
    expect(withdrawPreview('100', usdtFixed)).toEqual({ fee: '1.000000', received: '99.00 USDT' });
  });

  it('equals the protocol arithmetic for a percentage', () => {
    expect(withdrawPreview('250.5', btcPercent)).toEqual({
      fee: formatFee(withdrawFee('250.5', btcPercent)),
      received: receivedAmountText('250.5', btcPercent),
    });
    expect(withdrawPreview('1000', btcPercent)).toEqual({
      fee: '5.000000',
      received: '0.01532300 BTC',
    });
  });

  it('shows "0 code" without a usable amount, with the fee of nothing', () => {
    expect(withdrawPreview('', usdtFixed)).toEqual({ fee: '1.000000', received: '0 USDT' });
    expect(withdrawPreview('0.', btcPercent)).toEqual({ fee: '0.000000', received: '0 BTC' });
  });

  it('never shows a negative received amount', () => {
    expect(withdrawPreview('0.5', usdtFixed).received).toBe('0.00 USDT');
  });
});

describe('feeRule', () => {
  it('tells a fixed fee from a percentage', () => {
    expect(feeRule(usdtFixed)).toEqual({ kind: 'fixed', fee: '1' });
    expect(feeRule(btcPercent)).toEqual({ kind: 'percent', rate: '0.5' });
    expect(feeRule({ ...btcPercent, fee_type: 0 })).toEqual({ kind: 'percent', rate: '0.5' });
  });
});

describe('validateWithdraw', () => {
  const draft: WithdrawDraft = { currency: usdtFixed, methodId: 7, amount: '100', memo: '' };
  const missing = 'web.withdraw.address_required';

  it('passes a complete form', () => {
    expect(validateWithdraw(draft, '500', missing)).toEqual({});
    expect(validateWithdraw(draft, null, missing)).toEqual({});
  });

  it('asks for a method and an amount', () => {
    expect(validateWithdraw({ ...draft, methodId: null, amount: '' }, '500', missing)).toEqual({
      method: missing,
      amount: 'web.withdraw.amount_required',
    });
  });

  it('refuses a zero amount, one the fee eats, and more than the balance', () => {
    const amountIssue = (amount: string, balance: string | null = '500') =>
      validateWithdraw({ ...draft, amount }, balance, missing).amount;
    expect(amountIssue('0')).toBe('web.withdraw.amount_invalid');
    expect(amountIssue('0.')).toBe('web.withdraw.amount_invalid');
    expect(amountIssue('1')).toBe('web.withdraw.amount_below_fee');
    expect(amountIssue('1.004')).toBe('web.withdraw.amount_below_fee');
    expect(amountIssue('1.005')).toBeUndefined();
    expect(amountIssue('500.000001')).toBe('web.withdraw.insufficient');
    expect(amountIssue('500')).toBeUndefined();
    expect(amountIssue('500.000001', null)).toBeUndefined();
  });

  it('refuses a memo longer than the route takes', () => {
    expect(validateWithdraw({ ...draft, memo: 'm'.repeat(201) }, null, missing)).toEqual({
      memo: 'web.withdraw.memo_too_long',
    });
  });
});

describe('drawPayload', () => {
  it('sends the canonical amount, the ids and the trimmed memo', () => {
    const payload = drawPayload({
      currency: usdtFixed,
      methodId: 7,
      amount: '100.50',
      memo: ' hi ',
    });
    expect(payload).toEqual({
      draw_currency_id: 1,
      number: '100.5',
      memo: 'hi',
      draw_method_id: 7,
    });
    expect(routes.draw.request.safeParse(payload).success).toBe(true);
  });

  it('leaves an empty memo out', () => {
    expect(drawPayload({ currency: usdtFixed, methodId: 7, amount: '5.', memo: '  ' })).toEqual({
      draw_currency_id: 1,
      number: '5',
      memo: undefined,
      draw_method_id: 7,
    });
  });

  it('throws for a form that was not checked', () => {
    expect(() => drawPayload({ currency: usdtFixed, methodId: 7, amount: '', memo: '' })).toThrow(
      RangeError,
    );
  });
});
