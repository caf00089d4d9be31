/**
 * The control API's side of deposits and withdrawals: the reviewer finds a record still awaiting
 * review, sets its verdict, and lists the newest records. One path for both kinds, so a wrong or
 * repeated review is refused alike; what a verdict does to the balance stays with each kind.
 */
import { z } from 'zod';
import { CODE } from '../../envelope.js';
import { wireInt } from '../../schemas/primitives.js';
import { type ControlAction, defineControl } from '../http/control.js';
import type { Db } from '../store/db.js';
import { controlRefusal } from './records.js';

/** What tells deposits and withdrawals apart in their review. */
export interface RecordKind {
  readonly table: 'deposits' | 'withdrawals';
  /** The record's name in a refusal. */
  readonly noun: 'deposit' | 'withdrawal';
  /** The column of the reviewer's words. */
  readonly noteColumn: 'remark' | 'notes';
  /** The one status a review may act on. */
  readonly awaiting: number;
  /** The highest status: the list's filter takes 0 to it. */
  readonly lastStatus: number;
}

/** The columns every reviewable record has. */
interface ReviewedRow {
  id: bigint;
  number: string;
  type: bigint;
  status: bigint;
}

/**
 * One kind's control actions: its review, and what a listed record shows past its id, number,
 * uid and type.
 */
interface ControlSpec<S extends z.ZodType, Row> {
  readonly reviewSummary: string;
  readonly reviewInput: S;
  readonly review: (input: z.output<S>) => unknown;
  readonly listed: (row: Row) => object;
}

/** The review statements of one kind of record. */
export function createRecordReview<Row extends ReviewedRow>(db: Db, kind: RecordKind) {
  const { table, noun, noteColumn } = kind;
  const findRecord = db
    .prepare(`SELECT * FROM ${table} WHERE id = ? OR number = ?`)
    .safeIntegers(true);
  const setReview = db.prepare(
    `UPDATE ${table} SET status = ?, ${noteColumn} = COALESCE(?, ${noteColumn}), reviewed_at = ?
     WHERE id = ?`,
  );
  const listRecent = db
    .prepare(
      `SELECT r.*, u.uid FROM ${table} r JOIN users u ON u.id = r.user_id
       WHERE (@status IS NULL OR r.status = @status) AND (@uid IS NULL OR u.uid = @uid)
       ORDER BY r.id DESC LIMIT 100`,
    )
    .safeIntegers(true);

  return {
    /** The record a review names (by id or number), refused unless it still awaits review. */
    awaiting(target: { id?: number; number?: string }): Row {
      const row = findRecord.get(target.id ?? null, target.number ?? null) as Row | undefined;
      if (!row) controlRefusal(`no ${noun} ${target.id ?? target.number}`, CODE.NOT_FOUND);
      if (Number(row.status) !== kind.awaiting) {
        controlRefusal(`${noun} ${row.number} is already reviewed (status ${row.status})`);
      }
      return row;
    },

    /** Records the verdict; a note, when given, replaces the record's earlier one. */
    setVerdict(row: Row, status: number, note: string | undefined, at: number): void {
      setReview.run(status, note ?? null, at, row.id);
    },

    /** The review action and the list of the 100 newest records, by status and user uid. */
    controls<S extends z.ZodType>(spec: ControlSpec<S, Row>): ControlAction[] {
      return [
        defineControl({
          method: 'POST',
          path: `/${table}/review`,
          summary: spec.reviewSummary,
          input: spec.reviewInput,
          run: (input) => spec.review(input),
        }),
        defineControl({
          method: 'GET',
          path: `/${table}`,
          summary: `The 100 newest ${table}, optionally of one status and one user uid.`,
          input: z.object({
            status: wireInt(0, kind.lastStatus).optional(),
            uid: z.string().optional(),
          }),
          run: ({ status, uid }) =>
            (
              listRecent.all({ status: status ?? null, uid: uid ?? null }) as (Row & {
                uid: string;
              })[]
            ).map((row) => ({
              id: Number(row.id),
              number: row.number,
              uid: row.uid,
              type: Number(row.type),
              ...spec.listed(row),
            })),
        }),
      ];
    },
  };
}
