import { describe, expect, it } from 'vitest';
import { WITHDRAW_FEE_TYPE } from '../../arithmetic/withdraw.js';
import {
  bankCurrencySchema,
  bankOptionSchema,
  DRAW_TYPE,
  depositNetworkSchema,
  drawSymbolSchema,
} from '../../schemas/wallet.js';
import {
  BANK_DEPOSIT_CURRENCIES,
  BANK_OPTIONS,
  bankDepositCurrency,
  bankOption,
  DEPOSIT_NETWORKS,
  depositNetwork,
  WITHDRAW_CURRENCIES,
  withdrawCurrency,
} from './catalogue.js';

const ids = (list: readonly { id: number }[]) => list.map((entry) => entry.id);

describe('wallet catalogue', () => {
  it('offers USDT on TRC20 and ERC20, BTC and ETH, each with an address of its chain', () => {
    for (const network of DEPOSIT_NETWORKS) depositNetworkSchema.parse(network);
    const byName = Object.fromEntries(
      DEPOSIT_NETWORKS.map((n) => [`${n.currency_code}-${n.protocol_code}`, n.address]),
    );
    expect(byName['USDT-TRC20']).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(byName['USDT-ERC20']).toMatch(/^0x[0-9a-f]{40}$/);
    expect(byName['BTC-BTC']).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(byName['ETH-ERC20']).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('gives every entry a unique id and finds it by that id', () => {
    for (const list of [
      DEPOSIT_NETWORKS,
      BANK_DEPOSIT_CURRENCIES,
      BANK_OPTIONS,
      WITHDRAW_CURRENCIES,
    ]) {
      expect(new Set(ids(list)).size).toBe(list.length);
    }
    expect(depositNetwork(2)?.protocol_code).toBe('ERC20');
    expect(bankDepositCurrency(2)?.name).toBe('EUR');
    expect(bankOption(3)?.bank_coin).toBe(2);
    expect(withdrawCurrency(3)?.code).toBe('BTC');
    expect(depositNetwork(99)).toBeUndefined();
    expect(withdrawCurrency(99)).toBeUndefined();
  });

  it('has bank accounts for every bank deposit currency, and only for those', () => {
    for (const currency of BANK_DEPOSIT_CURRENCIES) {
      bankCurrencySchema.parse(currency);
      expect(BANK_OPTIONS.some((o) => o.bank_coin === currency.id)).toBe(true);
    }
    for (const option of BANK_OPTIONS) {
      bankOptionSchema.parse(option);
      expect(bankDepositCurrency(option.bank_coin)).toBeDefined();
    }
  });

  it('offers coin and bank withdraw currencies with both fee types', () => {
    for (const currency of WITHDRAW_CURRENCIES) drawSymbolSchema.parse(currency);
    const coin = WITHDRAW_CURRENCIES.filter((c) => c.type === DRAW_TYPE.COIN);
    const bank = WITHDRAW_CURRENCIES.filter((c) => c.type === DRAW_TYPE.BANK);
    expect(coin.map((c) => `${c.code}-${c.protocol}`)).toEqual([
      'USDT-TRC20',
      'USDT-ERC20',
      'BTC-BTC',
      'ETH-ERC20',
    ]);
    expect(bank.map((c) => c.code)).toEqual(['USD', 'EUR', 'HKD']);
    expect(withdrawCurrency(1)).toMatchObject({
      fee_type: WITHDRAW_FEE_TYPE.FIXED,
      draw_rate: '1',
    });
    expect(withdrawCurrency(2)).toMatchObject({
      fee_type: WITHDRAW_FEE_TYPE.FIXED,
      draw_rate: '5',
    });
    expect(withdrawCurrency(3)?.fee_type).not.toBe(WITHDRAW_FEE_TYPE.FIXED);
    expect(withdrawCurrency(11)).toMatchObject({ usd_price: '1', draw_rate: '1' });
    expect(withdrawCurrency(11)?.fee_type).not.toBe(WITHDRAW_FEE_TYPE.FIXED);
    // No id is shared between the kinds, so a bank id can never bind a coin address.
    expect(coin.every((c) => !bank.some((b) => b.id === c.id))).toBe(true);
  });
});
