/**
 * The order details remembered on this device (localStorage), one entry per instrument and
 * account kind (docs/product.md#order-details): read back through their shape, so broken or old
 * entries read as none, and the form starts from its defaults.
 */
import '../schema-policy.js';
import {
  type KeptOrderDetails,
  MAX_KEPT_ORDER_DETAILS,
  type OrderDetails,
  type OrderDetailsAccount,
  readStoredOrderDetails,
} from '@pipstream/protocol';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from './storage.js';

export const ORDER_DETAILS_KEY = 'pipstream.order-details';

export function createOrderDetailsBook(storage: KeyValueStorage | undefined) {
  /** Read afresh each time: another tab may have changed them, and a read is one small entry. */
  const all = () => readStoredOrderDetails(readJson(storage, ORDER_DETAILS_KEY));
  const same = (entry: KeptOrderDetails, account: OrderDetailsAccount, instrumentId: number) =>
    entry.account === account && entry.instrumentId === instrumentId;

  return {
    /** What was last chosen for `instrumentId` on this kind of account, if anything. */
    get(account: OrderDetailsAccount, instrumentId: number): OrderDetails | undefined {
      const entry = all().find((kept) => same(kept, account, instrumentId));
      if (!entry) return undefined;
      const { account: _, instrumentId: __, ...details } = entry;
      return details;
    },

    /** Remembers `details` for `instrumentId`: the latest first, the oldest dropped at the cap. */
    keep(account: OrderDetailsAccount, instrumentId: number, details: OrderDetails): void {
      const others = all().filter((kept) => !same(kept, account, instrumentId));
      const next = [{ ...details, account, instrumentId }, ...others];
      writeJson(storage, ORDER_DETAILS_KEY, next.slice(0, MAX_KEPT_ORDER_DETAILS));
    },
  };
}

export type OrderDetailsBook = ReturnType<typeof createOrderDetailsBook>;

/** The page's book. */
export const orderDetailsBook = createOrderDetailsBook(browserStorage());
