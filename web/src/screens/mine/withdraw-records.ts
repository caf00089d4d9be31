/**
 * What a withdrawal record (SPEC §3) shows, as pure functions: amounts at SPEC §9 decimals,
 * where the money went, the review state's name and colour, the time.
 */
import {
  currencyDecimals,
  formatBalance,
  formatFee,
  formatFixed,
  WITHDRAW_STATUS,
  type WithdrawRecord,
} from '@pipstream/protocol';
import { COIN_KIND } from './wallet-methods.js';

/** The colour of a review state: waiting, paid out, or sent back. */
export type RecordTone = 'pending' | 'up' | 'down';

/** This app's name of each review state, for a record that comes without `status_name`. */
const STATUS_KEY: Record<number, string> = {
  [WITHDRAW_STATUS.REVIEWING]: 'web.withdraw.status.reviewing',
  [WITHDRAW_STATUS.PAID]: 'web.withdraw.status.paid',
  [WITHDRAW_STATUS.REJECTED]: 'web.withdraw.status.rejected',
};

export interface RecordView {
  /** The amount asked, in USD, 2 decimals. */
  readonly amount: string;
  /** The fee, in USD, 6 decimals. */
  readonly fee: string;
  /** What arrives, in the payout currency: `'99.00 USDT'`. */
  readonly received: string;
  /** The address (coin) or account (bank) paid to. */
  readonly destination: string;
  /** Whether `destination` is an address (coin) or a bank account. */
  readonly toAddress: boolean;
  /**
   * The state as the server names it (SPEC §3 `status_name`, in the user's language), or a
   * locale key of this app's name when the server sent none (`statusIsKey`).
   */
  readonly status: string;
  readonly statusIsKey: boolean;
  readonly tone: RecordTone;
  /** When, in UTC as the upstream wrote it: the row writes it in the viewer's zone and language. */
  readonly time: string;
}

/** The tone of a review state; anything unknown reads as still waiting. */
export function recordTone(status: number): RecordTone {
  if (status === WITHDRAW_STATUS.PAID) return 'up';
  if (status === WITHDRAW_STATUS.REJECTED) return 'down';
  return 'pending';
}

/** A record as its row shows it. */
export function recordView(record: WithdrawRecord): RecordView {
  const toAddress = record.type === COIN_KIND;
  const named = record.status_name.trim();
  return {
    amount: formatBalance(record.number),
    fee: formatFee(record.fee),
    // In the payout currency's own decimals (8 for BTC): two would read 0.00.
    received:
      `${formatFixed(record.real_number, currencyDecimals(record.draw_currency.code))} ${record.draw_currency.code}`.trim(),
    destination: toAddress ? record.address : record.payee_account,
    toAddress,
    status: named || (STATUS_KEY[record.status] ?? STATUS_KEY[WITHDRAW_STATUS.REVIEWING] ?? ''),
    statusIsKey: named === '',
    tone: recordTone(record.status),
    time: record.created_at,
  };
}
