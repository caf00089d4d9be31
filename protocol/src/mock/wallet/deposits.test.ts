import { describe, expect, it } from 'vitest';
import { fromMicros, toMicros } from '../../arithmetic/money.js';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { DEPOSIT_STATUS, FUNDS_TAB } from '../../schemas/wallet.js';
import { Messages } from '../messages.js';
import { LEDGER_KIND } from '../services/ledger.js';
import * as support from '../test-support.js';
import { refusalOf } from '../test-support.js';
import { BANK_OPTIONS, DEPOSIT_NETWORKS } from './catalogue.js';
import { depositReviewSchema, uploadFileName } from './deposits.js';
import { walletFixture } from './test-support/wallet.js';

const TRC20 = DEPOSIT_NETWORKS[0] as (typeof DEPOSIT_NETWORKS)[number];
const NOON_1_MARCH_2025 = Date.UTC(2025, 2, 1, 12);

/** A fixture whose clock reads 1 March 2025, noon UTC, and a funded real user. */
function setup(balance = '100') {
  const fx = walletFixture(support);
  fx.deps.clock.advance(NOON_1_MARCH_2025 - fx.deps.clock.now());
  return { ...fx, alice: fx.user(balance) };
}

interface DepositDbRow {
  number: string;
  type: number;
  amount_micros: number;
  currency_code: string;
  source_id: number;
  status: number;
  remark: string;
}

function depositRows(fx: ReturnType<typeof setup>): DepositDbRow[] {
  return fx.deps.db.prepare('SELECT * FROM deposits ORDER BY id').all() as DepositDbRow[];
}

describe('deposit catalogue calls', () => {
  it('lists the coin networks and the bank deposit currencies', async () => {
    const { call, alice } = setup();
    const networks = (await call('chargeSymbols', {}, alice)).data;
    expect(networks.map((n) => `${n.currency_code}-${n.protocol_code}`)).toEqual([
      'USDT-TRC20',
      'USDT-ERC20',
      'BTC-BTC',
      'ETH-ERC20',
    ]);
    expect((await call('chargeInfo', {}, alice)).data.map((c) => c.name)).toEqual([
      'USD',
      'EUR',
      'HKD',
    ]);
  });

  it('lists the bank accounts of one deposit currency, without internal fields', async () => {
    const { call, alice } = setup();
    const { data } = await call('chargeWireInfo', { bank_coin: '1' }, alice);
    expect(data.map((o) => o.id)).toEqual([1, 2]);
    expect(data[0]).not.toHaveProperty('bank_coin');
    expect((await call('chargeWireInfo', { bank_coin: 3 }, alice)).data[0]?.bank_swift).toBe(
      'VHBKHKHH',
    );
  });

  it('refuses the bank accounts of an unknown currency, and a bank_coin that is not an id', async () => {
    const { call, alice } = setup();
    const refusal = await refusalOf(() => call('chargeWireInfo', { bank_coin: 77 }, alice));
    expect(refusal.key).toBe('wallet.currency_unknown');
    expect(routes.chargeWireInfo.request.safeParse({ bank_coin: 'usd' }).success).toBe(false);
    expect(routes.chargeWireInfo.request.safeParse({ bank_coin: 0 }).success).toBe(false);
    expect(routes.chargeWireInfo.request.safeParse({}).success).toBe(false);
  });
});

