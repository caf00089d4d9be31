import type { WithdrawMethod } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  bindRoute,
  currencyLabel,
  initialCurrencyId,
  kindOf,
  METHOD_LIST_ROUTE,
  methodOptionLabel,
  methodsOfCurrency,
  methodTitle,
  shortened,
} from './wallet-methods.js';

function method(overrides: Partial<WithdrawMethod> & Pick<WithdrawMethod, 'id'>): WithdrawMethod {
  return {
    type: 1,
    dc_address: '',
    payee_account: '',
    payee_name: '',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    draw_currency: { id: 1, code: 'USDT', protocol: 'TRC20' },
    ...overrides,
  };
}

const address = method({ id: 1, dc_address: 'TMASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4d' });
const account = method({
  id: 2,
  type: 2,
  bank_name: 'First Harbor Bank',
  payee_name: 'Ada Lovelace',
  payee_account: '4410009877660012',
  draw_currency: { id: 11, code: 'USD', protocol: '' },
});

describe('routes of a kind', () => {
  it('reads the kind of a query, coin unless it says 2', () => {
    expect(kindOf('type=2')).toBe(2);
    expect(kindOf('type=1')).toBe(1);
    expect(kindOf('')).toBe(1);
    expect(kindOf('type=bank')).toBe(1);
  });

  it('binds and lists each kind on its own screen', () => {
    expect(bindRoute(1)).toBe('/mine/withdraw-way?type=1');
    expect(bindRoute(2)).toBe('/mine/withdraw-way?type=2');
    expect(METHOD_LIST_ROUTE[1]).toBe('/mine/coin-address-list');
    expect(METHOD_LIST_ROUTE[2]).toBe('/mine/bank-card-list');
  });
});

describe('names', () => {
  it('names a currency with its chain when it has one', () => {
    expect(currencyLabel({ code: 'USDT', protocol: 'ERC20' })).toBe('USDT (ERC20)');
    expect(currencyLabel({ code: 'EUR', protocol: '' })).toBe('EUR');
  });

  it('heads an address by its currency and an account by its bank', () => {
    expect(methodTitle(address)).toBe('USDT (TRC20)');
    expect(methodTitle(account)).toBe('First Harbor Bank');
  });

  it('shortens long text around an ellipsis, leaving short text alone', () => {
    expect(shortened('TMASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4d')).toBe('TMASi4…he4d');
    expect(shortened('abcdefghijk')).toBe('abcdefghijk');
    expect(shortened('abcdefghijkl')).toBe('abcdef…ijkl');
  });

  it('labels picker options by short address or by bank and account', () => {
    expect(methodOptionLabel(address)).toBe('TMASi4…he4d');
    expect(methodOptionLabel(account)).toBe('First Harbor Bank · 4410009877660012');
  });
});

describe('choosing', () => {
  const other = method({
    id: 3,
    dc_address: 'bc1q',
    draw_currency: { id: 3, code: 'BTC', protocol: 'BTC' },
  });

  it('keeps the methods of one currency', () => {
    expect(methodsOfCurrency([address, other], 3)).toEqual([other]);
    expect(methodsOfCurrency([address, other], 2)).toEqual([]);
    expect(methodsOfCurrency([address, other], null)).toEqual([]);
  });

  it('starts on the currency of the first bound method still offered', () => {
    expect(initialCurrencyId([{ id: 1 }, { id: 3 }], [other, address])).toBe(3);
    expect(initialCurrencyId([{ id: 1 }], [other, address])).toBe(1);
  });

  it('falls back to the first currency, or none', () => {
    expect(initialCurrencyId([{ id: 4 }, { id: 1 }], [])).toBe(4);
    expect(initialCurrencyId([{ id: 4 }], [other])).toBe(4);
    expect(initialCurrencyId([], [address])).toBeNull();
  });
});
