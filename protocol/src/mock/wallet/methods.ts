/**
 * Payout methods: the coin addresses and bank accounts a user binds before withdrawing. Deleting
 * one only hides it (a soft delete), so the withdrawals already paid to it still show where the
 * money went.
 */
import type { Routes } from '../../routes/table.js';
import { addressIssue } from '../../schemas/address.js';
import { DRAW_TYPE, type WithdrawMethod } from '../../schemas/wallet.js';
import type { MockDeps } from '../deps.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { refuse } from '../refusal.js';
import { withdrawCurrency } from './catalogue.js';

type MethodHandlers = Pick<Handlers<Routes>, 'getDrawMethod' | 'bindDrawMethod' | 'delDrawMethod'>;

/** Bound methods a user may keep per kind (this project's choice). */
export const MAX_METHODS_PER_TYPE = 10;

/** A bound method as stored. */
export interface MethodRow {
  id: number;
  user_id: number;
  type: number;
  draw_currency_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  deleted: number;
}

interface NewMethod {
  userId: number;
  type: number;
  currencyId: number;
  dcAddress: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  createdAt: number;
}

/** The bind, list and delete calls, and the lookup a withdrawal uses. */
export function createMethods({ db, clock }: MockDeps) {
  const countActive = db
    .prepare('SELECT COUNT(*) FROM draw_methods WHERE user_id = ? AND type = ? AND deleted = 0')
    .pluck();
  const insert = db.prepare(
    `INSERT INTO draw_methods (user_id, type, draw_currency_id, dc_address, bank_name, bank_address,
       bank_swift, payee_name, payee_account, created_at)
     VALUES (@userId, @type, @currencyId, @dcAddress, @bankName, @bankAddress, @bankSwift,
       @payeeName, @payeeAccount, @createdAt)`,
  );
  const listActive = db.prepare(
    `SELECT * FROM draw_methods
     WHERE user_id = @userId AND type = @type AND deleted = 0
       AND (@currencyId IS NULL OR draw_currency_id = @currencyId)
     ORDER BY id`,
  );
  const findActive = db.prepare(
    'SELECT * FROM draw_methods WHERE id = ? AND user_id = ? AND deleted = 0',
  );
  const softDelete = db.prepare(
    'UPDATE draw_methods SET deleted = 1 WHERE id = ? AND user_id = ? AND deleted = 0',
  );

  /** Counts, then inserts: one transaction, so concurrent binds cannot pass the limit. */
  const bind = db.transaction((method: NewMethod) => {
    if ((countActive.get(method.userId, method.type) as number) >= MAX_METHODS_PER_TYPE) {
      refuse('forbidden');
    }
    insert.run(method);
  });

  const handlers: MethodHandlers = {
    getDrawMethod({ draw_type, draw_id }, ctx) {
      const caller = callerOf(ctx);
      const rows = listActive.all({
        userId: caller.id,
        type: draw_type,
        currencyId: draw_id ?? null,
      }) as MethodRow[];
      return rows.map(toWithdrawMethod);
    },

    bindDrawMethod(input, ctx) {
      const caller = callerOf(ctx);
      const currency = withdrawCurrency(input.draw_id);
      if (!currency || currency.type !== input.type) refuse('wallet.currency_unknown');
      // Only the fields of the method's kind are kept; the schema has checked they are present.
      const isCoin = input.type === DRAW_TYPE.COIN;
      // Money sent to a mistyped address is lost: the network's format is checked first.
      if (isCoin && addressIssue(currency.protocol, input.dc_address ?? '') !== undefined) {
        refuse('payout_address.wrong_format', { network: currency.protocol });
      }
      bind({
        userId: caller.id,
        type: input.type,
        currencyId: currency.id,
        dcAddress: isCoin ? (input.dc_address ?? '').trim() : '',
        bankName: isCoin ? '' : (input.bank_name ?? ''),
        bankAddress: isCoin ? '' : (input.bank_address ?? ''),
        bankSwift: isCoin ? '' : (input.bank_swift ?? ''),
        payeeName: isCoin ? '' : (input.payee_name ?? ''),
        payeeAccount: isCoin ? '' : (input.payee_account ?? ''),
        createdAt: clock.now(),
      });
      return reply(null, 'wallet.method_bound');
    },

    delDrawMethod({ id }, ctx) {
      const caller = callerOf(ctx);
      if (softDelete.run(id, caller.id).changes === 0) refuse('wallet.method_not_found');
      return reply(null, 'wallet.method_deleted');
    },
  };

  return {
    handlers,
    /** The caller's method `id`, unless it is someone else's, deleted or unknown. */
    activeMethod(userId: number, id: number): MethodRow | undefined {
      return findActive.get(id, userId) as MethodRow | undefined;
    },
  };
}

export type Methods = ReturnType<typeof createMethods>;

/** A stored method as the wire's withdraw method. */
function toWithdrawMethod(row: MethodRow): WithdrawMethod {
  const currency = withdrawCurrency(row.draw_currency_id);
  return {
    id: row.id,
    type: row.type,
    dc_address: row.dc_address,
    payee_account: row.payee_account,
    payee_name: row.payee_name,
    bank_name: row.bank_name,
    bank_address: row.bank_address,
    bank_swift: row.bank_swift,
    draw_currency: {
      id: row.draw_currency_id,
      code: currency?.code ?? '',
      protocol: currency?.protocol ?? '',
    },
  };
}
