/**
 * Withdrawals: the currencies offered, the request that freezes the amount, the records, and the
 * review (control API) that completes or refunds it.
 *
 * The amount (`number`) is in the account currency, USD (this project's choice): it is what
 * leaves the balance. The fee and the received amount come from arithmetic/withdraw.ts applied to
 * that same amount, exactly as the withdraw screen's preview computes them, so the record and the
 * preview agree to the last decimal of the payout currency (8 for BTC, 2 for USDT…).
 */
import { z } from 'zod';
import { fromMicros } from '../../arithmetic/money.js';
import {
  currencyAmountText,
  receivedAmountMicros,
  receivedAmountUnits,
  withdrawFeeMicros,
} from '../../arithmetic/withdraw.js';
import type { Routes } from '../../routes/table.js';
import { DRAW_TYPE, WITHDRAW_STATUS } from '../../schemas/wallet.js';
import type { MockDeps } from '../deps.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import type { MessageKey } from '../messages.js';
import { refuse } from '../refusal.js';
import { LEDGER_KIND, type Ledger } from '../services/ledger.js';
import { formatUtc } from '../time.js';
import { WITHDRAW_CURRENCIES, withdrawCurrency } from './catalogue.js';
import type { Methods } from './methods.js';
import {
  amountMicros,
  namesOneRecord,
  type RecordPageQuery,
  recordNumber,
  recordPage,
  reviewTargetShape,
} from './records.js';
import { createRecordReview } from './review.js';

type WithdrawHandlers = Pick<Handlers<Routes>, 'drawSymbolList' | 'draw' | 'drawList'>;

/** The localized name of each withdrawal state (`status_name`). */
const STATUS_NAME: Record<number, MessageKey> = {
  [WITHDRAW_STATUS.REVIEWING]: 'withdraw_status.pending',
  [WITHDRAW_STATUS.PAID]: 'withdraw_status.completed',
  [WITHDRAW_STATUS.REJECTED]: 'withdraw_status.rejected',
};

/** `/__control/withdrawals/review` input. */
export const withdrawalReviewSchema = z
  .object({
    ...reviewTargetShape,
    approve: z.boolean(),
    notes: z.string().trim().max(500).optional(),
  })
  .refine(namesOneRecord, 'give either id or number');

interface NewWithdrawal {
  userId: number;
  type: number;
  currencyId: number;
  methodId: number;
  amount: bigint;
  fee: bigint;
  received: bigint;
  memo: string;
  createdAt: number;
}

interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  number: string;
  type: bigint;
  draw_currency_id: bigint;
  amount_micros: bigint;
  fee_micros: bigint;
  received_micros: bigint;
  memo: string;
  status: bigint;
  notes: string;
  created_at: bigint;
}

/** A record joined with the method it pays to. */
type RecordRow = WithdrawalRow & { dc_address: string; payee_account: string };

/**
 * What a withdrawal pays, in its currency's own decimals: worked out again from the amount taken
 * (the stored micro-units would cut BTC's 8 decimals to 6).
 */
function receivedText(row: WithdrawalRow): string {
  const currency = withdrawCurrency(Number(row.draw_currency_id));
  if (!currency) return fromMicros(row.received_micros);
  return currencyAmountText(receivedAmountUnits(fromMicros(row.amount_micros), currency));
}

