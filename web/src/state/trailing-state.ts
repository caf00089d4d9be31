/**
 * The logged-in account's trailing stops as the screens show them (a row's badge, the chart's
 * stop-loss line), kept apart from their book (trailing-stops.ts), so showing them loads none
 * of the schemas that guard the device's copy.
 */
import type { TrailingChoice } from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';

export interface TrailingState {
  /** The logged-in account's trailing stops, by order id; replaced whole on each change. */
  byOrder: Readonly<Record<number, TrailingChoice>>;
}

/** The app's trailing stops. */
export const trailingStops = proxy<TrailingState>({ byOrder: ref({}) });
