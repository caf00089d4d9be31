/**
 * Deposits: the networks and bank accounts to pay to, declaring a payment with its proof, the
 * history, and the review (control API) that credits the balance. Nothing reaches the balance
 * before a review approves it.
 */
import { z } from 'zod';
import { fromMicros } from '../../arithmetic/money.js';
import type { Routes } from '../../routes/table.js';
import { DEPOSIT_STATUS, FUNDS_TAB } from '../../schemas/wallet.js';
import type { MockDeps } from '../deps.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { refuse } from '../refusal.js';
import { LEDGER_KIND, type Ledger } from '../services/ledger.js';
import { formatUtc } from '../time.js';
import {
  BANK_DEPOSIT_CURRENCIES,
  BANK_OPTIONS,
  bankDepositCurrency,
  bankOption,
  DEPOSIT_NETWORKS,
  depositNetwork,
} from './catalogue.js';
import {
  amountMicros,
  MAX_DEPOSIT_MICROS,
  namesOneRecord,
  type RecordPageQuery,
  recordNumber,
  recordPage,
  reviewTargetShape,
} from './records.js';
import { createRecordReview } from './review.js';

type DepositHandlers = Pick<
  Handlers<Routes>,
  | 'chargeSymbols'
  | 'chargeInfo'
  | 'chargeWireInfo'
  | 'chargeSubmit'
  | 'chargeWireSubmit'
  | 'chargeHistory'
>;