/** The withdraw calls and their review. `methods` finds the caller's bound method. */
export function createWithdrawals(
  { db, clock, messages }: MockDeps,
  ledger: Ledger,
  methods: Methods,
) {
  const nextId = db.prepare('SELECT COALESCE(MAX(id), 0) + 1 FROM withdrawals').pluck();
  const insert = db.prepare(
    `INSERT INTO withdrawals (id, user_id, number, type, draw_currency_id, method_id, amount_micros,
       fee_micros, received_micros, memo, created_at)
     VALUES (@id, @userId, @number, @type, @currencyId, @methodId, @amount, @fee, @received, @memo,
       @createdAt)`,
  );
  const history: RecordPageQuery = {
    rows: db
      .prepare(
        `SELECT w.*, m.dc_address, m.payee_account FROM withdrawals w
         JOIN draw_methods m ON m.id = w.method_id
         WHERE w.user_id = ? AND w.type = ? ORDER BY w.id DESC LIMIT ? OFFSET ?`,
      )
      .safeIntegers(true),
    count: db.prepare('SELECT COUNT(*) FROM withdrawals WHERE user_id = ? AND type = ?').pluck(),
  };
  const records = createRecordReview<WithdrawalRow>(db, {
    table: 'withdrawals',
    noun: 'withdrawal',
    noteColumn: 'notes',
    awaiting: WITHDRAW_STATUS.REVIEWING,
    lastStatus: WITHDRAW_STATUS.REJECTED,
  });

  /**
   * Checks the balance, records the request, takes the amount (a WITHDRAW ledger row) and
   * freezes it: one transaction, so concurrent requests can never spend the same money twice.
   */
  const submit = db.transaction((request: NewWithdrawal) => {
    if (ledger.balances(request.userId).balance < request.amount) {
      refuse('wallet.insufficient_balance');
    }
    const id = nextId.get() as number;
    const number = recordNumber('W', request.createdAt, id);
    insert.run({ ...request, id, number });
    ledger.post(request.userId, -request.amount, LEDGER_KIND.WITHDRAW, {
      key: 'ledger.withdraw',
      params: { number },
    });
    ledger.adjustLock(request.userId, request.amount);
    return number;
  });

  const handlers: WithdrawHandlers = {
    drawSymbolList: ({ type }) =>
      WITHDRAW_CURRENCIES.filter((currency) => currency.type === type).map(
        ({ type: _kind, ...currency }) => currency,
      ),

    draw(input, ctx) {
      const caller = callerOf(ctx);
      const currency =
        withdrawCurrency(input.draw_currency_id) ?? refuse('wallet.currency_unknown');
      const method = methods.activeMethod(caller.id, input.draw_method_id);
      if (!method || method.draw_currency_id !== currency.id) refuse('wallet.method_not_found');
      const amount = amountMicros(input.number);
      // The canonical text of what is taken, so fee and received amount use exactly that.
      const taken = fromMicros(amount);
      const fee = withdrawFeeMicros(taken, currency);
      // Nothing would arrive: the fee eats the amount (or all but less than the currency's
      // smallest unit of it).
      if (amount <= fee || receivedAmountUnits(taken, currency).units === 0n) {
        refuse('wallet.amount_below_fee');
      }
      const received = receivedAmountMicros(taken, currency);
      submit({
        userId: caller.id,
        type: currency.type,
        currencyId: currency.id,
        methodId: method.id,
        amount,
        fee,
        received,
        memo: input.memo ?? '',
        createdAt: clock.now(),
      });
      return reply(null, 'wallet.withdraw_submitted');
    },

    drawList({ type, page }, ctx) {
      return recordPage(history, callerOf(ctx).id, type, page, (row: RecordRow) => {
        const status = Number(row.status);
        const isCoin = Number(row.type) === DRAW_TYPE.COIN;
        return {
          id: Number(row.id),
          number: fromMicros(row.amount_micros),
          real_number: receivedText(row),
          fee: fromMicros(row.fee_micros),
          status,
          status_name: messages.t(ctx.lang, STATUS_NAME[status] ?? 'withdraw_status.pending'),
          created_at: formatUtc(Number(row.created_at)),
          type: Number(row.type),
          address: isCoin ? row.dc_address : '',
          payee_account: isCoin ? '' : row.payee_account,
          // The reviewer's notes once there are some, the user's own memo until then (this
          // project's choice: the record shows its latest word).
          notes: row.notes || row.memo,
          draw_currency: { code: withdrawCurrency(Number(row.draw_currency_id))?.code ?? '' },
        };
      });
    },
  };

  /**
   * Completes (unfreezes: the money has left) or rejects (refunds with a WITHDRAW_REFUND ledger
   * row, then unfreezes) a withdrawal under review, in one transaction.
   */
  const review = db.transaction((input: z.output<typeof withdrawalReviewSchema>) => {
    const row = records.awaiting(input);
    const status = input.approve ? WITHDRAW_STATUS.PAID : WITHDRAW_STATUS.REJECTED;
    records.setVerdict(row, status, input.notes, clock.now());
    const userId = Number(row.user_id);
    if (!input.approve) {
      ledger.post(userId, row.amount_micros, LEDGER_KIND.WITHDRAW_REFUND, {
        key: 'ledger.withdraw_refund',
        params: { number: row.number },
      });
    }
    ledger.adjustLock(userId, -row.amount_micros);
    const { balance, lock } = ledger.balances(userId);
    return {
      id: Number(row.id),
      number: row.number,
      status,
      balance: fromMicros(balance),
      lock_balance: fromMicros(lock),
    };
  });

  const controls = records.controls({
    reviewSummary:
      'Reviews a withdrawal under review named by id or number: approve completes it (the frozen amount leaves), reject refunds it; optional notes.',
    reviewInput: withdrawalReviewSchema,
    review: (input) => review(input),
    listed: (row) => ({
      currency: withdrawCurrency(Number(row.draw_currency_id))?.code ?? '',
      amount: fromMicros(row.amount_micros),
      fee: fromMicros(row.fee_micros),
      received: receivedText(row),
      status: Number(row.status),
      created_at: formatUtc(Number(row.created_at)),
      notes: row.notes,
    }),
  });

  return { handlers, controls };
}
