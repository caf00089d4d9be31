/**
 * The words of a price alert, and its announcement when it fires: a toast in the app and, when
 * the trader allowed it, a system notification (notifications.ts).
 */
import {
  type AlertCondition,
  type FiredAlert,
  formatPrice,
  type PriceAlert,
} from '@pipstream/protocol';
import { formatterOf } from '../i18n/format.js';
import { i18n } from '../i18n/index.js';
import { market } from './market.js';
import { notify } from './notifications.js';
import { settings } from './settings.js';
import { showToast } from './ui.js';

/** How long a fired alert's toast stays: it is news the trader asked for. */
export const ALERT_TOAST_MS = 8000;

/** The locale key of each condition's words (spelled out for the locale check). */
const CONDITION_TEXT = {
  above: 'web.alerts.condition.above',
  below: 'web.alerts.condition.below',
  move: 'web.alerts.condition.move',
} as const;

/**
 * A price of an alert's instrument at its precision (as listed now, else as when the alert was
 * set), as the chosen language writes it.
 */
export function alertPriceText(
  alert: Pick<PriceAlert, 'instrumentId' | 'precision'>,
  price: number,
): string {
  const instrument = market.instruments.find((entry) => entry.Id === alert.instrumentId);
  const precision = instrument?.PricePrecision ?? alert.precision;
  return formatterOf(settings.language).decimal(formatPrice(price, precision));
}

/** "EURUSD at or above 1.2000", "EURUSD moves 2 % today", in the chosen language. */
export function conditionText(
  alert: Pick<PriceAlert, 'instrumentId' | 'code' | 'precision'>,
  condition: AlertCondition,
): string {
  const code = alert.code;
  if (condition.kind === 'move') {
    const percent = formatterOf(settings.language).decimal(String(condition.percent));
    return i18n.t(CONDITION_TEXT.move, { code, percent });
  }
  return i18n.t(CONDITION_TEXT[condition.kind], {
    code,
    price: alertPriceText(alert, condition.price),
  });
}

/** The announcement of a fired alert: what it waited for, and the price that reached it. */
export function firedText(fired: FiredAlert, alert: PriceAlert): string {
  return i18n.t('web.alerts.fired', {
    condition: conditionText(alert, fired.condition),
    price: alertPriceText(alert, fired.price),
  });
}

/** Tells the trader that `alert` fired: a toast, and a system notification where allowed. */
export function announceAlert(fired: FiredAlert, alert: PriceAlert): void {
  const text = firedText(fired, alert);
  showToast(text, 'info', ALERT_TOAST_MS);
  notify(i18n.t('web.alerts.title'), text, `alert-${alert.id}`);
}
