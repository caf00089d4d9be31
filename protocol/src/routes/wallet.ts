import { z } from 'zod';
import { pagedSchema, pageSchema, wireChoice, wireInt } from '../schemas/primitives.js';
import {
  accountSummarySchema,
  DRAW_TYPE,
  drawSymbolSchema,
  ledgerPageSchema,
  walletBalanceSchema,
  withdrawMethodSchema,
  withdrawRecordSchema,
} from '../schemas/wallet.js';
import { defineRoute } from './define.js';
import { ack, idField, noPayload, optionalText, positiveAmount } from './shared.js';

export const getBalance = defineRoute({
  method: 'GET',
  path: '/v1/api/main/wallet/getBalance',
  summary: 'The balance of the logged-in account.',
  request: noPayload,
  response: walletBalanceSchema,
});

export const forexDetail = defineRoute({
  method: 'GET',
  path: '/v1/api/main/account/forexDetail',
  summary: 'Account summary: balance and frozen balance.',
  request: noPayload,
  response: accountSummarySchema,
});

export const forexChange = defineRoute({
  method: 'GET',
  path: '/v1/api/main/accountLog/forexChange',
  summary: 'The ledger, newest first, paged: a row for every balance change.',
  request: z.object({ page: pageSchema }),
  response: ledgerPageSchema,
});

const drawType = () => wireChoice([DRAW_TYPE.COIN, DRAW_TYPE.BANK]);

export const drawSymbolList = defineRoute({
  method: 'GET',
  path: '/api/account/draw_symbol_list',
  access: 'real',
  summary: 'Withdraw currencies of a kind (1 coin, 2 bank) with fee rule and USD price.',
  request: z.object({ type: drawType() }),
  response: z.array(drawSymbolSchema),
});

export const draw = defineRoute({
  method: 'POST',
  path: '/api/account/draw',
  access: 'real',
  summary: 'Requests a withdrawal to a bound method; the amount is frozen until reviewed.',
  request: z.object({
    draw_currency_id: wireInt(1),
    number: positiveAmount(),
    memo: optionalText(200),
    draw_method_id: wireInt(1),
  }),
  response: ack,
  toastOnSuccess: true,
  showsLoading: true,
});

export const drawList = defineRoute({
  method: 'GET',
  path: '/api/account/draw_list',
  access: 'real',
  summary: 'Withdrawal records of a tab (type = tab + 1: 1 coin, 2 bank), newest first.',
  request: z.object({ type: drawType(), page: pageSchema }),
  // The product leaves the answer open; this project's choice: the paged {data, total} of the
  // other lists.
  response: pagedSchema(withdrawRecordSchema),
});

export const getDrawMethod = defineRoute({
  method: 'GET',
  path: '/api/wallet/get_draw_method',
  access: 'real',
  summary: 'Bound payout methods of a kind (1 address, 2 bank), optionally of one currency.',
  request: z.object({ draw_type: drawType(), draw_id: wireInt(1).optional() }),
  response: z.array(withdrawMethodSchema),
});

export const bindDrawMethod = defineRoute({
  method: 'POST',
  path: '/api/wallet/bind_draw_method',
  access: 'real',
  summary: 'Binds a coin address (type 1: dc_address) or a bank account (type 2: bank fields).',
  request: z
    .object({
      type: drawType(),
      draw_id: wireInt(1),
      dc_address: optionalText(128),
      bank_name: optionalText(128),
      bank_address: optionalText(256),
      bank_swift: optionalText(16),
      payee_name: optionalText(128),
      payee_account: optionalText(64),
    })
    .superRefine((value, ctx) => {
      const required =
        value.type === DRAW_TYPE.COIN
          ? (['dc_address'] as const)
          : (['bank_name', 'payee_name', 'payee_account'] as const);
      for (const field of required) {
        if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
      }
    }),
  response: ack,
  toastOnSuccess: true,
});

export const delDrawMethod = defineRoute({
  method: 'POST',
  path: '/api/wallet/del_draw_method',
  access: 'real',
  summary: 'Unbinds a payout method of the logged-in user.',
  request: idField(),
  response: ack,
  toastOnSuccess: true,
});

export const walletRoutes = {
  getBalance,
  forexDetail,
  forexChange,
  drawSymbolList,
  draw,
  drawList,
  getDrawMethod,
  bindDrawMethod,
  delDrawMethod,
} as const;