describe('chargeSubmit (coin deposit)', () => {
  it('records a pending deposit with a dated unique number, and leaves the balance alone', async () => {
    const fx = setup('100');
    const { call, alice, ledger } = fx;
    const result = await call(
      'chargeSubmit',
      { number: '250.5', proofImg: fx.upload(alice), address: TRC20.address, charge_id: TRC20.id },
      alice,
    );
    expect(result).toEqual({ data: null, key: 'wallet.deposit_submitted' });
    expect(depositRows(fx)).toEqual([
      expect.objectContaining({
        number: 'D20250301000001',
        type: FUNDS_TAB.COIN,
        amount_micros: 250_500_000,
        currency_code: 'USDT',
        source_id: TRC20.id,
        status: DEPOSIT_STATUS.UNCHECKED,
      }),
    ]);
    expect(ledger.balances(alice.id)).toEqual({ balance: toMicros('100'), lock: 0n });
    expect(ledger.page(alice.id, 1, 20, 'en').total).toBe(1);
  });

  it('accepts the largest allowed amount and an absolute URL of an upload', async () => {
    const fx = setup();
    const proof = `http://127.0.0.1:8080${fx.upload(fx.alice)}`;
    await fx.call(
      'chargeSubmit',
      { number: '1000000', proofImg: proof, address: TRC20.address, charge_id: TRC20.id },
      fx.alice,
    );
    expect(depositRows(fx)[0]?.amount_micros).toBe(1_000_000_000_000);
  });

  it('refuses an unknown network, and an address that is not the network’s', async () => {
    const fx = setup();
    const proofImg = fx.upload(fx.alice);
    const unknown = await refusalOf(() =>
      fx.call(
        'chargeSubmit',
        { number: 10, proofImg, address: TRC20.address, charge_id: 99 },
        fx.alice,
      ),
    );
    expect(unknown.key).toBe('wallet.pay_way_unavailable');
    const elsewhere = await refusalOf(() =>
      fx.call(
        'chargeSubmit',
        { number: 10, proofImg, address: DEPOSIT_NETWORKS[1]?.address ?? '', charge_id: TRC20.id },
        fx.alice,
      ),
    );
    expect(elsewhere.key).toBe('wallet.pay_way_unavailable');
    expect(depositRows(fx)).toEqual([]);
  });

  it('refuses a proof that is not an upload of this user', async () => {
    const fx = setup();
    const bob = fx.user();
    const proofs = [
      fx.upload(bob),
      '/uploads/never-uploaded.png',
      '/images/elsewhere.png',
      'https://example.com/elsewhere.png',
      fx.upload(fx.alice).replace('/uploads/', '/uploads/x/'),
    ];
    for (const proofImg of proofs) {
      const refusal = await refusalOf(() =>
        fx.call(
          'chargeSubmit',
          { number: 10, proofImg, address: TRC20.address, charge_id: TRC20.id },
          fx.alice,
        ),
      );
      expect(refusal.key, proofImg).toBe('upload.not_found');
    }
    expect(depositRows(fx)).toEqual([]);
  });

  it('refuses an amount below one micro-unit or above 1,000,000', async () => {
    const fx = setup();
    const proofImg = fx.upload(fx.alice);
    for (const number of ['0.0000001', '1000000.01']) {
      const refusal = await refusalOf(() =>
        fx.call(
          'chargeSubmit',
          { number, proofImg, address: TRC20.address, charge_id: 1 },
          fx.alice,
        ),
      );
      expect(refusal.key, number).toBe('wallet.amount_invalid');
    }
  });

  it('rejects malformed input before any handler runs', () => {
    const valid = { number: '10', proofImg: '/uploads/a.png', address: 'T1', charge_id: 1 };
    expect(routes.chargeSubmit.request.safeParse(valid).success).toBe(true);
    for (const bad of [
      { ...valid, number: '0' },
      { ...valid, number: '-5' },
      { ...valid, number: 'ten' },
      { ...valid, proofImg: '' },
      { ...valid, address: '  ' },
      { ...valid, charge_id: 'one' },
      { number: '10', proofImg: '/uploads/a.png', address: 'T1' },
    ]) {
      expect(routes.chargeSubmit.request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('chargeWireSubmit (bank deposit)', () => {
  it('records a pending bank deposit in the currency of the bank account', async () => {
    const fx = setup();
    const eurAccount = BANK_OPTIONS.find((o) => o.bank_coin === 2);
    const result = await fx.call(
      'chargeWireSubmit',
      { number: '80', proofImg: fx.upload(fx.alice), wire_id: eurAccount?.id ?? 0 },
      fx.alice,
    );
    expect(result.key).toBe('wallet.deposit_submitted');
    expect(depositRows(fx)).toEqual([
      expect.objectContaining({
        type: FUNDS_TAB.BANK,
        currency_code: 'EUR',
        source_id: eurAccount?.id,
        amount_micros: 80_000_000,
        status: DEPOSIT_STATUS.UNCHECKED,
      }),
    ]);
    expect(fx.ledger.balances(fx.alice.id).balance).toBe(toMicros('100'));
  });

  it('refuses an unknown bank account, a foreign proof and a bad amount', async () => {
    const fx = setup();
    const proofImg = fx.upload(fx.alice);
    const noWay = await refusalOf(() =>
      fx.call('chargeWireSubmit', { number: 10, proofImg, wire_id: 99 }, fx.alice),
    );
    expect(noWay.key).toBe('wallet.no_pay_way');
    const foreign = await refusalOf(() =>
      fx.call(
        'chargeWireSubmit',
        { number: 10, proofImg: fx.upload(fx.user()), wire_id: 1 },
        fx.alice,
      ),
    );
    expect(foreign.key).toBe('upload.not_found');
    const tooMuch = await refusalOf(() =>
      fx.call('chargeWireSubmit', { number: '2000000', proofImg, wire_id: 1 }, fx.alice),
    );
    expect(tooMuch.key).toBe('wallet.amount_invalid');
    expect(routes.chargeWireSubmit.request.safeParse({ number: 10, proofImg }).success).toBe(false);
    expect(depositRows(fx)).toEqual([]);
  });
});

describe('chargeHistory', () => {
  it('pages one tab of the caller’s deposits, newest first, 10 a page', async () => {
    const fx = setup();
    const bob = fx.user();
    const proofImg = fx.upload(fx.alice);
    for (let i = 1; i <= 12; i++) {
      await fx.call(
        'chargeSubmit',
        { number: String(i), proofImg, address: TRC20.address, charge_id: TRC20.id },
        fx.alice,
      );
    }
    await fx.call('chargeWireSubmit', { number: '500', proofImg, wire_id: 1 }, fx.alice);
    await fx.call(
      'chargeSubmit',
      { number: '7', proofImg: fx.upload(bob), address: TRC20.address, charge_id: TRC20.id },
      bob,
    );

    const first = (await fx.call('chargeHistory', { type: FUNDS_TAB.COIN }, fx.alice)).data;
    expect(first.total).toBe(12);
    expect(first.data.map((d) => d.number)).toEqual([
      '12',
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
    ]);
    expect(first.data[0]).toEqual({
      id: 12,
      number: '12',
      type: FUNDS_TAB.COIN,
      currency_code: 'USDT',
      status: DEPOSIT_STATUS.UNCHECKED,
      created_at: '2025-03-01 12:00:00',
      remark: '',
    });
    const second = (await fx.call('chargeHistory', { type: 0, page: '2' }, fx.alice)).data;
    expect(second).toMatchObject({ total: 12, data: [{ number: '2' }, { number: '1' }] });
    const bank = (await fx.call('chargeHistory', { type: FUNDS_TAB.BANK }, fx.alice)).data;
    expect(bank).toMatchObject({ total: 1, data: [{ number: '500', currency_code: 'USD' }] });
    const bobs = (await fx.call('chargeHistory', { type: 0 }, bob)).data;
    expect(bobs).toMatchObject({ total: 1, data: [{ number: '7' }] });
    expect(routes.chargeHistory.request.safeParse({ type: 2 }).success).toBe(false);
    expect(routes.chargeHistory.request.safeParse({ type: 0, page: 0 }).success).toBe(false);
  });
});

describe('deposit review (control)', () => {
  async function pendingDeposit(fx: ReturnType<typeof setup>, amount = '250') {
    await fx.call(
      'chargeSubmit',
      {
        number: amount,
        proofImg: fx.upload(fx.alice),
        address: TRC20.address,
        charge_id: TRC20.id,
      },
      fx.alice,
    );
    const latest = (await fx.call('chargeHistory', { type: 0 }, fx.alice)).data.data[0];
    if (!latest) throw new Error('deposit not recorded');
    return latest;
  }

  it('credits the balance with a DEPOSIT ledger row when approved', async () => {
    const fx = setup('100');
    const deposit = await pendingDeposit(fx, '250.25');
    const answer = fx.control('POST', '/deposits/review', { id: deposit.id, approve: true });
    expect(answer).toEqual({
      id: deposit.id,
      number: 'D20250301000001',
      status: DEPOSIT_STATUS.FINISHED,
      balance: '350.25',
    });
    expect(fx.ledger.balances(fx.alice.id)).toEqual({ balance: toMicros('350.25'), lock: 0n });
    expect(fx.ledger.sum(fx.alice.id)).toBe(toMicros('350.25'));
    const row = fx.ledger.page(fx.alice.id, 1, 20, 'en').list[0];
    expect(row).toMatchObject({
      Value: '250.25',
      Type: LEDGER_KIND.DEPOSIT,
      MemoTran: 'Deposit D20250301000001',
      CreatedAtTran: '2025-03-01 12:00:00',
    });
    // Another language reads the row in its own words, from its locale file.
    expect(fx.ledger.page(fx.alice.id, 1, 20, 'fr').list[0]?.MemoTran).toBe(
      new Messages().t('fr', 'ledger.deposit', { number: 'D20250301000001' }),
    );
    expect(new Messages().t('fr', 'ledger.deposit', { number: 'x' })).not.toBe('Deposit x');
    const history = (await fx.call('chargeHistory', { type: 0 }, fx.alice)).data;
    expect(history.data[0]?.status).toBe(DEPOSIT_STATUS.FINISHED);
  });

  it('rejects (2, or 3 invalid) without touching the balance, keeping the remark', async () => {
    const fx = setup('100');
    const first = await pendingDeposit(fx);
    const second = await pendingDeposit(fx);
    fx.control('POST', '/deposits/review', {
      number: 'D20250301000001',
      approve: false,
      remark: 'proof unreadable',
    });
    fx.control('POST', '/deposits/review', { id: second.id, approve: false, status: 3 });
    const history = (await fx.call('chargeHistory', { type: 0 }, fx.alice)).data.data;
    expect(history.map((d) => [d.id, d.status, d.remark])).toEqual([
      [second.id, DEPOSIT_STATUS.INVALID, ''],
      [first.id, DEPOSIT_STATUS.REJECTED, 'proof unreadable'],
    ]);
    expect(fx.ledger.balances(fx.alice.id).balance).toBe(toMicros('100'));
    expect(fx.ledger.page(fx.alice.id, 1, 20, 'en').total).toBe(1);
  });

  it('reviews a deposit once only, and says so for an unknown one', async () => {
    const fx = setup('100');
    const deposit = await pendingDeposit(fx);
    fx.control('POST', '/deposits/review', { id: deposit.id, approve: true });
    const again = await refusalOf(() =>
      fx.control('POST', '/deposits/review', { id: deposit.id, approve: true }),
    );
    expect(again.code).toBe(CODE.FAILED);
    expect(again.details).toMatch(/already reviewed/);
    const unknown = await refusalOf(() =>
      fx.control('POST', '/deposits/review', { number: 'D19990101000009', approve: true }),
    );
    expect(unknown.code).toBe(CODE.NOT_FOUND);
    expect(fx.ledger.balances(fx.alice.id).balance).toBe(toMicros('350'));
  });

  it('wants one record and a status only for a rejection', () => {
    expect(depositReviewSchema.safeParse({ id: 1, approve: true }).success).toBe(true);
    expect(depositReviewSchema.safeParse({ approve: true }).success).toBe(false);
    expect(depositReviewSchema.safeParse({ id: 1, number: 'D1', approve: true }).success).toBe(
      false,
    );
    expect(depositReviewSchema.safeParse({ id: 1, approve: true, status: 3 }).success).toBe(false);
    expect(depositReviewSchema.safeParse({ id: 1, approve: false, status: 1 }).success).toBe(false);
  });

  it('lists deposits for the control API, by status and user', async () => {
    const fx = setup();
    const deposit = await pendingDeposit(fx, '42');
    await pendingDeposit(fx, '43');
    fx.control('POST', '/deposits/review', { id: deposit.id, approve: true });
    const pending = fx.control('GET', '/deposits', { status: '0', uid: fx.alice.uid });
    expect(pending).toEqual([
      expect.objectContaining({
        amount: '43',
        status: 0,
        uid: fx.alice.uid,
        number: 'D20250301000002',
      }),
    ]);
    expect(fx.control('GET', '/deposits', {})).toHaveLength(2);
    expect(fx.control('GET', '/deposits', { uid: 'nobody' })).toEqual([]);
    expect(fromMicros(fx.ledger.sum(fx.alice.id))).toBe('142');
  });
});

describe('uploadFileName', () => {
  it('reads the file name of an upload path or URL, and nothing else', () => {
    expect(uploadFileName('/uploads/a1.png')).toBe('a1.png');
    expect(uploadFileName('https://mock.local:9/uploads/a1.png')).toBe('a1.png');
    expect(uploadFileName('/uploads/')).toBeUndefined();
    expect(uploadFileName('/uploads/a/b.png')).toBeUndefined();
    expect(uploadFileName('uploads/a.png')).toBeUndefined();
    expect(uploadFileName('http://[bad/uploads/a.png')).toBeUndefined();
  });
});