/** Where uploaded images are served; a proof must be one of them. */
const UPLOAD_PATH = /^\/uploads\/([^/?#]+)$/;

/**
 * The stored file name a proof URL points at: `/uploads/<name>`, or an absolute URL with that
 * path (the upload answer may carry either; accepting both is this project's choice).
 */
export function uploadFileName(url: string): string | undefined {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
  }
  return UPLOAD_PATH.exec(path)?.[1];
}

/** `/__control/deposits/review` input. */
export const depositReviewSchema = z
  .object({
    ...reviewTargetShape,
    approve: z.boolean(),
    remark: z.string().trim().max(500).optional(),
    /** A rejection ends as 2 rejected (the default) or 3 invalid. */
    status: z.literal([DEPOSIT_STATUS.REJECTED, DEPOSIT_STATUS.INVALID]).optional(),
  })
  .refine(namesOneRecord, 'give either id or number')
  .refine((input) => !(input.approve && input.status !== undefined), {
    message: 'status is for a rejection only',
    path: ['status'],
  });

interface NewDeposit {
  userId: number;
  type: number;
  amount: bigint;
  currency: string;
  sourceId: number;
  address: string;
  proofImg: string;
  createdAt: number;
}

interface DepositRow {
  id: bigint;
  user_id: bigint;
  number: string;
  amount_micros: bigint;
  type: bigint;
  currency_code: string;
  status: bigint;
  created_at: bigint;
  remark: string;
}

/** The deposit calls and their review. */
export function createDeposits({ db, clock }: MockDeps, ledger: Ledger) {
  const ownUpload = db.prepare('SELECT 1 FROM uploads WHERE file_name = ? AND user_id = ?');
  const nextId = db.prepare('SELECT COALESCE(MAX(id), 0) + 1 FROM deposits').pluck();
  const insert = db.prepare(
    `INSERT INTO deposits
       (id, user_id, number, type, amount_micros, currency_code, source_id, address, proof_img, created_at)
     VALUES (@id, @userId, @number, @type, @amount, @currency, @sourceId, @address, @proofImg, @createdAt)`,
  );
  const history: RecordPageQuery = {
    rows: db
      .prepare(
        `SELECT * FROM deposits WHERE user_id = ? AND type = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .safeIntegers(true),
    count: db.prepare('SELECT COUNT(*) FROM deposits WHERE user_id = ? AND type = ?').pluck(),
  };
  const records = createRecordReview<DepositRow>(db, {
    table: 'deposits',
    noun: 'deposit',
    noteColumn: 'remark',
    awaiting: DEPOSIT_STATUS.UNCHECKED,
    lastStatus: DEPOSIT_STATUS.INVALID,
  });

  /** Refuses a proof that is not an image this user uploaded. */
  function requireOwnUpload(userId: number, proofImg: string): void {
    const fileName = uploadFileName(proofImg);
    if (!fileName || !ownUpload.get(fileName, userId)) refuse('upload.not_found');
  }

  /** Records a pending deposit; its number needs its id, so both are set in one transaction. */
  const create = db.transaction((deposit: NewDeposit): string => {
    const id = nextId.get() as number;
    const number = recordNumber('D', deposit.createdAt, id);
    insert.run({ ...deposit, id, number });
    return number;
  });

  const handlers: DepositHandlers = {
    chargeSymbols: () => DEPOSIT_NETWORKS.map((network) => ({ ...network })),

    chargeInfo: () => BANK_DEPOSIT_CURRENCIES.map((currency) => ({ ...currency })),

    chargeWireInfo({ bank_coin }) {
      if (!bankDepositCurrency(bank_coin)) refuse('wallet.currency_unknown');
      return BANK_OPTIONS.filter((option) => option.bank_coin === bank_coin).map(
        ({ bank_coin: _currency, ...option }) => option,
      );
    },

    chargeSubmit(input, ctx) {
      const caller = callerOf(ctx);
      const network = depositNetwork(input.charge_id) ?? refuse('wallet.pay_way_unavailable');
      // The form sends the address it showed: another one means a stale or forged form, and a
      // real desk could not match the payment (this project's choice).
      if (input.address !== network.address) refuse('wallet.pay_way_unavailable');
      const amount = amountMicros(input.number, MAX_DEPOSIT_MICROS);
      requireOwnUpload(caller.id, input.proofImg);
      create({
        userId: caller.id,
        type: FUNDS_TAB.COIN,
        amount,
        currency: network.currency_code,
        sourceId: network.id,
        address: network.address,
        proofImg: input.proofImg,
        createdAt: clock.now(),
      });
      return reply(null, 'wallet.deposit_submitted');
    },

    chargeWireSubmit(input, ctx) {
      const caller = callerOf(ctx);
      const option = bankOption(input.wire_id) ?? refuse('wallet.no_pay_way');
      const currency = bankDepositCurrency(option.bank_coin) ?? refuse('wallet.no_pay_way');
      const amount = amountMicros(input.number, MAX_DEPOSIT_MICROS);
      requireOwnUpload(caller.id, input.proofImg);
      create({
        userId: caller.id,
        type: FUNDS_TAB.BANK,
        amount,
        currency: currency.name,
        sourceId: option.id,
        address: option.payee_account,
        proofImg: input.proofImg,
        createdAt: clock.now(),
      });
      return reply(null, 'wallet.deposit_submitted');
    },

    chargeHistory({ type, page }, ctx) {
      return recordPage(history, callerOf(ctx).id, type, page, (row: DepositRow) => ({
        id: Number(row.id),
        number: fromMicros(row.amount_micros),
        type: Number(row.type),
        currency_code: row.currency_code,
        status: Number(row.status),
        created_at: formatUtc(Number(row.created_at)),
        remark: row.remark,
      }));
    },
  };

  /**
   * Approves (credits the amount: a DEPOSIT ledger row) or rejects a pending deposit, in one
   * transaction. Only a deposit still unchecked can be reviewed.
   */
  const review = db.transaction((input: z.output<typeof depositReviewSchema>) => {
    const row = records.awaiting(input);
    const status = input.approve
      ? DEPOSIT_STATUS.FINISHED
      : (input.status ?? DEPOSIT_STATUS.REJECTED);
    records.setVerdict(row, status, input.remark, clock.now());
    const userId = Number(row.user_id);
    if (input.approve) {
      ledger.post(userId, row.amount_micros, LEDGER_KIND.DEPOSIT, {
        key: 'ledger.deposit',
        params: { number: row.number },
      });
    }
    return {
      id: Number(row.id),
      number: row.number,
      status,
      balance: fromMicros(ledger.balances(userId).balance),
    };
  });

  const controls = records.controls({
    reviewSummary:
      'Reviews a pending deposit named by id or number: approve credits the balance; a rejection sets status 2 (or 3 invalid) with an optional remark.',
    reviewInput: depositReviewSchema,
    review: (input) => review(input),
    listed: (row) => ({
      amount: fromMicros(row.amount_micros),
      currency_code: row.currency_code,
      status: Number(row.status),
      created_at: formatUtc(Number(row.created_at)),
      remark: row.remark,
    }),
  });

  return { handlers, controls };
}
