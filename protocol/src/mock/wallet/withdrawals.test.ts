import { describe, expect, it } from 'vitest';
import { fromMicros } from '../../arithmetic/money.js';
import { receivedAmountMicros, withdrawFeeMicros } from '../../arithmetic/withdraw.js';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { DRAW_TYPE, WITHDRAW_STATUS } from '../../schemas/wallet.js';
import { Messages } from '../messages.js';
import { LEDGER_KIND } from '../services/ledger.js';
import * as support from '../test-support.js';
import { refusalOf } from '../test-support.js';
import { withdrawCurrency } from './catalogue.js';
import { bitcoinAddress, ethereumAddress, tronAddress } from './test-support/addresses.js';
import { walletFixture } from './test-support/wallet.js';
import { withdrawalReviewSchema } from './withdrawals.js';

const ALICE_TRON = tronAddress(11);
const KEPT_TRON = tronAddress(12);

const NOON_1_MARCH_2025 = Date.UTC(2025, 2, 1, 12);

/** A fixture on 1 March 2025, noon UTC, with Alice holding `balance`. */
function setup(balance = '1000') {
  const fx = walletFixture(support);
  fx.deps.clock.advance(NOON_1_MARCH_2025 - fx.deps.clock.now());
  const alice = fx.user(balance);

  /** Balance, frozen balance and ledger sum of Alice, as decimal text. */
  function money() {
    const { balance: cash, lock } = fx.ledger.balances(alice.id);
    return {
      balance: fromMicros(cash),
      lock: fromMicros(lock),
      sum: fromMicros(fx.ledger.sum(alice.id)),
    };
  }
  return { ...fx, alice, money };
}

