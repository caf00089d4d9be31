import { describe, expect, it } from 'vitest';
import { routes } from '../../routes/table.js';
import { DRAW_TYPE } from '../../schemas/wallet.js';
import * as support from '../test-support.js';
import { refusalOf } from '../test-support.js';
import { MAX_METHODS_PER_TYPE } from './methods.js';
import { bitcoinAddress, ethereumAddress, tronAddress } from './test-support/addresses.js';
import { walletFixture } from './test-support/wallet.js';

const BTC_ADDRESS = bitcoinAddress(1);
const TRON_ADDRESS = tronAddress(1);

const bankFields = {
  bank_name: 'Harbor Bank',
  bank_address: '9 Quay Road',
  bank_swift: 'HARBGB2L',
  payee_name: 'Alice Example',
  payee_account: 'GB29NWBK60161331926819',
};

describe('bindDrawMethod', () => {
  it('binds a coin address, keeping only the coin fields', async () => {
    const { call, user } = walletFixture(support);
    const alice = user();
    const result = await call(
      'bindDrawMethod',
      { type: DRAW_TYPE.COIN, draw_id: 3, dc_address: BTC_ADDRESS, ...bankFields },
      alice,
    );
    expect(result).toEqual({ data: null, key: 'wallet.method_bound' });
    const { data } = await call('getDrawMethod', { draw_type: DRAW_TYPE.COIN }, alice);
    expect(data).toEqual([
      {
        id: expect.any(Number),
        type: DRAW_TYPE.COIN,
        dc_address: BTC_ADDRESS,
        payee_account: '',
        payee_name: '',
        bank_name: '',
        bank_address: '',
        bank_swift: '',
        draw_currency: { id: 3, code: 'BTC', protocol: 'BTC' },
      },
    ]);
  });

  it('binds a bank account, keeping only the bank fields', async () => {
    const { call, user } = walletFixture(support);
    const alice = user();
    await call(
      'bindDrawMethod',
      { type: '2', draw_id: '12', dc_address: 'ignored', ...bankFields },
      alice,
    );
    const { data } = await call('getDrawMethod', { draw_type: 2 }, alice);
    expect(data).toEqual([
      {
        id: expect.any(Number),
        type: DRAW_TYPE.BANK,
        dc_address: '',
        ...bankFields,
        draw_currency: { id: 12, code: 'EUR', protocol: '' },
      },
    ]);
  });

  it('refuses a currency that is unknown or of the other kind', async () => {
    const { call, user } = walletFixture(support);
    const alice = user();
    for (const input of [
      { type: DRAW_TYPE.COIN, draw_id: 99, dc_address: TRON_ADDRESS },
      { type: DRAW_TYPE.COIN, draw_id: 11, dc_address: TRON_ADDRESS },
      { type: DRAW_TYPE.BANK, draw_id: 1, ...bankFields },
    ]) {
      const refusal = await refusalOf(() => call('bindDrawMethod', input, alice));
      expect(refusal.key, JSON.stringify(input)).toBe('wallet.currency_unknown');
    }
    expect((await call('getDrawMethod', { draw_type: 1 }, alice)).data).toEqual([]);
    expect((await call('getDrawMethod', { draw_type: 2 }, alice)).data).toEqual([]);
  });

  it('rejects a method without the fields of its kind before any handler runs', () => {
    const parse = (input: object) => routes.bindDrawMethod.request.safeParse(input).success;
    expect(parse({ type: 1, draw_id: 1, dc_address: TRON_ADDRESS })).toBe(true);
    expect(parse({ type: 1, draw_id: 1 })).toBe(false);
    expect(parse({ type: 1, draw_id: 1, dc_address: '   ' })).toBe(false);
    expect(parse({ type: 2, draw_id: 11, ...bankFields, payee_account: '' })).toBe(false);
    expect(parse({ type: 2, draw_id: 11, bank_name: 'B', payee_name: 'P' })).toBe(false);
    expect(parse({ type: 3, draw_id: 1, dc_address: TRON_ADDRESS })).toBe(false);
    expect(parse({ type: 1, dc_address: TRON_ADDRESS })).toBe(false);
  });

  it(`keeps at most ${MAX_METHODS_PER_TYPE} methods of a kind per user`, async () => {
    const { call, user, bindCoin, bindBank } = walletFixture(support);
    const alice = user();
    const ids: number[] = [];
    for (let i = 0; i < MAX_METHODS_PER_TYPE; i++)
      ids.push(await bindCoin(alice, 1, tronAddress(100 + i)));
    const full = await refusalOf(() => bindCoin(alice, 2, ethereumAddress(1)));
    expect(full.key).toBe('forbidden');
    // The limit is per kind and per user.
    await bindBank(alice);
    await bindCoin(user());
    await call('delDrawMethod', { id: ids[0] ?? 0 }, alice);
    await bindCoin(alice, 2, ethereumAddress(2));
    const { data } = await call('getDrawMethod', { draw_type: 1 }, alice);
    expect(data).toHaveLength(MAX_METHODS_PER_TYPE);
  });
});

