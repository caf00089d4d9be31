import { z } from 'zod';
import { moneySchema } from './primitives.js';

/** The account summary (`forexDetail`). */
export const accountSummarySchema = z.object({
  balance: moneySchema,
  /** Frozen: margin of open orders and withdrawals under review. */
  lock_balance: moneySchema,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** `wallet/getBalance`: this project's shape, the balance alone. */
export const walletBalanceSchema = z.object({ balance: moneySchema });

/** Ledger Type whose Memo is shown as is; every other type shows MemoTran. */
export const LEDGER_TYPE_SHOWS_MEMO = 10;

/**
 * A ledger record (docs/product.md#entities). `Id` is this project's addition (a stable list key).
 */
export const ledgerRecordSchema = z.object({
  Id: z.number().int(),
  /** Signed change of the balance. */
  Value: moneySchema,
  Type: z.number().int(),
  Memo: z.string(),
  /** Memo translated into the request's language. */
  MemoTran: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", UTC. */
  CreatedAtTran: z.string(),
});
export type LedgerRecord = z.infer<typeof ledgerRecordSchema>;

/** The text a ledger row shows: Type 10 shows Memo, any other MemoTran. */
export function ledgerText(record: Pick<LedgerRecord, 'Type' | 'Memo' | 'MemoTran'>): string {
  return record.Type === LEDGER_TYPE_SHOWS_MEMO ? record.Memo : record.MemoTran;
}

/** `forexChange` answer: `data.list`, `data.total`. */
export const ledgerPageSchema = z.object({
  list: z.array(ledgerRecordSchema),
  total: z.number().int().min(0),
});

/** Deposit and withdraw tabs (docs/product.md#states): 0 coin, 1 bank. */
export const FUNDS_TAB = { COIN: 0, BANK: 1 } as const;

/** Deposit record status (docs/product.md#states). */
export const DEPOSIT_STATUS = { UNCHECKED: 0, FINISHED: 1, REJECTED: 2, INVALID: 3 } as const;

/** A deposit record. `id` is this project's addition. */
export const depositRecordSchema = z.object({
  id: z.number().int(),
  number: moneySchema,
  /** 0 coin, 1 bank. */
  type: z.number().int(),
  currency_code: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  remark: z.string(),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

/** A deposit network (coin deposits). */
export const depositNetworkSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  currency_code: z.string(),
  protocol_code: z.string(),
});
export type DepositNetwork = z.infer<typeof depositNetworkSchema>;

/** A deposit currency for bank deposits. */
export const bankCurrencySchema = z.object({ id: z.number().int(), name: z.string() });
export type BankCurrency = z.infer<typeof bankCurrencySchema>;

/** A bank deposit option. */
export const bankOptionSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
});
export type BankOption = z.infer<typeof bankOptionSchema>;

/** Payout kinds: `draw_symbol_list` type, `get_draw_method` draw_type. */
export const DRAW_TYPE = { COIN: 1, BANK: 2 } as const;

/** A withdraw currency (draw symbol; docs/product.md#entities). */
export const drawSymbolSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: moneySchema,
  /** 1 fixed fee (`WITHDRAW_FEE_TYPE`), otherwise a percentage of the amount. */
  fee_type: z.number().int(),
  /**
   * Units of this currency one USD buys: the amount and fee are in USD (the account currency),
   * the received amount is (amount − fee) × usd_price in this currency.
   */
  usd_price: moneySchema,
});
export type DrawSymbol = z.infer<typeof drawSymbolSchema>;

/** A withdraw method (a bound coin address or bank account). */
export const withdrawMethodSchema = z.object({
  id: z.number().int(),
  /** 1 coin address, 2 bank account. This project's addition. */
  type: z.number().int(),
  dc_address: z.string(),
  payee_account: z.string(),
  payee_name: z.string(),
  bank_name: z.string(),
  /** This project's additions: the rest of the bank details as bound. */
  bank_address: z.string(),
  bank_swift: z.string(),
  draw_currency: z.object({ id: z.number().int(), code: z.string(), protocol: z.string() }),
});
export type WithdrawMethod = z.infer<typeof withdrawMethodSchema>;

/** Withdrawal review states behind `status_name`. The values are this project's. */
export const WITHDRAW_STATUS = { REVIEWING: 0, PAID: 1, REJECTED: 2 } as const;

/** A withdraw record. `status` and `address`/`payee_account` are shown by type. */
export const withdrawRecordSchema = z.object({
  id: z.number().int(),
  number: moneySchema,
  /**
   * Amount received after the fee, in the payout currency (`draw_currency.code`), with that
   * currency's own decimals (`currencyDecimals`: 8 for BTC, 2 for USDT).
   */
  real_number: moneySchema,
  fee: moneySchema,
  /** This project's addition: the numeric state behind `status_name`. */
  status: z.number().int(),
  status_name: z.string(),
  created_at: z.string(),
  /** 1 coin (with `address`), otherwise bank (with `payee_account`). */
  type: z.number().int(),
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  draw_currency: z.object({ code: z.string() }),
});
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
