/**
 * A horizontal line made a price alert in one tap, through the same book and the same checks as
 * the alert editor (alert-form.ts, state/alerts.ts): above the price it is a "rises to" alert,
 * below it a "falls to" one, and the live worker fires it like any other.
 */
import { type AlertQuote, formatPrice, MAX_ALERTS } from '@pipstream/protocol';
import type { TFunction } from 'i18next';
import { alertBook } from '../../../../state/alerts.js';
import { readAlertForm } from '../../../alerts/alert-form.js';

export interface AlertInstrument {
  readonly id: number;
  /** The name the alert is told by (ShowCode). */
  readonly code: string;
  readonly precision: number;
}

/** Sets the alert; returns what to tell the trader and whether it was set. */
export function alertAtLine(
  instrument: AlertInstrument,
  price: number,
  quote: AlertQuote | undefined,
  t: TFunction,
): { readonly ok: boolean; readonly text: string } {
  const kind = quote !== undefined && price < quote.close ? 'below' : 'above';
  const read = readAlertForm(kind, formatPrice(price, instrument.precision), quote);
  if ('error' in read) {
    const text =
      read.error === 'no_quote'
        ? t('web.alerts.errors.no_quote')
        : read.error === 'price'
          ? t('web.alerts.errors.price')
          : t('web.alerts.errors.reached');
    return { ok: false, text };
  }
  if (alertBook.save(instrument, read.condition) === 'full') {
    return { ok: false, text: t('web.alerts.errors.full', { max: MAX_ALERTS }) };
  }
  return { ok: true, text: t('web.alerts.saved') };
}