describe('drawSymbolList', () => {
  it('lists the withdraw currencies of one kind with their fee terms', async () => {
    const { call, alice } = setup();
    const coins = (await call('drawSymbolList', { type: DRAW_TYPE.COIN }, alice)).data;
    expect(coins.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(coins[0]).toEqual({
      id: 1,
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
    });
    const banks = (await call('drawSymbolList', { type: '2' }, alice)).data;
    expect(banks.map((c) => c.code)).toEqual(['USD', 'EUR', 'HKD']);
    expect(routes.drawSymbolList.request.safeParse({ type: 0 }).success).toBe(false);
  });
});

describe('draw', () => {
  it('takes and freezes the amount, records it under review, with a fixed fee', async () => {
    const fx = setup('1000');
    const method = await fx.bindCoin(fx.alice, 1, ALICE_TRON);
    const result = await fx.call(
      'draw',
      { draw_currency_id: 1, number: '100', memo: 'rent', draw_method_id: method },
      fx.alice,
    );
    expect(result).toEqual({ data: null, key: 'wallet.withdraw_submitted' });
    expect(fx.money()).toEqual({ balance: '900', lock: '100', sum: '900' });
    expect(fx.ledger.page(fx.alice.id, 1, 20, 'en').list[0]).toMatchObject({
      Value: '-100',
      Type: LEDGER_KIND.WITHDRAW,
      MemoTran: 'Withdrawal W20250301000001',
    });
    const { data } = await fx.call('drawList', { type: DRAW_TYPE.COIN }, fx.alice);
    expect(data).toEqual({
      total: 1,
      data: [
        {
          id: 1,
          number: '100',
          real_number: '99.00',
          fee: '1',
          status: WITHDRAW_STATUS.REVIEWING,
          status_name: 'Under review',
          created_at: '2025-03-01 12:00:00',
          type: DRAW_TYPE.COIN,
          address: ALICE_TRON,
          payee_account: '',
          notes: 'rent',
          draw_currency: { code: 'USDT' },
        },
      ],
    });
  });

  it('computes percentage and fixed fees with the withdraw arithmetic, usd_price included', async () => {
    const fx = setup('10000');
    const cases = [
      { currencyId: 11, amount: '200', fee: '2', received: '198.00' },
      { currencyId: 12, amount: '200', fee: '3', received: '183.21' },
      { currencyId: 13, amount: '100', fee: '3', received: '756.60' },
    ];
    for (const { currencyId, amount } of cases) {
      const method = await fx.bindBank(fx.alice, currencyId);
      await fx.call(
        'draw',
        { draw_currency_id: currencyId, number: amount, draw_method_id: method },
        fx.alice,
      );
    }
    const records = (await fx.call('drawList', { type: DRAW_TYPE.BANK }, fx.alice)).data.data;
    expect(
      records.reverse().map((r) => [r.draw_currency.code, r.number, r.fee, r.real_number]),
    ).toEqual(
      cases.map((c) => [withdrawCurrency(c.currencyId)?.code, c.amount, c.fee, c.received]),
    );
    for (const { currencyId, amount, fee, received } of cases) {
      const currency = withdrawCurrency(currencyId);
      if (!currency) throw new Error('unknown currency');
      expect(fromMicros(withdrawFeeMicros(amount, currency))).toBe(fee);
      expect(fromMicros(receivedAmountMicros(amount, currency), 2)).toBe(received);
    }
    expect(records[0]).toMatchObject({ address: '', payee_account: '123456789', type: 2 });
    expect(fx.money()).toEqual({ balance: '9500', lock: '500', sum: '9500' });
  });

  it('lets the whole balance go, but no more, and never the frozen part', async () => {
    const fx = setup('300');
    const method = await fx.bindCoin(fx.alice);
    const over = await refusalOf(() =>
      fx.call('draw', { draw_currency_id: 1, number: '300.01', draw_method_id: method }, fx.alice),
    );
    expect(over.key).toBe('wallet.insufficient_balance');
    expect(fx.money()).toEqual({ balance: '300', lock: '0', sum: '300' });
    await fx.call('draw', { draw_currency_id: 1, number: '200', draw_method_id: method }, fx.alice);
    const frozen = await refusalOf(() =>
      fx.call('draw', { draw_currency_id: 1, number: '101', draw_method_id: method }, fx.alice),
    );
    expect(frozen.key).toBe('wallet.insufficient_balance');
    await fx.call('draw', { draw_currency_id: 1, number: '100', draw_method_id: method }, fx.alice);
    expect(fx.money()).toEqual({ balance: '0', lock: '300', sum: '0' });
    expect((await fx.call('drawList', { type: 1 }, fx.alice)).data.total).toBe(2);
  });

  it('refuses an amount the fee eats, and one too small to be money', async () => {
    const fx = setup();
    const method = await fx.bindCoin(fx.alice);
    // USDT-TRC20 takes a fixed 1: 1 leaves nothing, 1.004 leaves less than a cent.
    for (const number of ['0.5', '1', '1.004']) {
      const refusal = await refusalOf(() =>
        fx.call('draw', { draw_currency_id: 1, number, draw_method_id: method }, fx.alice),
      );
      expect(refusal.key, number).toBe('wallet.amount_below_fee');
    }
    const dust = await refusalOf(() =>
      fx.call(
        'draw',
        { draw_currency_id: 1, number: '0.0000001', draw_method_id: method },
        fx.alice,
      ),
    );
    expect(dust.key).toBe('wallet.amount_invalid');
    await fx.call(
      'draw',
      { draw_currency_id: 1, number: '1.01', draw_method_id: method },
      fx.alice,
    );
    const record = (await fx.call('drawList', { type: 1 }, fx.alice)).data.data[0];
    expect(record).toMatchObject({ number: '1.01', fee: '1', real_number: '0.01' });
    expect(fx.money()).toEqual({ balance: '998.99', lock: '1.01', sum: '998.99' });
  });

  it('refuses an unknown currency, and a method that is not the caller’s live one of it', async () => {
    const fx = setup();
    const bob = fx.user();
    const trc = await fx.bindCoin(fx.alice, 1);
    const deleted = await fx.bindCoin(fx.alice, 1, tronAddress(2));
    await fx.call('delDrawMethod', { id: deleted }, fx.alice);
    const bobs = await fx.bindCoin(bob, 1);
    const unknown = await refusalOf(() =>
      fx.call('draw', { draw_currency_id: 99, number: 10, draw_method_id: trc }, fx.alice),
    );
    expect(unknown.key).toBe('wallet.currency_unknown');
    for (const [currency, method] of [
      [2, trc],
      [1, deleted],
      [1, bobs],
      [1, 9999],
    ] as const) {
      const refusal = await refusalOf(() =>
        fx.call(
          'draw',
          { draw_currency_id: currency, number: 10, draw_method_id: method },
          fx.alice,
        ),
      );
      expect(refusal.key, `${currency}/${method}`).toBe('wallet.method_not_found');
    }
    expect(fx.money()).toEqual({ balance: '1000', lock: '0', sum: '1000' });
  });

  it('rejects malformed input before any handler runs', () => {
    const valid = { draw_currency_id: 1, number: '10', draw_method_id: 1 };
    expect(routes.draw.request.safeParse(valid).success).toBe(true);
    for (const bad of [
      { ...valid, number: '0' },
      { ...valid, number: 'lots' },
      { ...valid, memo: 'x'.repeat(201) },
      { draw_currency_id: 1, number: '10' },
      { ...valid, draw_currency_id: 1.5 },
    ]) {
      expect(routes.draw.request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('received amounts in the payout currency', () => {
  it('pays and records BTC to 8 decimals, the same text the preview shows', async () => {
    const fx = setup('1000');
    const method = await fx.bindCoin(fx.alice, 3, bitcoinAddress(5));
    await fx.call('draw', { draw_currency_id: 3, number: '100', draw_method_id: method }, fx.alice);
    const [record] = (await fx.call('drawList', { type: 1 }, fx.alice)).data.data;
    // 0.5 % fee, then (100 − 0.5) × 0.0000154: two decimals would read 0.00.
    expect(record).toMatchObject({ number: '100', fee: '0.5', real_number: '0.00153230' });
    expect(record?.draw_currency.code).toBe('BTC');
  });
});

describe('withdrawal review (control)', () => {
  async function pending(fx: ReturnType<typeof setup>, amount: string) {
    const method = await fx.bindCoin(fx.alice, 2, ethereumAddress(1));
    await fx.call(
      'draw',
      { draw_currency_id: 2, number: amount, draw_method_id: method },
      fx.alice,
    );
    const latest = (await fx.call('drawList', { type: 1 }, fx.alice)).data.data[0];
    if (!latest) throw new Error('withdrawal not recorded');
    return latest;
  }

  it('completes: the frozen amount leaves and nothing is booked again', async () => {
    const fx = setup('1000');
    const withdrawal = await pending(fx, '400');
    expect(fx.money()).toEqual({ balance: '600', lock: '400', sum: '600' });
    const answer = fx.control('POST', '/withdrawals/review', { id: withdrawal.id, approve: true });
    expect(answer).toEqual({
      id: withdrawal.id,
      number: 'W20250301000001',
      status: WITHDRAW_STATUS.PAID,
      balance: '600',
      lock_balance: '0',
    });
    expect(fx.money()).toEqual({ balance: '600', lock: '0', sum: '600' });
    expect(fx.ledger.page(fx.alice.id, 1, 20, 'en').total).toBe(2);
    const record = (await fx.call('drawList', { type: 1 }, fx.alice)).data.data[0];
    expect(record).toMatchObject({ status: WITHDRAW_STATUS.PAID, status_name: 'Completed' });
  });

  it('rejects: refunds with a WITHDRAW_REFUND row, unfreezes, and shows the notes', async () => {
    const fx = setup('1000');
    await pending(fx, '400');
    fx.control('POST', '/withdrawals/review', {
      number: 'W20250301000001',
      approve: false,
      notes: 'address on a sanctions list',
    });
    expect(fx.money()).toEqual({ balance: '1000', lock: '0', sum: '1000' });
    expect(fx.ledger.page(fx.alice.id, 1, 20, 'en').list[0]).toMatchObject({
      Value: '400',
      Type: LEDGER_KIND.WITHDRAW_REFUND,
      MemoTran: 'Withdrawal W20250301000001 refunded',
    });
    const record = (await fx.call('drawList', { type: 1 }, fx.alice, 'fr')).data.data[0];
    expect(record).toMatchObject({
      status: WITHDRAW_STATUS.REJECTED,
      // In the caller's language (its locale file), the notes as the desk wrote them.
      status_name: new Messages().t('fr', 'withdraw_status.rejected'),
      notes: 'address on a sanctions list',
      fee: '5',
      real_number: '395.00',
    });
  });

  it('reviews a withdrawal once only, and says so for an unknown one', async () => {
    const fx = setup('1000');
    const withdrawal = await pending(fx, '100');
    fx.control('POST', '/withdrawals/review', { id: withdrawal.id, approve: false });
    const again = await refusalOf(() =>
      fx.control('POST', '/withdrawals/review', { id: withdrawal.id, approve: true }),
    );
    expect(again.code).toBe(CODE.FAILED);
    expect(again.details).toMatch(/already reviewed/);
    const unknown = await refusalOf(() =>
      fx.control('POST', '/withdrawals/review', { id: 777, approve: true }),
    );
    expect(unknown.code).toBe(CODE.NOT_FOUND);
    expect(fx.money()).toEqual({ balance: '1000', lock: '0', sum: '1000' });
    expect(withdrawalReviewSchema.safeParse({ approve: true }).success).toBe(false);
    expect(withdrawalReviewSchema.safeParse({ id: 1, approve: 'yes' }).success).toBe(false);
  });

  it('lists withdrawals for the control API, by status and user', async () => {
    const fx = setup('1000');
    const first = await pending(fx, '100');
    await pending(fx, '50');
    fx.control('POST', '/withdrawals/review', { id: first.id, approve: true });
    expect(fx.control('GET', '/withdrawals', { status: '0', uid: fx.alice.uid })).toEqual([
      expect.objectContaining({
        number: 'W20250301000002',
        currency: 'USDT',
        amount: '50',
        fee: '5',
        received: '45.00',
        status: 0,
      }),
    ]);
    expect(fx.control('GET', '/withdrawals', { status: 1 })).toHaveLength(1);
  });
});

describe('drawList', () => {
  it('pages one kind of the caller’s withdrawals, newest first, 10 a page', async () => {
    const fx = setup('1000');
    const bob = fx.user();
    const coin = await fx.bindCoin(fx.alice, 1, KEPT_TRON);
    for (let i = 1; i <= 12; i++) {
      await fx.call(
        'draw',
        { draw_currency_id: 1, number: String(10 + i), draw_method_id: coin },
        fx.alice,
      );
    }
    // A deleted method still names where the money went.
    await fx.call('delDrawMethod', { id: coin }, fx.alice);
    await fx.call(
      'draw',
      { draw_currency_id: 11, number: 50, draw_method_id: await fx.bindBank(fx.alice) },
      fx.alice,
    );
    await fx.call(
      'draw',
      { draw_currency_id: 1, number: 20, draw_method_id: await fx.bindCoin(bob) },
      bob,
    );

    const first = (await fx.call('drawList', { type: 1 }, fx.alice)).data;
    expect(first.total).toBe(12);
    expect(first.data.map((w) => w.number)).toEqual([
      '22',
      '21',
      '20',
      '19',
      '18',
      '17',
      '16',
      '15',
      '14',
      '13',
    ]);
    expect(first.data.every((w) => w.address === KEPT_TRON)).toBe(true);
    const second = (await fx.call('drawList', { type: 1, page: 2 }, fx.alice)).data;
    expect(second).toMatchObject({ total: 12, data: [{ number: '12' }, { number: '11' }] });
    expect((await fx.call('drawList', { type: 1, page: 3 }, fx.alice)).data).toEqual({
      total: 12,
      data: [],
    });
    expect((await fx.call('drawList', { type: 2 }, fx.alice)).data.total).toBe(1);
    expect((await fx.call('drawList', { type: 1 }, bob)).data.total).toBe(1);
    expect(fx.money()).toEqual({ balance: '752', lock: '248', sum: '752' });
    expect(routes.drawList.request.safeParse({ type: 1, page: -1 }).success).toBe(false);
  });
});
