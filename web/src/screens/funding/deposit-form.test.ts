import type { BankOption, DepositNetwork } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  acceptAmountInput,
  checkDeposit,
  type DepositDraft,
  depositStatusKey,
  depositStatusTone,
  normalizeAmount,
} from './deposit-form.js';

const NETWORK: DepositNetwork = {
  id: 2,
  address: '0xabc',
  currency_code: 'USDT',
  protocol_code: 'ERC20',
};

const BANK: BankOption = {
  id: 7,
  bank_name: 'First Harbor Bank',
  bank_address: '100 Market Street',
  bank_swift: 'FHBKUS6S',
  payee_name: 'Pipstream Markets Ltd',
  payee_account: '4410009877660012',
  bank_remark: '',
};

const CHOICES = { networks: [NETWORK], banks: [BANK] };

const COIN: DepositDraft = {
  tab: 0,
  networkId: NETWORK.id,
  bankId: null,
  amount: '250',
  proofUrl: '/uploads/a.png',
  proofUploading: false,
};

describe('acceptAmountInput', () => {
  it.each([
    ['', '1', '1'],
    ['1', '12', '12'],
    ['12', '12.', '12.'],
    ['12.', '12.5', '12.5'],
    ['', '.5', '.5'],
    ['1', '1,5', '1.5'],
    ['1.12345', '1.123456', '1.123456'],
    ['5', '', ''],
  ])('takes %j → %j as %j', (previous, typed, expected) => {
    expect(acceptAmountInput(previous, typed)).toBe(expected);
  });

  it.each([
    ['12', '12a'],
    ['12', '-12'],
    ['1.5', '1.5.'],
    ['1.123456', '1.1234567'],
    ['12', '1e3'],
    ['12', '1 000'],
    ['123456789012345', '1234567890123456'],
  ])('keeps %j when %j is typed', (previous, typed) => {
    expect(acceptAmountInput(previous, typed)).toBe(previous);
  });
});

describe('normalizeAmount', () => {
  it.each([
    ['12', '12'],
    ['12.', '12'],
    ['.5', '0.5'],
    ['007', '7'],
    ['10.500', '10.5'],
    ['0.000001', '0.000001'],
    [' 3,25 ', '3.25'],
  ])('reads %j as %j', (text, expected) => {
    expect(normalizeAmount(text)).toBe(expected);
  });

  it.each(['', '.', '0', '0.000', '00', '-1', 'abc', '1.1234567'])('refuses %j', (text) => {
    expect(normalizeAmount(text)).toBeNull();
  });
});

describe('checkDeposit', () => {
  it('builds a coin deposit with the network shown', () => {
    expect(checkDeposit({ ...COIN, amount: '250.50' }, CHOICES)).toEqual({
      ok: true,
      call: 'chargeSubmit',
      payload: { number: '250.5', proofImg: '/uploads/a.png', address: '0xabc', charge_id: 2 },
    });
  });

  it('builds a bank deposit with the bank chosen', () => {
    const draft: DepositDraft = { ...COIN, tab: 1, bankId: BANK.id, amount: '.5' };
    expect(checkDeposit(draft, CHOICES)).toEqual({
      ok: true,
      call: 'chargeWireSubmit',
      payload: { number: '0.5', proofImg: '/uploads/a.png', wire_id: 7 },
    });
  });

  it('says "no pay way" for a bank deposit without a bank (docs/product.md#validation)', () => {
    const check = checkDeposit({ ...COIN, tab: 1, bankId: null }, CHOICES);
    expect(check).toEqual({ ok: false, errors: { payWay: 'web.charge.no_pay_way' } });
  });

  it('ignores the other tab’s choice', () => {
    // A network is chosen, but the bank tab is showing.
    const bankTab = checkDeposit({ ...COIN, tab: 1 }, CHOICES);
    expect(bankTab.ok).toBe(false);
    const coinTab = checkDeposit({ ...COIN, networkId: null, bankId: BANK.id }, CHOICES);
    expect(coinTab).toEqual({ ok: false, errors: { payWay: 'web.charge.no_pay_way' } });
  });

  it('refuses a choice that is no longer offered', () => {
    const check = checkDeposit({ ...COIN, networkId: 99 }, CHOICES);
    expect(check).toEqual({ ok: false, errors: { payWay: 'web.charge.no_pay_way' } });
  });

  it('names each missing field', () => {
    const check = checkDeposit(
      { tab: 1, networkId: null, bankId: null, amount: '', proofUrl: null, proofUploading: false },
      CHOICES,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        payWay: 'web.charge.no_pay_way',
        amount: 'web.charge.enter_amount',
        proof: 'web.charge.add_proof',
      },
    });
  });

  it('waits for a proof still uploading, even over an earlier one', () => {
    expect(checkDeposit({ ...COIN, proofUploading: true }, CHOICES)).toEqual({
      ok: false,
      errors: { proof: 'web.funding.upload.wait' },
    });
  });

  it('refuses an amount of 0', () => {
    expect(checkDeposit({ ...COIN, amount: '0.00' }, CHOICES)).toEqual({
      ok: false,
      errors: { amount: 'web.charge.amount_positive' },
    });
  });
});

describe('deposit status', () => {
  it('names the four statuses of docs/product.md#states and a fallback', () => {
    expect([0, 1, 2, 3, 9].map(depositStatusKey)).toEqual([
      'web.charge.status.unchecked',
      'web.charge.status.finished',
      'web.charge.status.rejected',
      'web.charge.status.invalid',
      'web.charge.status.unknown',
    ]);
  });

  it('tones waiting, credited and refused records apart', () => {
    expect([0, 1, 2, 3, 9].map(depositStatusTone)).toEqual([
      'pending',
      'done',
      'failed',
      'failed',
      'pending',
    ]);
  });
});
