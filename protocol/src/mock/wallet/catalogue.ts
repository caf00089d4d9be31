/**
 * What the mock's wallet offers: where coin and bank deposits go, and which currencies a user may
 * withdraw to. Constants in code (this project's choice) with stable ids, so a data directory's
 * deposits, bound methods and withdrawals keep pointing at the same entries across restarts.
 */
import { WITHDRAW_FEE_TYPE } from '../../arithmetic/withdraw.js';
import {
  type BankCurrency,
  type BankOption,
  type DepositNetwork,
  DRAW_TYPE,
  type DrawSymbol,
} from '../../schemas/wallet.js';

/** A withdraw kind: 1 coin address, 2 bank account. */
export type DrawType = (typeof DRAW_TYPE)[keyof typeof DRAW_TYPE];

/**
 * Any fee_type other than 1 is a percentage; 2 is the value this mock sends (this project's
 * choice).
 */
export const PERCENT_FEE_TYPE = 2;

/** Coin deposit networks (`quickCharge/symbols`). The addresses are plausible, not real. */
export const DEPOSIT_NETWORKS: readonly DepositNetwork[] = [
  {
    id: 1,
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: 'TMASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4d',
  },
  {
    id: 2,
    currency_code: 'USDT',
    protocol_code: 'ERC20',
    address: '0xc17149d439536b3216fdaeeb975729fae923d5a4',
  },
  {
    id: 3,
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1ql6zy54klay937yrnujckpak28lrdjg0eel92ue',
  },
  {
    id: 4,
    currency_code: 'ETH',
    protocol_code: 'ERC20',
    address: '0x84d8dbc74254770f58904dba41ecccc3fc1626e5',
  },
];

/** Currencies a bank deposit can be made in (`quickCharge/info`). */
export const BANK_DEPOSIT_CURRENCIES: readonly BankCurrency[] = [
  { id: 1, name: 'USD' },
  { id: 2, name: 'EUR' },
  { id: 3, name: 'HKD' },
];

/** A bank account to wire to, and the deposit currency (`bank_coin`) it receives. */
export type BankDepositOption = BankOption & { readonly bank_coin: number };

const REFERENCE_REMARK = 'Put your UID in the transfer reference so we can match the payment.';

/** Bank accounts to wire to (`quickCharge/wire_info`), by deposit currency. */
export const BANK_OPTIONS: readonly BankDepositOption[] = [
  {
    id: 1,
    bank_coin: 1,
    bank_name: 'First Harbor Bank',
    bank_address: '100 Market Street, San Francisco, CA 94105, USA',
    bank_swift: 'FHBKUS6S',
    payee_name: 'Pipstream Markets Ltd',
    payee_account: '4410009877660012',
    bank_remark: REFERENCE_REMARK,
  },
  {
    id: 2,
    bank_coin: 1,
    bank_name: 'Atlantic Trust Company',
    bank_address: '55 Water Street, New York, NY 10041, USA',
    bank_swift: 'ATLTUS33',
    payee_name: 'Pipstream Markets Ltd',
    payee_account: '0027311945',
    bank_remark: REFERENCE_REMARK,
  },
  {
    id: 3,
    bank_coin: 2,
    bank_name: 'Nordhafen Bank AG',
    bank_address: 'Am Sandtorkai 12, 20457 Hamburg, Germany',
    bank_swift: 'NORHDEHH',
    payee_name: 'Pipstream Markets Europe GmbH',
    payee_account: 'DE44500105175407324931',
    bank_remark: REFERENCE_REMARK,
  },
  {
    id: 4,
    bank_coin: 3,
    bank_name: 'Victoria Harbour Bank',
    bank_address: '1 Connaught Place, Central, Hong Kong',
    bank_swift: 'VHBKHKHH',
    payee_name: 'Pipstream Markets (HK) Ltd',
    payee_account: '012-345-678901-2',
    bank_remark: REFERENCE_REMARK,
  },
];

/** A withdraw currency and the kind of method (coin address or bank account) it pays to. */
export type WithdrawCurrency = DrawSymbol & { readonly type: DrawType };

/**
 * Withdraw currencies (`draw_symbol_list`): both fee types, in coin and bank. The amount asked is
 * in the account currency (USD) and so is the fee; `usd_price` is what one USD buys of the payout
 * currency, so received = (amount − fee) × usd_price is in that currency (this project's reading,
 * the one the withdraw arithmetic documents). Coin ids start at 1,
 * bank ids at 11, so a currency of the wrong kind is never mistaken for one of the right kind.
 */
export const WITHDRAW_CURRENCIES: readonly WithdrawCurrency[] = [
  coin(1, 'USDT', 'TRC20', WITHDRAW_FEE_TYPE.FIXED, '1', '1'),
  coin(2, 'USDT', 'ERC20', WITHDRAW_FEE_TYPE.FIXED, '5', '1'),
  coin(3, 'BTC', 'BTC', PERCENT_FEE_TYPE, '0.5', '0.0000154'),
  coin(4, 'ETH', 'ERC20', PERCENT_FEE_TYPE, '0.8', '0.000294'),
  bank(11, 'USD', PERCENT_FEE_TYPE, '1', '1'),
  bank(12, 'EUR', PERCENT_FEE_TYPE, '1.5', '0.93'),
  bank(13, 'HKD', WITHDRAW_FEE_TYPE.FIXED, '3', '7.8'),
];

function coin(
  id: number,
  code: string,
  protocol: string,
  fee_type: number,
  draw_rate: string,
  usd_price: string,
): WithdrawCurrency {
  return { id, type: DRAW_TYPE.COIN, code, protocol, fee_type, draw_rate, usd_price };
}

/** Bank currencies have no chain: their `protocol` is empty. */
function bank(
  id: number,
  code: string,
  fee_type: number,
  draw_rate: string,
  usd_price: string,
): WithdrawCurrency {
  return { id, type: DRAW_TYPE.BANK, code, protocol: '', fee_type, draw_rate, usd_price };
}

/** The coin deposit network `id`, if offered. */
export function depositNetwork(id: number): DepositNetwork | undefined {
  return DEPOSIT_NETWORKS.find((network) => network.id === id);
}

/** The bank deposit currency `id`, if offered. */
export function bankDepositCurrency(id: number): BankCurrency | undefined {
  return BANK_DEPOSIT_CURRENCIES.find((currency) => currency.id === id);
}

/** The bank account `id` to wire to, if offered. */
export function bankOption(id: number): BankDepositOption | undefined {
  return BANK_OPTIONS.find((option) => option.id === id);
}

/** The withdraw currency `id`, if offered. */
export function withdrawCurrency(id: number): WithdrawCurrency | undefined {
  return WITHDRAW_CURRENCIES.find((currency) => currency.id === id);
}
