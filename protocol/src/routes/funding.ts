import { z } from 'zod';
import {
  pagedSchema,
  pageSchema,
  requiredText,
  wireChoice,
  wireInt,
} from '../schemas/primitives.js';
import {
  bankCurrencySchema,
  bankOptionSchema,
  depositNetworkSchema,
  depositRecordSchema,
  FUNDS_TAB,
} from '../schemas/wallet.js';
import { defineRoute } from './define.js';
import { ack, noPayload, positiveAmount } from './shared.js';

/*
 * The quickCharge family (GET /api/quickCharge/info, /submit, /wire_submit, /symbols,
 * /wire_info, /quick_ist). The product gives the payloads but not which path carries each; the
 * mapping below is this project's choice (docs/product.md#calls), and every call is a GET.
 */

/** A proof image: the URL `image_upload` returned. */
const proofImg = () => requiredText(2048);

export const chargeSymbols = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/symbols',
  access: 'real',
  summary: 'Coin deposit networks: currency, chain protocol and the address to pay to.',
  request: noPayload,
  response: z.array(depositNetworkSchema),
});

export const chargeInfo = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/info',
  access: 'real',
  summary: 'Currencies a bank deposit can be made in.',
  request: noPayload,
  response: z.array(bankCurrencySchema),
});

export const chargeWireInfo = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/wire_info',
  access: 'real',
  summary: 'Bank accounts to wire to, for the deposit currency `bank_coin`.',
  request: z.object({ bank_coin: wireInt(1) }),
  response: z.array(bankOptionSchema),
});

export const chargeSubmit = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/submit',
  access: 'real',
  summary: 'Declares a coin deposit (amount, proof, address paid to, network); pending review.',
  request: z.object({
    number: positiveAmount(),
    proofImg: proofImg(),
    address: requiredText(128),
    charge_id: wireInt(1),
  }),
  response: ack,
  toastOnSuccess: true,
  showsLoading: true,
});

export const chargeWireSubmit = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/wire_submit',
  access: 'real',
  summary: 'Declares a bank deposit (amount, proof, bank account wired to); pending review.',
  request: z.object({ number: positiveAmount(), proofImg: proofImg(), wire_id: wireInt(1) }),
  response: ack,
  toastOnSuccess: true,
  showsLoading: true,
});

export const chargeHistory = defineRoute({
  method: 'GET',
  path: '/api/quickCharge/quick_ist',
  access: 'real',
  summary: 'Deposit records of a tab (0 coin, 1 bank), newest first: data.data, data.total.',
  request: z.object({ type: wireChoice([FUNDS_TAB.COIN, FUNDS_TAB.BANK]), page: pageSchema }),
  response: pagedSchema(depositRecordSchema),
});

export const fundingRoutes = {
  chargeSymbols,
  chargeInfo,
  chargeWireInfo,
  chargeSubmit,
  chargeWireSubmit,
  chargeHistory,
} as const;
