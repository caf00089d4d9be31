import { routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  BIND_MAX_LENGTH,
  type BindDraft,
  bindPayload,
  checkAddress,
  EMPTY_BIND_DRAFT,
  validateBind,
} from './bind-form.js';

const coin: BindDraft = { ...EMPTY_BIND_DRAFT, currencyId: '1', dcAddress: ' TMASi45ub7 ' };
const bank: BindDraft = {
  ...EMPTY_BIND_DRAFT,
  currencyId: '11',
  bankName: 'First Harbor Bank',
  payeeName: 'Ada Lovelace',
  payeeAccount: '4410009877660012',
};

describe('validateBind', () => {
  it('asks for a currency first of all (docs/product.md#validation)', () => {
    expect(validateBind(1, { ...coin, currencyId: '' })).toEqual({
      currencyId: { key: 'web.withdraw_way.currency_required' },
    });
  });

  it('asks for the wallet address of a coin method', () => {
    expect(validateBind(1, coin)).toEqual({});
    expect(validateBind(1, { ...coin, dcAddress: '   ' })).toEqual({
      dcAddress: { key: 'web.withdraw_way.address_required' },
    });
  });

  it('asks for bank name, payee name and account of a bank method; address and SWIFT are optional', () => {
    expect(validateBind(2, bank)).toEqual({});
    expect(validateBind(2, EMPTY_BIND_DRAFT)).toEqual({
      currencyId: { key: 'web.withdraw_way.currency_required' },
      bankName: { key: 'web.withdraw_way.bank_name_required' },
      payeeName: { key: 'web.withdraw_way.payee_name_required' },
      payeeAccount: { key: 'web.withdraw_way.payee_account_required' },
    });
  });

  it('ignores the other kind’s fields', () => {
    expect(validateBind(2, { ...bank, dcAddress: '' })).toEqual({});
    expect(validateBind(1, { ...coin, bankName: 'x'.repeat(500) })).toEqual({});
  });

  it('refuses values longer than the route takes', () => {
    expect(validateBind(2, { ...bank, bankSwift: 'A'.repeat(17) })).toEqual({
      bankSwift: { key: 'web.withdraw_way.too_long', params: { max: '16' } },
    });
    expect(validateBind(2, { ...bank, bankSwift: ` ${'A'.repeat(16)} ` })).toEqual({});
  });
});

describe('bindPayload', () => {
  it('sends a coin address alone', () => {
    expect(bindPayload(1, { ...coin, bankName: 'ignored' })).toEqual({
      type: 1,
      draw_id: 1,
      dc_address: 'TMASi45ub7',
    });
  });

  it('sends the bank fields, leaving out empty optional ones', () => {
    expect(bindPayload(2, { ...bank, bankSwift: ' FHBKUS6S ', dcAddress: 'ignored' })).toEqual({
      type: 2,
      draw_id: 11,
      bank_name: 'First Harbor Bank',
      bank_address: undefined,
      bank_swift: 'FHBKUS6S',
      payee_name: 'Ada Lovelace',
      payee_account: '4410009877660012',
    });
  });

  it('builds what the route accepts, up to its limits', () => {
    const full: BindDraft = {
      currencyId: '11',
      dcAddress: '',
      bankName: 'b'.repeat(BIND_MAX_LENGTH.bankName),
      bankAddress: 'a'.repeat(BIND_MAX_LENGTH.bankAddress),
      bankSwift: 's'.repeat(BIND_MAX_LENGTH.bankSwift),
      payeeName: 'p'.repeat(BIND_MAX_LENGTH.payeeName),
      payeeAccount: '1'.repeat(BIND_MAX_LENGTH.payeeAccount),
    };
    expect(validateBind(2, full)).toEqual({});
    expect(routes.bindDrawMethod.request.safeParse(bindPayload(2, full)).success).toBe(true);
    const address = { ...coin, dcAddress: 'd'.repeat(BIND_MAX_LENGTH.dcAddress) };
    expect(routes.bindDrawMethod.request.safeParse(bindPayload(1, address)).success).toBe(true);
    // One character more is refused by the route, as by the form.
    for (const [field, max] of Object.entries(BIND_MAX_LENGTH)) {
      const kind = field === 'dcAddress' ? 1 : 2;
      const over = { ...(kind === 1 ? coin : bank), [field]: 'x'.repeat(max + 1) };
      expect(Object.keys(validateBind(kind, over))).toEqual([field]);
      expect(routes.bindDrawMethod.request.safeParse(bindPayload(kind, over)).success).toBe(false);
    }
  });
});

describe('checkAddress', () => {
  const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  it('refuses as typed an address that can no longer become one, and waits otherwise', () => {
    expect(checkAddress('TRC20', 'TR7N', true)).toEqual({ kind: 'none' });
    expect(checkAddress('TRC20', 'TR0', true)).toEqual({
      kind: 'issue',
      issue: { key: 'web.address_check.wrong_format', params: { network: 'TRC20' } },
    });
    expect(checkAddress('TRC20', `T${'Q'.repeat(36)}`, true).kind).toBe('issue');
  });

  it('checks in full once the field is left, and says when an address is valid', () => {
    expect(checkAddress('TRC20', 'TR7N', false).kind).toBe('issue');
    expect(checkAddress('TRC20', tron, true)).toEqual({ kind: 'valid', network: 'TRC20' });
    expect(checkAddress('SOL', 'anything', false)).toEqual({ kind: 'none' });
    expect(checkAddress('TRC20', '  ', false)).toEqual({ kind: 'none' });
  });
});