describe('payout address checks', () => {
  it('refuses an address that is not of its network’s format, naming the network', async () => {
    const { call, user, bindCoin } = walletFixture(support);
    const alice = user();
    // The case that matters: 37 characters that look like TRC20 but carry no valid checksum.
    for (const [drawId, address, network] of [
      [1, `T${'x'.repeat(36)}`, 'TRC20'],
      [1, tronAddress(1).replace(/.$/, (last) => (last === 'a' ? 'b' : 'a')), 'TRC20'],
      [1, ethereumAddress(1), 'TRC20'],
      [2, tronAddress(1), 'ERC20'],
      [3, 'bc1qexample', 'BTC'],
    ] as const) {
      const refusal = await refusalOf(() => bindCoin(alice, drawId, address));
      expect(refusal.key).toBe('payout_address.wrong_format');
      expect(refusal.params).toEqual({ network });
    }
    expect((await call('getDrawMethod', { draw_type: 1 }, alice)).data).toEqual([]);
    // Spaces around a pasted address are not part of it.
    await bindCoin(alice, 3, `  ${bitcoinAddress(2)} `);
    const [bound] = (await call('getDrawMethod', { draw_type: 1 }, alice)).data;
    expect(bound?.dc_address).toBe(bitcoinAddress(2));
  });
});

describe('getDrawMethod', () => {
  it('lists the caller’s live methods of a kind, optionally of one currency', async () => {
    const { call, user, bindCoin, bindBank } = walletFixture(support);
    const alice = user();
    const bob = user();
    const trc = await bindCoin(alice, 1, tronAddress(21));
    const erc = await bindCoin(alice, 2, ethereumAddress(22));
    const gone = await bindCoin(alice, 1, tronAddress(23));
    await bindBank(alice);
    await bindCoin(bob, 1, tronAddress(24));
    await call('delDrawMethod', { id: gone }, alice);

    const coins = (await call('getDrawMethod', { draw_type: 1 }, alice)).data;
    expect(coins.map((m) => [m.id, m.dc_address])).toEqual([
      [trc, tronAddress(21)],
      [erc, ethereumAddress(22)],
    ]);
    const trcOnly = (await call('getDrawMethod', { draw_type: 1, draw_id: '1' }, alice)).data;
    expect(trcOnly.map((m) => m.id)).toEqual([trc]);
    expect((await call('getDrawMethod', { draw_type: 1, draw_id: 4 }, alice)).data).toEqual([]);
    expect((await call('getDrawMethod', { draw_type: 2 }, alice)).data).toHaveLength(1);
    expect(routes.getDrawMethod.request.safeParse({ draw_type: 0 }).success).toBe(false);
    expect(routes.getDrawMethod.request.safeParse({}).success).toBe(false);
  });
});

describe('delDrawMethod', () => {
  it('soft-deletes the caller’s own method once', async () => {
    const { call, user, bindCoin, deps } = walletFixture(support);
    const alice = user();
    const id = await bindCoin(alice);
    expect(await call('delDrawMethod', { id }, alice)).toEqual({
      data: null,
      key: 'wallet.method_deleted',
    });
    const row = deps.db.prepare('SELECT deleted FROM draw_methods WHERE id = ?').get(id);
    expect(row).toEqual({ deleted: 1 });
    const again = await refusalOf(() => call('delDrawMethod', { id }, alice));
    expect(again.key).toBe('wallet.method_not_found');
  });

  it('refuses someone else’s method and an unknown id', async () => {
    const { call, user, bindCoin } = walletFixture(support);
    const alice = user();
    const bob = user();
    const bobs = await bindCoin(bob);
    for (const id of [bobs, 9999]) {
      const refusal = await refusalOf(() => call('delDrawMethod', { id }, alice));
      expect(refusal.key).toBe('wallet.method_not_found');
    }
    expect((await call('getDrawMethod', { draw_type: 1 }, bob)).data).toHaveLength(1);
    expect(routes.delDrawMethod.request.safeParse({ id: 'x' }).success).toBe(false);
    expect(routes.delDrawMethod.request.safeParse({ id: 0 }).success).toBe(false);
  });
});
