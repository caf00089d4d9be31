/**
 * What deposits and withdrawals share: their record numbers, their history pages, the bounds of a
 * typed amount, and how the control API names the record it reviews.
 */
import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import { toMicros } from '../../arithmetic/money.js';
import { CODE } from '../../envelope.js';
import { Refusal, refuse } from '../refusal.js';

/** Rows per page of the deposit and withdrawal lists (this project's choice). */
export const RECORD_PAGE_SIZE = 10;

/** The statements behind a history page: `rows` takes the user, the type, a limit and an offset. */
export interface RecordPageQuery {
  readonly rows: Statement;
  readonly count: Statement;
}

/** One page (from 1) of a user's records of one type, newest first, and how many there are. */
export function recordPage<Row, Item>(
  query: RecordPageQuery,
  userId: number,
  type: number,
  page: number,
  item: (row: Row) => Item,
): { total: number; data: Item[] } {
  const rows = query.rows.all(
    userId,
    type,
    RECORD_PAGE_SIZE,
    (page - 1) * RECORD_PAGE_SIZE,
  ) as Row[];
  return { total: query.count.get(userId, type) as number, data: rows.map((row) => item(row)) };
}

/** Largest single deposit, in the account currency (this project's bound). */
export const MAX_DEPOSIT_MICROS = toMicros('1000000');

/**
 * A record's unique number: the prefix, the UTC date and the row id zero-padded to 6 digits,
 * `D20250301000042`. Unique because the id is, whatever the date.
 */
export function recordNumber(prefix: 'D' | 'W', ms: number, id: number): string {
  const day = new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}

/**
 * A typed amount as micro-units, refused with `wallet.amount_invalid` unless it is at least one
 * micro-unit and at most `max`.
 */
export function amountMicros(amount: string, max?: bigint): bigint {
  const micros = toMicros(amount);
  if (micros <= 0n || (max !== undefined && micros > max)) refuse('wallet.amount_invalid');
  return micros;
}

/**
 * Which record a review control acts on: its row `id` (what the lists show) or its `number`
 * (what the ledger memo shows). Pair with `namesOneRecord`: exactly one of the two is given.
 */
export const reviewTargetShape = {
  id: z.number().int().min(1).optional(),
  number: z.string().trim().min(1).optional(),
};

/** True when exactly one of `id` and `number` names the record. */
export function namesOneRecord(target: { id?: number; number?: string }): boolean {
  return (target.id === undefined) !== (target.number === undefined);
}

/** A control refusal: the control API answers it with `details` as its message, in English. */
export function controlRefusal(details: string, code: number = CODE.FAILED): never {
  throw new Refusal(
    code === CODE.NOT_FOUND ? 'wallet.record_not_found' : 'forbidden',
    undefined,
    code,
    details,
  );
}
