/**
 * The bind form of `/mine/withdraw-way` as pure functions: docs/product.md#validation (a currency
 * must be chosen; bank fields for a bank account, the wallet address for crypto) with the bounds of
 * the `bindDrawMethod` route, checked here so nothing the server would refuse is sent.
 */
import {
  addressIssue,
  addressIssueWhileTyping,
  knowsAddressFormat,
  type RequestOf,
  type Routes,
} from '@pipstream/protocol';
import { BANK_KIND, type DrawKind } from './wallet-methods.js';

/** What `bind_draw_method` takes (protocol/src/routes/wallet.ts). */
export type BindPayload = RequestOf<Routes['bindDrawMethod']>;

/** The form as typed; the currency is the chosen draw symbol's id as text, `''` for none. */
export interface BindDraft {
  currencyId: string;
  dcAddress: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
}

export type BindField = keyof BindDraft;

export const EMPTY_BIND_DRAFT: BindDraft = {
  currencyId: '',
  dcAddress: '',
  bankName: '',
  bankAddress: '',
  bankSwift: '',
  payeeName: '',
  payeeAccount: '',
};

/** The route's longest values (`optionalText(n)` in protocol/src/routes/wallet.ts). */
export const BIND_MAX_LENGTH = {
  dcAddress: 128,
  bankName: 128,
  bankAddress: 256,
  bankSwift: 16,
  payeeName: 128,
  payeeAccount: 64,
} as const satisfies Partial<Record<BindField, number>>;

/** A field's message: a locale key and its parameters. */
export interface BindIssue {
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
}

export type BindIssues = Partial<Record<BindField, BindIssue>>;

/** The fields a kind shows, in order, and which of them must be filled (the route's rule). */
const FIELDS: Record<
  DrawKind,
  readonly { field: keyof typeof BIND_MAX_LENGTH; required?: string }[]
> = {
  1: [{ field: 'dcAddress', required: 'web.withdraw_way.address_required' }],
  2: [
    { field: 'bankName', required: 'web.withdraw_way.bank_name_required' },
    { field: 'bankAddress' },
    { field: 'bankSwift' },
    { field: 'payeeName', required: 'web.withdraw_way.payee_name_required' },
    { field: 'payeeAccount', required: 'web.withdraw_way.payee_account_required' },
  ],
};

/**
 * Checks the form of `kind`; empty when it may be sent. A coin address is checked against the
 * format of `network` (the chosen currency's protocol: TRC20, ERC20, BTC…), as the upstream
 * checks it: money sent to a mistyped address is lost.
 */
export function validateBind(kind: DrawKind, draft: BindDraft, network = ''): BindIssues {
  const issues: BindIssues = {};
  if (draft.currencyId === '') issues.currencyId = { key: 'web.withdraw_way.currency_required' };
  for (const { field, required } of FIELDS[kind]) {
    const value = draft[field].trim();
    const max = BIND_MAX_LENGTH[field];
    if (value === '' && required) issues[field] = { key: required };
    else if (value.length > max) {
      issues[field] = { key: 'web.withdraw_way.too_long', params: { max: String(max) } };
    }
  }
  if (
    kind !== BANK_KIND &&
    issues.dcAddress === undefined &&
    addressIssue(network, draft.dcAddress) === 'wrong_format'
  ) {
    issues.dcAddress = { key: 'web.address_check.wrong_format', params: { network } };
  }
  return issues;
}

/** What the address field says of an address of `network`, as typed or once left. */
export type AddressCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'issue'; readonly issue: BindIssue }
  | { readonly kind: 'valid'; readonly network: string };

/**
 * The address field's check (docs/product.md#withdrawals: "by the app as the user types"):
 * while `typing`, an address that can no longer become one of `network` is refused at once;
 * once the field is left, the full check. A complete valid address of a network with a known
 * format says so.
 */
export function checkAddress(network: string, typed: string, typing: boolean): AddressCheck {
  if (typed.trim() === '' || !knowsAddressFormat(network)) return { kind: 'none' };
  const issue = typing ? addressIssueWhileTyping(network, typed) : addressIssue(network, typed);
  if (issue === 'wrong_format') {
    return { kind: 'issue', issue: { key: 'web.address_check.wrong_format', params: { network } } };
  }
  return addressIssue(network, typed) === undefined ? { kind: 'valid', network } : { kind: 'none' };
}

/**
 * The `bind_draw_method` payload of a checked form: the fields of its kind only, trimmed;
 * empty optional bank fields are left out.
 */
export function bindPayload(kind: DrawKind, draft: BindDraft): BindPayload {
  const base = { type: kind, draw_id: Number(draft.currencyId) };
  if (kind !== BANK_KIND) return { ...base, dc_address: draft.dcAddress.trim() };
  const optional = (value: string) => value.trim() || undefined;
  return {
    ...base,
    bank_name: draft.bankName.trim(),
    bank_address: optional(draft.bankAddress),
    bank_swift: optional(draft.bankSwift),
    payee_name: draft.payeeName.trim(),
    payee_account: draft.payeeAccount.trim(),
  };
}
