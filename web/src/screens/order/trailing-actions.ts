/**
 * Setting or turning off a holding's trailing stop from the TP/SL sheet: kept on the device
 * (state/trailing-stops.ts), told in a toast when it is all the sheet changed. Its own module,
 * so the chart's order actions do not load the book's schemas.
 */
import type { Order, TrailingChoice } from '@pipstream/protocol';
import { i18n } from '../../i18n/index.js';
import { trailingBook } from '../../state/trailing-stops.js';
import { showToast } from '../../state/ui.js';

/**
 * Keeps `choice` as `order`'s trailing stop (`null`: off); `tell` says so in a toast. False when
 * the device keeps no more (the trader is told).
 */
export function saveTrailing(order: Order, choice: TrailingChoice | null, tell: boolean): boolean {
  if (!trailingBook.set(order.Id, choice)) {
    showToast(i18n.t('web.trailing.full'), 'error');
    return false;
  }
  if (tell) {
    showToast(i18n.t(choice ? 'web.trailing.saved' : 'web.trailing.turned_off'), 'success');
  }
  return true;
}
