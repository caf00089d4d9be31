/**
 * How the wallet screens name payout methods (docs/product.md#entities withdraw method) and
 * withdraw currencies (docs/product.md#entities draw symbol), as pure functions.
 */
import type { DrawSymbol, WithdrawMethod } from '@pipstream/protocol';

/** `get_draw_method` draw_type and `draw_symbol_list` type: 1 coin address, 2 bank account. */
export type DrawKind = 1 | 2;
export const COIN_KIND = 1 satisfies DrawKind;
export const BANK_KIND = 2 satisfies DrawKind;

/**
 * Where each kind's list lives, and where a method of that kind is bound (docs/product.md#routes).
 */
export const METHOD_LIST_ROUTE: Record<DrawKind, string> = {
  1: '/mine/coin-address-list',
  2: '/mine/bank-card-list',
};

/** The bind screen of a kind: `/mine/withdraw-way?type=1|2`. */
export function bindRoute(kind: DrawKind): string {
  return `/mine/withdraw-way?type=${kind}`;
}

/** The kind a `?type=` query names; coin when absent or unknown (this project's choice). */
export function kindOf(search: string): DrawKind {
  return new URLSearchParams(search).get('type') === '2' ? BANK_KIND : COIN_KIND;
}

/** A currency as a picker shows it: `USDT (TRC20)`, or the code alone for a bank currency. */
export function currencyLabel(currency: Pick<DrawSymbol, 'code' | 'protocol'>): string {
  return currency.protocol ? `${currency.code} (${currency.protocol})` : currency.code;
}

/** A method's heading: its currency (and chain) for an address, its bank for an account. */
export function methodTitle(method: WithdrawMethod): string {
  if (method.type === BANK_KIND) return method.bank_name;
  return currencyLabel(method.draw_currency);
}

/**
 * `text` cut to its first `head` and last `tail` characters around an ellipsis when longer, so
 * a long address still tells itself apart in a picker: `TMASi4…he4d`.
 */
export function shortened(text: string, head = 6, tail = 4): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** A method as a picker's option: the short address, or bank and account. */
export function methodOptionLabel(method: WithdrawMethod): string {
  if (method.type === BANK_KIND) return `${method.bank_name} · ${method.payee_account}`;
  return shortened(method.dc_address);
}

/** The methods paying out in currency `currencyId`. */
export function methodsOfCurrency(
  methods: readonly WithdrawMethod[],
  currencyId: number | null,
): WithdrawMethod[] {
  if (currencyId === null) return [];
  return methods.filter((method) => method.draw_currency.id === currencyId);
}

/**
 * The currency a withdraw form starts with: that of the first bound method still offered (so a user
 * with a method can send at once), else the first currency offered; `null` when none is. This
 * project's choice: the product only lists the selector.
 */
export function initialCurrencyId(
  currencies: readonly Pick<DrawSymbol, 'id'>[],
  methods: readonly WithdrawMethod[],
): number | null {
  const offered = new Set(currencies.map((currency) => currency.id));
  const bound = methods.find((method) => offered.has(method.draw_currency.id));
  return bound?.draw_currency.id ?? currencies[0]?.id ?? null;
}
