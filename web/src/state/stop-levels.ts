/**
 * Sending a holding's take profit and stop loss (`set_stop_price`, which always sets both): the
 * trader's sheet and chart, and the trailing stop, through one door. Calls for one order go one
 * after another, and the levels a call saved are remembered for a while, so a trailing move
 * sent right after the trader saved a take profit sends that one, not the one the orders were
 * last read with.
 */
import { api } from '../api/index.js';

export interface StopLevels {
  readonly takeProfit: number;
  readonly stopLoss: number;
}

/**
 * How long saved levels outrank the orders as read (this project's choice): longer than a read
 * takes, shorter than the account feed's period, so a change made on another device since is
 * sent back as it stands.
 */
export const SAVED_LEVELS_MS = 15_000;

/** The call of each order running now (the last queued). */
const running = new Map<number, Promise<unknown>>();
/** The levels each order's last call saved, and when. */
const saved = new Map<number, StopLevels & { readonly at: number }>();

/**
 * Sets `orderId`'s levels (0 turns one off), after any call for that order still on its way.
 * `quiet`: the caller tells the outcome in its own words (no toast). Rejects as the call does.
 */
export function setStopLevels(
  orderId: number,
  levels: StopLevels,
  { quiet = false }: { readonly quiet?: boolean } = {},
): Promise<void> {
  const before = running.get(orderId) ?? Promise.resolve();
  const call = before
    .catch(() => undefined)
    .then(() =>
      api.call(
        'setStopPrice',
        {
          id: orderId,
          target_profit_price: levels.takeProfit,
          stop_loss_price: levels.stopLoss,
        },
        { quiet },
      ),
    )
    .then(() => {
      saved.set(orderId, { ...levels, at: Date.now() });
    });
  running.set(orderId, call);
  const done = () => {
    if (running.get(orderId) === call) running.delete(orderId);
  };
  call.then(done, done);
  return call;
}

/** The take profit to send with a new stop loss: the one saved last if recent, else `read`. */
export function takeProfitToKeep(orderId: number, read: number): number {
  const last = saved.get(orderId);
  if (last === undefined) return read;
  if (Date.now() - last.at > SAVED_LEVELS_MS) {
    saved.delete(orderId);
    return read;
  }
  return last.takeProfit;
}
