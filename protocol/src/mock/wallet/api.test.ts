import { describe, expect, it } from 'vitest';
import { fromMicros, toMicros } from '../../arithmetic/money.js';
import { routes } from '../../routes/table.js';
import { LEDGER_KIND } from '../services/ledger.js';
import * as support from '../test-support.js';
import { refusalOf } from '../test-support.js';
import { LEDGER_PAGE_SIZE } from './api.js';
import { DEPOSIT_NETWORKS } from './catalogue.js';
import { walletFixture } from './test-support/wallet.js';

describe('createWalletService', () => {
  it('answers the wallet calls and offers the review controls', () => {
    const { wallet } = walletFixture(support);
    expect(Object.keys(wallet.handlers).sort()).toEqual(
      [
        'forexChange',
        'drawSymbolList',
        'draw',
        'drawList',
        'getDrawMethod',
        'bindDrawMethod',
        'delDrawMethod',
        'chargeSymbols',
        'chargeInfo',
        'chargeWireInfo',
        'chargeSubmit',
        'chargeWireSubmit',
        'chargeHistory',
      ].sort(),
    );
    for (const name of Object.keys(wallet.handlers)) expect(routes).toHaveProperty(name);
    expect(wallet.controls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /deposits/review',
      'GET /deposits',
      'POST /withdrawals/review',
      'GET /withdrawals',
    ]);
  });
});

describe('forexChange', () => {
  it(`pages the caller’s ledger, newest first, ${LEDGER_PAGE_SIZE} a page`, async () => {
    const { call, deps, ledger } = walletFixture(support);
    // Demo accounts see their ledger too: forexChange is a `user` call.
    const demo = support.insertUser(deps, { isDemo: true, balance: '0' });
    for (let i = 1; i <= 25; i++) {
      ledger.post(demo.id, toMicros(i), LEDGER_KIND.DEPOSIT, {
        key: 'ledger.deposit',
        params: { number: `D${i}` },
      });
    }
    const first = (await call('forexChange', {}, demo)).data;
    expect(first.total).toBe(25);
    expect(first.list).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.list[0]).toMatchObject({ Value: '25', MemoTran: 'Deposit D25' });
    const second = (await call('forexChange', { page: '2' }, demo)).data;
    expect(second.list.map((row) => row.Value)).toEqual(['5', '4', '3', '2', '1']);
    expect((await call('forexChange', { page: 3 }, demo)).data).toEqual({ total: 25, list: [] });
    expect(routes.forexChange.request.safeParse({ page: 0 }).success).toBe(false);
    expect(routes.forexChange.request.safeParse({ page: 'last' }).success).toBe(false);
  });
});

describe('the wallet end to end', () => {
  it('deposit, confirm, withdraw, reject, withdraw, complete: the ledger always sums to the balance', async () => {
    const fx = walletFixture(support);
    const alice = fx.user('0');
    const steps: string[] = [];
    const check = (label: string) => {
      const { balance, lock } = fx.ledger.balances(alice.id);
      expect(fx.ledger.sum(alice.id), label).toBe(balance);
      steps.push(`${label}: ${fromMicros(balance)}/${fromMicros(lock)}`);
    };
    const network = DEPOSIT_NETWORKS[0];
    if (!network) throw new Error('no network');

    await fx.call(
      'chargeSubmit',
      {
        number: '500',
        proofImg: fx.upload(alice),
        address: network.address,
        charge_id: network.id,
      },
      alice,
    );
    check('submitted');
    const deposit = (await fx.call('chargeHistory', { type: 0 }, alice)).data.data[0];
    fx.control('POST', '/deposits/review', { id: deposit?.id, approve: true });
    check('confirmed');
    const method = await fx.bindCoin(alice);
    await fx.call('draw', { draw_currency_id: 1, number: 200, draw_method_id: method }, alice);
    check('withdrawing');
    fx.control('POST', '/withdrawals/review', { id: 1, approve: false });
    check('refunded');
    await fx.call('draw', { draw_currency_id: 1, number: 300, draw_method_id: method }, alice);
    check('withdrawing again');
    fx.control('POST', '/withdrawals/review', { id: 2, approve: true });
    check('paid');
    expect(steps).toEqual([
      'submitted: 0/0',
      'confirmed: 500/0',
      'withdrawing: 300/200',
      'refunded: 500/0',
      'withdrawing again: 200/300',
      'paid: 200/0',
    ]);
    const ledger = (await fx.call('forexChange', { page: 1 }, alice, 'hk')).data;
    expect(ledger.list.map((row) => [row.Type, row.Value])).toEqual([
      [LEDGER_KIND.WITHDRAW, '-300'],
      [LEDGER_KIND.WITHDRAW_REFUND, '200'],
      [LEDGER_KIND.WITHDRAW, '-200'],
      [LEDGER_KIND.DEPOSIT, '500'],
    ]);
  });

  it('never lets 50 simultaneous withdrawals spend more than the balance', async () => {
    const fx = walletFixture(support);
    const alice = fx.user('1000');
    const method = await fx.bindCoin(alice);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        fx.call('draw', { draw_currency_id: 1, number: '30', draw_method_id: method }, alice),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(33);
    const refusal = await refusalOf(() =>
      fx.call('draw', { draw_currency_id: 1, number: '30', draw_method_id: method }, alice),
    );
    expect(refusal.key).toBe('wallet.insufficient_balance');
    expect(fx.ledger.balances(alice.id)).toEqual({ balance: toMicros(10), lock: toMicros(990) });
    expect(fx.ledger.sum(alice.id)).toBe(toMicros(10));
  });
});
