import { fromMicros } from '../../arithmetic/money.js';
import type { MockDeps } from '../deps.js';
import type { MessageKey, MessageParams } from '../messages.js';
import { formatUtc } from '../time.js';

/**
 * Kinds of balance change, the ledger's `Type`. The product fixes only that Type 10 shows
 * its `Memo` as written; every other type shows `MemoTran`, the memo in the reader's language. The
 * numbers are this project's choice.
 */
export const LEDGER_KIND = {
  DEPOSIT: 1,
  WITHDRAW: 2,
  WITHDRAW_REFUND: 3,
  MARGIN: 4,
  MARGIN_RETURN: 5,
  FEE: 6,
  PROFIT: 7,
  DEMO_RESET: 8,
  INVITE_REWARD: 9,
  /** An operator's adjustment: its Memo is free text and shown as is. */
  ADJUSTMENT: 10,
  DEMO_FUND: 11,
} as const;
export type LedgerKind = (typeof LEDGER_KIND)[keyof typeof LEDGER_KIND];

export interface Memo {
  readonly key: MessageKey;
  readonly params?: MessageParams;
  /** Free text, shown as is for Type 10. */
  readonly text?: string;
}

export interface Balances {
  readonly balance: bigint;
  readonly lock: bigint;
}

interface LedgerRow {
  id: bigint;
  type: number;
  value_micros: bigint;
  memo: string;
  memo_key: string;
  memo_params: string;
  created_at: bigint;
}

/**
 * The only code that changes a user's balance. Each change updates the balance and writes its
 * ledger row in one transaction, so the rows of a user always sum to the balance. Callers that
 * change more than one thing (an order and its margin) wrap both in their own transaction; the
 * nested one becomes a savepoint.
 */
export function createLedger({ db, clock, messages }: MockDeps) {
  const readBalances = db
    .prepare('SELECT balance_micros AS balance, lock_micros AS lock FROM users WHERE id = ?')
    .safeIntegers(true);
  const setBalance = db.prepare('UPDATE users SET balance_micros = ? WHERE id = ?');
  const setLock = db.prepare('UPDATE users SET lock_micros = ? WHERE id = ?');
  const insertRow = db.prepare(
    `INSERT INTO ledger (user_id, type, value_micros, balance_after_micros, memo, memo_key, memo_params, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const countRows = db.prepare('SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?');
  const pageRows = db
    .prepare(
      `SELECT id, type, value_micros, memo, memo_key, memo_params, created_at FROM ledger
       WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .safeIntegers(true);
  const sumRows = db
    .prepare('SELECT COALESCE(SUM(value_micros), 0) AS total FROM ledger WHERE user_id = ?')
    .safeIntegers(true);

  function balances(userId: number): Balances {
    const row = readBalances.get(userId) as Balances | undefined;
    if (!row) throw new Error(`no user ${userId}`);
    return row;
  }

  /** Adds `delta` (negative to take) to the balance and records why. Returns the new balance. */
  const post = db.transaction((userId: number, delta: bigint, kind: LedgerKind, memo: Memo) => {
    const after = balances(userId).balance + delta;
    setBalance.run(after, userId);
    insertRow.run(
      userId,
      kind,
      delta,
      after,
      memo.text ?? '',
      memo.key,
      JSON.stringify(memo.params ?? {}),
      clock.now(),
    );
    return after;
  });

  /** Changes the frozen balance: margin of open and pending orders, withdrawals under review. */
  const adjustLock = db.transaction((userId: number, delta: bigint) => {
    const after = balances(userId).lock + delta;
    if (after < 0n) throw new Error(`frozen balance of user ${userId} would go negative`);
    setLock.run(after, userId);
  });

  return {
    balances,
    post: (userId: number, delta: bigint, kind: LedgerKind, memo: Memo): bigint =>
      post(userId, delta, kind, memo),
    adjustLock: (userId: number, delta: bigint): void => adjustLock(userId, delta),

    /** One page of a user's ledger, newest first, with memos in `lang`. */
    page(userId: number, page: number, pageSize: number, lang: string) {
      const { n } = countRows.get(userId) as { n: number };
      const rows = pageRows.all(userId, pageSize, (page - 1) * pageSize) as LedgerRow[];
      return {
        total: n,
        list: rows.map((row) => ({
          Id: Number(row.id),
          Value: fromMicros(row.value_micros),
          Type: Number(row.type),
          Memo: row.memo,
          MemoTran: messages.t(
            lang,
            row.memo_key as MessageKey,
            JSON.parse(row.memo_params) as MessageParams,
          ),
          CreatedAtTran: formatUtc(Number(row.created_at)),
        })),
      };
    },

    /** Sum of a user's ledger rows: equals the balance, always (a test holds it to that). */
    sum(userId: number): bigint {
      return (sumRows.get(userId) as { total: bigint }).total;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
