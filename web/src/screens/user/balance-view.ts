import { type Displayable, formatBalance } from '@pipstream/protocol';
import { type KeyValueStorage, readJson, writeJson } from '../../state/storage.js';
import { HIDDEN_AMOUNT, NO_AMOUNT } from './amounts.js';

/**
 * Where the balance card's hide/show choice is kept. docs/product.md#routes asks for the toggle
 * only; keeping the choice across visits on this device is this project's choice (a user who hides
 * the balance in public expects it to stay hidden).
 */
export const BALANCE_HIDDEN_KEY = 'pipstream.balance_hidden';

/** Whether the user chose to hide the balance on this device (shown unless they did). */
export function readBalanceHidden(storage: KeyValueStorage | undefined): boolean {
  return readJson(storage, BALANCE_HIDDEN_KEY) === true;
}

/** Keeps the hide/show choice; showing again removes the entry. */
export function writeBalanceHidden(storage: KeyValueStorage | undefined, hidden: boolean): void {
  writeJson(storage, BALANCE_HIDDEN_KEY, hidden ? true : null);
}

/**
 * A figure of the balance card: masked when hidden, "--" while not known, else 2 decimals
 * (docs/product.md#constants, through the protocol's display rounding).
 */
export function balanceFigure(value: Displayable, hidden: boolean): string {
  if (hidden) return HIDDEN_AMOUNT;
  if (value === null || value === undefined) return NO_AMOUNT;
  return formatBalance(value);
}
