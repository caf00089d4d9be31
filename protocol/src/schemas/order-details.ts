/**
 * The order details a device remembers per instrument (docs/product.md#order-details): the lots,
 * leverage and order type last chosen, and whether a stop loss and a take profit were on, with
 * their distance from the price the order opens at, in pips (never the price itself, which goes
 * stale). Kept apart for demo and real accounts. Nothing here crosses the network; the shapes
 * guard what comes back from the device's storage, which an older version or another tab may
 * have written.
 */
import { z } from 'zod';
import { readKeptList } from './kept-list.js';
import { ORDER_MODE } from './order.js';

/** At most this many instruments' details are kept on a device, the latest first. */
export const MAX_KEPT_ORDER_DETAILS = 200;

/** The accounts whose details are kept apart: practice sizes never carry into real money. */
export const ORDER_DETAILS_ACCOUNTS = ['demo', 'real'] as const;
export type OrderDetailsAccount = (typeof ORDER_DETAILS_ACCOUNTS)[number];

/** The farthest a kept level may be from the price, either way, in pips (this project's bound). */
export const MAX_LEVEL_PIPS = 100_000;

/** Whether `value` is written with at most one decimal (float noise aside). */
const inTenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/**
 * A level's distance from the price the order opens at, in pips to a tenth, signed: below the
 * price is negative (a buy's stop loss), above it positive. Not zero: a level on the price
 * closes the order at once.
 */
const levelPips = z
  .number()
  .finite()
  .min(-MAX_LEVEL_PIPS)
  .max(MAX_LEVEL_PIPS)
  .refine((pips) => pips !== 0, 'not on the price')
  .refine(inTenths, 'pips to a tenth');

/** One level as kept: on or off, and its distance once one was set. */
const keptLevelSchema = z.object({
  on: z.boolean(),
  pips: levelPips.nullable(),
});
export type KeptLevel = z.output<typeof keptLevelSchema>;

/** What the trader chose for one instrument. */
export const orderDetailsSchema = z.object({
  lots: z.number().finite().positive().max(1_000_000),
  /** `null` for an instrument that offers none. */
  leverage: z.number().int().positive().nullable(),
  mode: z.union([z.literal(ORDER_MODE.MARKET), z.literal(ORDER_MODE.PENDING)]),
  stopLoss: keptLevelSchema,
  takeProfit: keptLevelSchema,
});
export type OrderDetails = z.output<typeof orderDetailsSchema>;

/** One instrument's details as the device keeps them. */
export const keptOrderDetailsSchema = orderDetailsSchema.extend({
  account: z.enum(ORDER_DETAILS_ACCOUNTS),
  instrumentId: z.number().int().positive(),
});
export type KeptOrderDetails = z.output<typeof keptOrderDetailsSchema>;

/**
 * The details read back from the device: each entry that fails its shape (or repeats an
 * account's instrument) is dropped, never the whole list, and anything that is not a list reads
 * as none.
 */
export function readStoredOrderDetails(stored: unknown): KeptOrderDetails[] {
  return readKeptList(
    stored,
    keptOrderDetailsSchema,
    (entry) => `${entry.account}:${entry.instrumentId}`,
    MAX_KEPT_ORDER_DETAILS,
  );
}
