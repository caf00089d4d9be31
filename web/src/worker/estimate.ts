/**
 * The live model's order estimate: the margin and fee of the order being typed, at the live
 * price (or a pending order's target), and whether the account can afford them.
 */
import {
  type AccountFigures,
  canAfford,
  formatFee,
  formatMargin,
  ORDER_MODE,
  orderFee,
  orderMargin,
} from '@pipstream/protocol';
import type { EstimateView } from './batch.js';
import type { ChangeSet } from './changes.js';
import type { InstrumentTerms } from './quotes.js';

/** What the order form holds that the estimate depends on (trade_fee_type is set apart). */
export interface OrderForm {
  instrumentId: number;
  lots: number;
  /** Ignored for MarginMode 1 instruments. */
  leverage: number;
  /** ORDER_MODE: 1 market, 0 pending at `targetPrice`. */
  mode: (typeof ORDER_MODE)[keyof typeof ORDER_MODE];
  /** A pending order's price; 0 while none is typed. */
  targetPrice: number;
}

export interface EstimateOptions {
  readonly changes: ChangeSet;
  readonly instrument: (id: number) => InstrumentTerms | undefined;
  /** The live price of an instrument, if any. */
  readonly close: (id: number) => number | undefined;
}

export function createEstimate({ changes, instrument: instrumentOf, close }: EstimateOptions) {
  /** Until the base settings say otherwise: any value but 1 charges the fee on the margin. */
  let tradeFeeType = 0;
  let form: OrderForm | null = null;

  /** The price an estimate is computed at: a pending order's target once typed, else the live one. */
  function estimatePrice(order: OrderForm): number | undefined {
    if (order.mode === ORDER_MODE.PENDING && order.targetPrice > 0) return order.targetPrice;
    return close(order.instrumentId);
  }

  return {
    /** Whether a form is shown at all. */
    get shown(): boolean {
      return form !== null;
    },

    /** Whether the form is on `instrumentId`: its ticks move the estimate. */
    isOn(instrumentId: number): boolean {
      return form?.instrumentId === instrumentId;
    },

    /** The site's trade_fee_type (docs/product.md#entities base settings). */
    setFeeType(value: number): void {
      tradeFeeType = value;
      changes.estimate = true;
    },

    /** The order form's fields, or `null` when no form is shown. */
    setForm(value: OrderForm | null): void {
      form = value === null ? null : { ...value };
      changes.estimate = true;
    },

    view(account: AccountFigures | null): EstimateView | null {
      if (form === null) return null;
      const instrument = instrumentOf(form.instrumentId);
      const price = estimatePrice(form);
      if (instrument === undefined || price === undefined || !(form.lots > 0)) return null;
      let margin: number;
      try {
        margin = orderMargin(instrument, form.lots, price, form.leverage);
      } catch {
        // No usable leverage, or a fixed-margin instrument without its amount: nothing to estimate.
        return null;
      }
      const fee = orderFee(instrument, tradeFeeType, form.lots, margin);
      return {
        instrumentId: form.instrumentId,
        price,
        margin,
        fee,
        marginText: formatMargin(margin),
        feeText: formatFee(fee),
        affordable: account === null ? null : canAfford({ ...account, margin, fee }),
      };
    },
  };
}
