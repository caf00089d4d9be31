/**
 * Price alerts: what a trader asks to be told about one instrument, as kept on the device and
 * handed to the live worker. Nothing here crosses the network; the shapes guard what comes back
 * from the device's storage, which an older version or another tab may have written.
 */
import { z } from 'zod';
import { readKeptList } from './kept.js';

/** At most this many alerts are kept on a device (this project's choice). */
export const MAX_ALERTS = 50;

/** A level to watch: a positive, finite price. */
const alertPrice = () => z.number().finite().positive('a price above 0');

/**
 * What an alert waits for: the price at or above a level, at or below one, or the day's change
 * (since the open, either way) reaching a percentage.
 */
export const alertConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('above'), price: alertPrice() }),
  z.object({ kind: z.literal('below'), price: alertPrice() }),
  z.object({
    kind: z.literal('move'),
    percent: z.number().finite().positive('more than 0 %').max(100, 'at most 100 %'),
  }),
]);
export type AlertCondition = z.output<typeof alertConditionSchema>;
export type AlertKind = AlertCondition['kind'];

/** The three kinds, in the order a form offers them. */
export const ALERT_KINDS = ['above', 'below', 'move'] as const satisfies readonly AlertKind[];

/** One alert as the device keeps it. */
export const priceAlertSchema = z.object({
  /** Made on the device; unique among its alerts. */
  id: z.string().min(1).max(64),
  instrumentId: z.number().int().positive(),
  /** The instrument's name as shown when the alert was set, for a list read before the trade list. */
  code: z.string().min(1).max(32),
  /** Its prices' decimals (PricePrecision) when it was set, so the list reads them alike. */
  precision: z.number().int().min(0).max(12),
  condition: alertConditionSchema,
  /** When it was set or last changed (ms since the epoch). */
  createdAt: z.number().int().nonnegative(),
  /** When it fired (ms since the epoch); `null` while armed. It fires once. */
  firedAt: z.number().int().nonnegative().nullable(),
});
export type PriceAlert = z.output<typeof priceAlertSchema>;

/** The alerts handed to the live worker: every armed one, at most `MAX_ALERTS`. */
export const armedAlertsSchema = z.array(priceAlertSchema).max(MAX_ALERTS);

/** What the worker tells when an alert fires: the alert, and the quote that reached it. */
export const firedAlertSchema = z.object({
  id: priceAlertSchema.shape.id,
  instrumentId: priceAlertSchema.shape.instrumentId,
  condition: alertConditionSchema,
  /** The price that reached it. */
  price: z.number().finite(),
  /** The day's change at that moment, percent. */
  change: z.number().finite(),
  /** When (ms since the epoch). */
  at: z.number().int().nonnegative(),
});
export type FiredAlert = z.output<typeof firedAlertSchema>;

/**
 * The alerts read back from the device: each entry that fails its shape (or repeats an id) is
 * dropped, never the whole list, and anything that is not a list reads as none.
 */
export function readStoredAlerts(stored: unknown): PriceAlert[] {
  return readKeptList(stored, priceAlertSchema, (alert) => alert.id, MAX_ALERTS);
}
