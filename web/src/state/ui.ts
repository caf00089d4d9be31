import { proxy } from 'valtio/vanilla';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly text: string;
  readonly tone: ToastTone;
}

/**
 * A price a question shows live: the instrument's executable price as it ticks, and the range
 * the trader's deviation lets it fill in. The one on screen when they confirm is the answer.
 */
export interface AskedPrice {
  readonly instrumentId: number;
  readonly pricePrecision: number;
  /** The deviation accepted, in pips (arithmetic/execution.ts). */
  readonly deviationPips: number;
}

/**
 * Something a question shows whole, every character, however long: an address or an account
 * number, wrapped and grouped for reading.
 */
export interface AskedDestination {
  readonly label: string;
  /** Shown as it is, above the grouped value (a bank's name); may be empty. */
  readonly name: string;
  readonly value: string;
}

/** A confirmation waiting for the user's answer; the texts are already translated. */
export interface ConfirmRequest {
  readonly id: number;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  /** The confirm button reads as destructive (delete, log out). */
  readonly danger: boolean;
  /** Said before the question, as an alert: why it is asked again (a requote). */
  readonly notice?: string;
  readonly price?: AskedPrice;
  readonly destination?: AskedDestination;
}

export interface UiState {
  toasts: Toast[];
  /** Calls that show the loading indicator and have not ended yet. */
  loading: number;
  /** Open confirmations, oldest first; the first one is shown. */
  confirms: ConfirmRequest[];
}

/** How long a toast stays (this project's choice: long enough to read two short lines). */
export const TOAST_MS = 2500;
/** At most this many toasts at once; the oldest go first. */
const MAX_TOASTS = 3;

export const ui = proxy<UiState>({ toasts: [], loading: 0, confirms: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** Each open question's answer: confirmed (with the price on show, for a price question) or not. */
const answers = new Map<number, (ok: boolean, price?: number) => void>();

/**
 * Shows a toast for `ms` (default `TOAST_MS`). The same text already on screen is kept once and
 * its time restarted, so a burst of identical failures reads as one message.
 */
export function showToast(text: string, tone: ToastTone = 'info', ms = TOAST_MS): number {
  const same = ui.toasts.find((toast) => toast.text === text && toast.tone === tone);
  const id = same?.id ?? nextId++;
  if (!same) {
    ui.toasts.push({ id, text, tone });
    while (ui.toasts.length > MAX_TOASTS) {
      const oldest = ui.toasts[0];
      if (oldest) dismissToast(oldest.id);
    }
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
  return id;
}

/** Removes a toast now. */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const at = ui.toasts.findIndex((toast) => toast.id === id);
  if (at !== -1) ui.toasts.splice(at, 1);
}

/** One more call shows the loading indicator. */
export function beginLoading(): void {
  ui.loading += 1;
}

/** One call that showed the loading indicator ended; the indicator hides at zero. */
export function endLoading(): void {
  ui.loading = Math.max(0, ui.loading - 1);
}

/**
 * Asks the user to confirm; resolves true on confirm, false on cancel. Texts are translated by
 * the caller.
 */
export function confirm(request: Omit<ConfirmRequest, 'id'>): Promise<boolean> {
  const id = nextId++;
  ui.confirms.push({ ...request, id });
  return new Promise((resolve) => answers.set(id, resolve));
}

/**
 * Asks the user to confirm at a live price (`request.price`); resolves the price on show when
 * they confirmed — what they agreed to — or `null` on cancel.
 */
export function confirmAtPrice(
  request: Omit<ConfirmRequest, 'id' | 'price'> & { readonly price: AskedPrice },
): Promise<number | null> {
  const id = nextId++;
  ui.confirms.push({ ...request, id });
  return new Promise((resolve) =>
    answers.set(id, (ok, price) => resolve(ok && price !== undefined ? price : null)),
  );
}

/** Closes confirmation `id` with the user's answer (and, for a price question, the price shown). */
export function answerConfirm(id: number, ok: boolean, price?: number): void {
  const at = ui.confirms.findIndex((request) => request.id === id);
  if (at !== -1) ui.confirms.splice(at, 1);
  answers.get(id)?.(ok, price);
  answers.delete(id);
}
