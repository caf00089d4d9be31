/**
 * The withdraw form of `/mine/withdraw` as pure functions: the strict amount input, the fee and
 * received-amount preview of docs/product.md#constants (from the protocol's withdraw arithmetic,
 * the same the mock's records use), the checks before sending, and the `draw` payload.
 */
import {
  type DrawSymbol,
  formatFee,
  fromMicros,
  MONEY_DECIMALS,
  NO_VALUE,
  type RequestOf,
  type Routes,
  receivedAmountMicros,
  receivedAmountText,
  toMicros,
  WITHDRAW_FEE_TYPE,
  withdrawFee,
} from '@pipstream/protocol';

/** What `draw` takes (protocol/src/routes/wallet.ts). */
export type DrawPayload = RequestOf<Routes['draw']>;

/** Whole digits an amount may have: the wire's decimals carry at most 15 (this project's bound). */
const MAX_WHOLE_DIGITS = 15;
/** The route's longest memo (`optionalText(200)`). */
export const MEMO_MAX_LENGTH = 200;

/**
 * What the amount field keeps of `typed`, or `null` to keep what it had: digits with at most one
 * decimal point (a comma is read as one) and at most 6 decimals, the account currency's
 * smallest unit. `'.5'` becomes `'0.5'` and leading zeros go (`'007'` → `'7'`), so the field
 * always holds a decimal the protocol reads.
 */
export function cleanAmountInput(typed: string): string | null {
  const text = typed.replace(/\s+/g, '').replace(',', '.');
  const match = /^(\d*)(\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, wholeDigits = '', point, decimals = ''] = match;
  if (decimals.length > MONEY_DECIMALS) return null;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  if (point === undefined) return whole;
  return `${whole === '' ? '0' : whole}.${decimals}`;
}

/** The amount as micro-units, or `null` when nothing usable is typed (empty, `'0.'`, zero). */
export function amountMicros(amount: string): bigint | null {
  // A point typed last is a decimal on its way: `'12.'` is 12 so far.
  const text = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  if (text === '') return null;
  try {
    const micros = toMicros(text);
    return micros > 0n ? micros : null;
  } catch {
    return null;
  }
}

/** The currency fields the preview reads. */
export type Pricing = Pick<DrawSymbol, 'code' | 'draw_rate' | 'fee_type' | 'usd_price'>;

export interface WithdrawPreview {
  /**
   * The fee in USD at the product's (docs/product.md#constants) 6 decimals; `'--'` with no currency
   * chosen.
   */
  readonly fee: string;
  /** What arrives, `'99.50 USDT'`; `'--'` with no currency, `'0 USDT'` with no amount. */
  readonly received: string;
}

/**
 * The live preview (docs/product.md#constants). With no usable amount the fee is the fee of
 * nothing: the fixed fee itself, or 0 for a percentage (this project's choice).
 */
export function withdrawPreview(amount: string, currency: Pricing | null): WithdrawPreview {
  if (!currency) return { fee: NO_VALUE, received: NO_VALUE };
  const micros = amountMicros(amount);
  const value = micros === null ? '0' : fromMicros(micros);
  return {
    fee: formatFee(withdrawFee(value, currency)),
    received: receivedAmountText(micros === null ? null : value, currency),
  };
}

/** How a currency's fee is worked out, for the note under the preview. */
export type FeeRule =
  | { readonly kind: 'fixed'; readonly fee: string }
  | { readonly kind: 'percent'; readonly rate: string };

/**
 * docs/product.md#constants: fee_type 1 is a fixed fee of draw_rate; any other a percentage of
 * draw_rate.
 */
export function feeRule(currency: Pick<DrawSymbol, 'draw_rate' | 'fee_type'>): FeeRule {
  return currency.fee_type === WITHDRAW_FEE_TYPE.FIXED
    ? { kind: 'fixed', fee: currency.draw_rate }
    : { kind: 'percent', rate: currency.draw_rate };
}

/** The form as the user left it. */
export interface WithdrawDraft {
  readonly currency: Pricing & Pick<DrawSymbol, 'id'>;
  readonly methodId: number | null;
  readonly amount: string;
  readonly memo: string;
}

/** Why the form cannot be sent, by field; the values are locale keys. */
export interface WithdrawIssues {
  method?: string;
  amount?: string;
  memo?: string;
}

/**
 * Checks before sending. docs/product.md#validation says only that the amount is numeric; this
 * project also refuses what the server would (an amount the fee eats, more than the balance when it
 * is known), so the user hears why at once and loses nothing typed.
 */
export function validateWithdraw(
  draft: WithdrawDraft,
  balance: string | null,
  methodMissingKey: string,
): WithdrawIssues {
  const issues: WithdrawIssues = {};
  if (draft.methodId === null) issues.method = methodMissingKey;
  if (draft.memo.trim().length > MEMO_MAX_LENGTH) issues.memo = 'web.withdraw.memo_too_long';
  const micros = amountMicros(draft.amount);
  if (draft.amount === '') issues.amount = 'web.withdraw.amount_required';
  else if (micros === null) issues.amount = 'web.withdraw.amount_invalid';
  else if (receivedAmountMicros(fromMicros(micros), draft.currency) === 0n) {
    issues.amount = 'web.withdraw.amount_below_fee';
  } else if (balance !== null && micros > toMicros(balance)) {
    issues.amount = 'web.withdraw.insufficient';
  }
  return issues;
}

/** The `draw` payload of a checked form: the amount in its canonical text, the memo trimmed. */
export function drawPayload(draft: WithdrawDraft & { readonly methodId: number }): DrawPayload {
  const micros = amountMicros(draft.amount);
  if (micros === null) throw new RangeError(`not an amount: ${draft.amount}`);
  const memo = draft.memo.trim();
  return {
    draw_currency_id: draft.currency.id,
    number: fromMicros(micros),
    memo: memo === '' ? undefined : memo,
    draw_method_id: draft.methodId,
  };
}
