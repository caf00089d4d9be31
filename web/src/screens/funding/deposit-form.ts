/**
 * The deposit form's rules as pure functions: the strict amount input, the checks before sending
 * (docs/product.md#validation "no pay way" for a bank deposit without a bank chosen) and the
 * payload of `chargeSubmit` / `chargeWireSubmit`, plus the history's status names
 * (docs/product.md#states).
 */
import {
  type BankOption,
  DEPOSIT_STATUS,
  type DepositNetwork,
  MONEY_DECIMALS,
  type RequestOf,
  type Routes,
} from '@pipstream/protocol';
import type { FundingTab } from './FundingTabs.js';

/** What `chargeSubmit` takes: a coin deposit. */
export type CoinDepositPayload = RequestOf<Routes['chargeSubmit']>;
/** What `chargeWireSubmit` takes: a bank deposit. */
export type BankDepositPayload = RequestOf<Routes['chargeWireSubmit']>;

/** Digits before the point the wire format carries (protocol `moneySchema`). */
const MAX_INTEGER_DIGITS = 15;

/**
 * A deposit amount while it is typed: digits, at most one point, at most `MONEY_DECIMALS`
 * decimals (the ledger's precision: more would be rounded away unseen).
 */
const AMOUNT_TYPING = new RegExp(`^\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d{0,${MONEY_DECIMALS}})?$`);

/**
 * The amount field after an edit: `typed` when it is a decimal being typed (a decimal comma is
 * read as a point), else `previous` unchanged, so a stray key or a pasted word never wipes
 * what was there.
 */
export function acceptAmountInput(previous: string, typed: string): string {
  const clean = typed.trim().replace(',', '.');
  return AMOUNT_TYPING.test(clean) ? clean : previous;
}

/**
 * The amount as the wire takes it (`12.` → `12`, `.5` → `0.5`, `007` → `7`), or `null` when it
 * is not a decimal above 0.
 */
export function normalizeAmount(text: string): string | null {
  const clean = text.trim().replace(',', '.');
  if (clean === '' || clean === '.' || !AMOUNT_TYPING.test(clean)) return null;
  const [whole = '', fraction = ''] = clean.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  if (!/[1-9]/.test(integer + decimals)) return null;
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

/** The deposit form as the user left it. */
export interface DepositDraft {
  readonly tab: FundingTab;
  /** The coin network chosen (`chargeSymbols` id); `null` for none. */
  readonly networkId: number | null;
  /** The bank account chosen (`chargeWireInfo` id); `null` for none. */
  readonly bankId: number | null;
  readonly amount: string;
  /** The uploaded proof's URL; `null` until an upload has finished. */
  readonly proofUrl: string | null;
  /** A proof is on its way to the server. */
  readonly proofUploading: boolean;
}

/** What the form offers to choose from, as loaded. */
export interface DepositChoices {
  readonly networks: readonly DepositNetwork[];
  readonly banks: readonly BankOption[];
}

/** The fields a message can point at. */
export type DepositField = 'payWay' | 'amount' | 'proof';

/** Field → locale key of its message. */
export type DepositErrors = Partial<Record<DepositField, string>>;

/** The outcome of checking the form. */
export type DepositCheck =
  | { readonly ok: true; readonly call: 'chargeSubmit'; readonly payload: CoinDepositPayload }
  | { readonly ok: true; readonly call: 'chargeWireSubmit'; readonly payload: BankDepositPayload }
  | { readonly ok: false; readonly errors: DepositErrors };

/**
 * Checks the form and builds the call that declares the deposit.
 *
 * docs/product.md#validation names one client check, "no pay way" for a bank deposit without a bank
 * option. It says a coin deposit has none on amount or proof; the protocol refuses a missing amount
 * or proof before anything is sent, so both tabs say which field is wrong instead of a generic
 * refusal (this project's choice). A coin deposit without a network gets "no pay way" too.
 */
export function checkDeposit(draft: DepositDraft, choices: DepositChoices): DepositCheck {
  const errors: DepositErrors = {};
  const network =
    draft.tab === 0 ? choices.networks.find((item) => item.id === draft.networkId) : undefined;
  const bank = draft.tab === 1 ? choices.banks.find((item) => item.id === draft.bankId) : undefined;
  if (!network && !bank) errors.payWay = 'web.charge.no_pay_way';

  const number = normalizeAmount(draft.amount);
  if (draft.amount.trim() === '') errors.amount = 'web.charge.enter_amount';
  else if (number === null) errors.amount = 'web.charge.amount_positive';

  if (draft.proofUploading) errors.proof = 'web.funding.upload.wait';
  else if (draft.proofUrl === null) errors.proof = 'web.charge.add_proof';

  const proofImg = draft.proofUploading ? null : draft.proofUrl;
  if (number !== null && proofImg !== null) {
    if (network) {
      return {
        ok: true,
        call: 'chargeSubmit',
        payload: { number, proofImg, address: network.address, charge_id: network.id },
      };
    }
    if (bank) {
      return {
        ok: true,
        call: 'chargeWireSubmit',
        payload: { number, proofImg, wire_id: bank.id },
      };
    }
  }
  return { ok: false, errors };
}

/** Locale keys of the deposit record statuses (docs/product.md#states: 0 unchecked … 3). */
export const DEPOSIT_STATUS_KEYS: Readonly<Record<number, string>> = {
  [DEPOSIT_STATUS.UNCHECKED]: 'web.charge.status.unchecked',
  [DEPOSIT_STATUS.FINISHED]: 'web.charge.status.finished',
  [DEPOSIT_STATUS.REJECTED]: 'web.charge.status.rejected',
  [DEPOSIT_STATUS.INVALID]: 'web.charge.status.invalid',
};

/** The locale key naming a record's status; an unknown status gets a generic name. */
export function depositStatusKey(status: number): string {
  return DEPOSIT_STATUS_KEYS[status] ?? 'web.charge.status.unknown';
}

/** How a status reads at a glance: waiting, credited, or not credited. */
export type DepositTone = 'pending' | 'done' | 'failed';

/** The tone of a record's status badge. */
export function depositStatusTone(status: number): DepositTone {
  if (status === DEPOSIT_STATUS.FINISHED) return 'done';
  if (status === DEPOSIT_STATUS.REJECTED || status === DEPOSIT_STATUS.INVALID) return 'failed';
  return 'pending';
}
