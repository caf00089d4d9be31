/**
 * Which price alert the editor shows: a new one for an instrument, or one kept on the device.
 * Apart from the alerts themselves (alerts.ts, which checks what the device kept against its
 * shape), so a quote row can open the editor without loading that check.
 */
import { proxy } from 'valtio/vanilla';

export interface AlertEditorState {
  /** `null` while the editor is closed. */
  target: { readonly instrumentId: number; readonly alertId?: string } | null;
}

export const alertEditor = proxy<AlertEditorState>({ target: null });

/** Opens the editor on a new alert for `instrumentId`, or on the alert `alertId`. */
export function openAlertEditor(instrumentId: number, alertId?: string): void {
  alertEditor.target = alertId === undefined ? { instrumentId } : { instrumentId, alertId };
}

export function closeAlertEditor(): void {
  alertEditor.target = null;
}
